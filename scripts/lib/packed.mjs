// What check-tarballs and check-readme-installs share: the three packages packed as `npm pack` publishes them,
// and an older Node from the npm registry (the `node` package, whose install script brings the platform's
// binary from the registry too), each into a throwaway folder that the caller removes.
//
// In CI (`.ci/run` sets MERCHANT_GATEWAY_CI_SHARED to a folder of its own) both are made once and shared: the
// packages are built and packed once, by `release:pack` on the fresh checkout (check:release shares its tarballs,
// so that check:packages checks that build and its attw reads them, with no build of its own), Node 22 is
// installed by the first check that needs it, and the later steps (check:tarballs, check:installs, check:vite, the npx
// test of `npm test`) take them from that folder. CI runs those steps one after the other, never two at once.
// check:release also keeps the project it installed for check:tarballs, which would install the same (below).
//
// `run(title, command, args, options)` is the caller's: it runs one step, records a failure under `title`, and
// returns `{ status, stdout, stderr }` (or a promise of it).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
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
const SHARED = process.env.MERCHANT_GATEWAY_CI_SHARED || undefined

/**
 * `npm pack` of each package's current dist/ (build first) into `dest`: `{ contract: '/…/…-0.1.0.tgz', … }`.
 * `--ignore-scripts`: the packages' `prepack` builds them, which the caller has just done.
 * In CI, into the shared folder instead, once: the tarballs packed there by an earlier step are returned as they are.
 */
export async function packPackages(dest, run) {
  const folder = SHARED ? join(SHARED, 'packs') : dest
  const list = join(folder, 'packs.json')
  const shared = sharedPacks()
  if (shared) return shared
  mkdirSync(folder, { recursive: true })
  const tarballs = {}
  for (const name of PACKAGES) {
    const args = ['pack', '--ignore-scripts', '--pack-destination', folder, '--silent']
    const result = await run(`npm pack ${name}`, 'npm', args, { cwd: join(root, 'packages', name) })
    tarballs[name] = join(folder, result.stdout.trim().split('\n').at(-1))
  }
  // Written last: a list is only there once every tarball is.
  if (PACKAGES.every((name) => existsSync(tarballs[name]))) writeFileSync(list, JSON.stringify(tarballs))
  return tarballs
}

/**
 * CI only: records `tarballs` (`{ contract: '/…/…-0.1.0.tgz', … }`, just packed after their build, as
 * `release:pack` does with each package's `prepack`) as the shared packs, so that {@link packPackages} returns them
 * and check:packages knows the packages are built ({@link sharedPacks}). Nothing outside CI.
 */
export function sharePacks(tarballs) {
  if (!SHARED) return
  const folder = join(SHARED, 'packs')
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'packs.json'), JSON.stringify(tarballs))
}

/** CI only: the tarballs an earlier step of this run packed after building the packages; undefined if none. */
export function sharedPacks() {
  const list = SHARED && join(SHARED, 'packs', 'packs.json')
  return list && existsSync(list) ? JSON.parse(readFileSync(list, 'utf8')) : undefined
}

/**
 * CI only: keeps `dir`, the fresh ESM project check:release installed the packed `tarballs` and msw into (and that
 * passed), for check:tarballs, which would install the same into the same: moved into the shared folder (not copied;
 * false when it cannot be moved, e.g. to another file system, or outside CI: the caller removes it then). What it
 * holds is recorded beside it: the tarballs and the msw version npm installed.
 */
export function shareInstalledProject(dir, tarballs) {
  if (!SHARED) return false
  try {
    const msw = JSON.parse(readFileSync(join(dir, 'node_modules', 'msw', 'package.json'), 'utf8')).version
    renameSync(dir, join(SHARED, 'installed-project'))
    writeFileSync(join(SHARED, 'installed-project.json'), JSON.stringify({ tarballs, msw }))
    return true
  } catch {
    return false
  }
}

/**
 * CI only: the project {@link shareInstalledProject} kept, moved to `dest` (taken once), when it holds these
 * `tarballs` and msw `msw`; undefined otherwise (outside CI, none kept, or other tarballs or another msw: the caller
 * installs its own). `dest` must not exist.
 */
export function takeInstalledProject(dest, tarballs, msw) {
  const record = SHARED && join(SHARED, 'installed-project.json')
  if (!record || !existsSync(record)) return undefined
  const kept = JSON.parse(readFileSync(record, 'utf8'))
  rmSync(record)
  const same = kept.msw === msw && PACKAGES.every((name) => kept.tarballs[name] === tarballs[name])
  try {
    if (same) {
      renameSync(join(SHARED, 'installed-project'), dest)
      return dest
    }
  } catch {
    // not there: install instead
  }
  rmSync(join(SHARED, 'installed-project'), { recursive: true, force: true })
  return undefined
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
