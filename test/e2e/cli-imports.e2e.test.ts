/**
 * The CLI starts without msw: it answers through the mock's own dispatcher and never uses an msw handler, and
 * loading msw (with @mswjs/interceptors, tough-cookie, tldts...) cost every start about a quarter of its CPU
 * (docs/architecture.md). Pinned on the CLI bundled from the sources, as the other e2e suites start it;
 * `npm run check:packages` checks the built `dist/cli.js` the same way (tsup's shared chunks could bring msw
 * back through a chunk the CLI shares with the main entry).
 */
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script of the repository, without type declarations
import { mswResolvedByCli } from '../../scripts/lib/cli-msw.mjs'
import { CLI_BUNDLE } from './cli-bundle.js'

describe('the CLI loads no msw module', () => {
  it('neither `--help` nor `serve` (until its banner and a first answer) resolves msw or @mswjs/*', async () => {
    const resolved = (await mswResolvedByCli(CLI_BUNDLE)) as { help: string[]; serve: string[] }
    expect(resolved).toEqual({ help: [], serve: [] })
    // Two CLI starts on a busy machine.
  }, 180_000)
})
