// What check-tarballs and check-readme-installs share: the three packages packed as `npm pack` publishes them,
// and an older Node from the npm registry (the `node` package, whose install script brings the platform's
// binary from the registry too), each into a throwaway folder that the caller removes.
//
// In CI (`.ci/run` sets MERCHANT_GATEWAY_CI_SHARED to a folder of its own) both are made once and shared: the
// packages are packed right after their build (check:packages, whose attw reads the tarballs), Node 22 is
// installed by the first check that needs it, and the later steps (check:tarballs, check:installs, the npx test
// of `npm test`) take them from that folder. CI runs those steps one after the other, never two at once.
//
// `run(title, command, args, options)` is the caller's: it runs one step, records a failure under `title`, and
// returns `{ status, stdout, stderr }` (or a promise of it).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
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
/** CI's folder for what its steps share (see the header); undefined outside CI. */
export const SHARED = process.env.MERCHANT_GATEWAY_CI_SHARED || undefined

/**
 * `npm pack` of each package's current dist/ (build first) into `dest`: `{ contract: '/…/…-0.1.0.tgz', … }`.
 * In CI, into the shared folder instead, once: the tarballs packed there by an earlier step are returned as they are.
 */
export async function packPackages(dest, run) {
  const folder = SHARED ? join(SHARED, 'packs') : dest
  const list = join(folder, 'packs.json')
  if (SHARED && existsSync(list)) return JSON.parse(readFileSync(list, 'utf8'))
  mkdirSync(folder, { recursive: true })
  const tarballs = {}
  for (const name of PACKAGES) {
    const result = await run(`npm pack ${name}`, 'npm', ['pack', '--pack-destination', folder, '--silent'], {
      cwd: join(root, 'packages', name),
    })
    tarballs[name] = join(folder, result.stdout.trim().split('\n').at(-1))
  }
  // Written last: a list is only there once every tarball is.
  if (PACKAGES.every((name) => existsSync(tarballs[name]))) writeFileSync(list, JSON.stringify(tarballs))
  return tarballs
}

/**
 * Node `major` from the npm registry, installed into the new folder `dir`; returns the path of its binary
 * (`dir/node_modules/.bin/node`, which is also the folder to put first on PATH for npm to run on it) and the
 * version it printed. A failure is recorded by `run`; a wrong version is returned as `problem`. In CI, into the
 * shared folder instead, once: a Node installed there by an earlier step is returned as it is.
 */
export async function installNode(dir, major, run) {
  if (SHARED) {
    // CI: installed once, by the first step that needs it.
    dir = join(SHARED, `node-${major}`)
    const binary = join(dir, 'node_modules', '.bin', 'node')
    const installed = join(dir, 'installed.json')
    if (existsSync(installed))
      return { binary, version: JSON.parse(readFileSync(installed, 'utf8')), problem: undefined }
    const result = await installNodeInto(dir, major, run)
    if (!result.problem) writeFileSync(installed, JSON.stringify(result.version))
    return result
  }
  return installNodeInto(dir, major, run)
}

async function installNodeInto(dir, major, run) {
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
