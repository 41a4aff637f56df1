// What check-tarballs and check-readme-installs share: the three packages packed as `npm pack` publishes them,
// and an older Node from the npm registry (the `node` package, whose install script brings the platform's
// binary from the registry too), each into a throwaway folder that the caller removes.
//
// `run(title, command, args, options)` is the caller's: it runs one step, records a failure under `title`, and
// returns `{ status, stdout, stderr }` (or a promise of it).
import { mkdirSync, writeFileSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
/** The environment of the repository's scripts: node_modules/.bin (Node 24) first on PATH, npm quiet. */
export const env = {
  ...process.env,
  PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`,
  npm_config_update_notifier: 'false',
}
export const PACKAGES = ['contract', 'sdk', 'mock']
/** The oldest Node LTS line the packages support (their `engines.node` is >=22.12). */
export const OLDEST_NODE = '22'

/**
 * `npm pack` of each package's current dist/ (build first) into `dest`: `{ contract: '/…/…-0.1.0.tgz', … }`.
 * `--ignore-scripts`: the packages' `prepack` builds them, which the caller has just done.
 */
export async function packPackages(dest, run) {
  mkdirSync(dest, { recursive: true })
  const tarballs = {}
  for (const name of PACKAGES) {
    const args = ['pack', '--ignore-scripts', '--pack-destination', dest, '--silent']
    const result = await run(`npm pack ${name}`, 'npm', args, { cwd: join(root, 'packages', name) })
    tarballs[name] = join(dest, result.stdout.trim().split('\n').at(-1))
  }
  return tarballs
}

/**
 * Node `major` from the npm registry, installed into the new folder `dir`; returns the path of its binary
 * (`dir/node_modules/.bin/node`, which is also the folder to put first on PATH for npm to run on it) and the
 * version it printed. A failure is recorded by `run`; a wrong version is returned as `problem`.
 */
export async function installNode(dir, major, run) {
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: `node-${major}`,
      private: true,
      dependencies: { node: `^${major}` },
      allowScripts: { node: true },
    }),
  )
  await run(`install Node ${major}`, 'npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir })
  const binary = join(dir, 'node_modules', '.bin', 'node')
  const version = (await run(`Node ${major}`, binary, ['--version'], { cwd: dir })).stdout?.trim() ?? ''
  const problem = version.startsWith(`v${major}.`) ? undefined : `Node ${major} did not install (got ${version})`
  return { binary, version, problem }
}
