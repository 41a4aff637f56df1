/**
 * @module test/e2e/global-setup
 * Once per run of the e2e project, before its first file: the CLI bundled from its sources (cli-bundle.ts), so
 * every suite starts the CLI of this very tree without compiling it again in each process.
 */
import { bundleCli } from './cli-bundle.js'

export default async function setup(): Promise<void> {
  await bundleCli()
}
