/**
 * @module test/e2e/cli-process
 * The CLI server as a child process, for the end-to-end suites: start it built from this tree's sources
 * (cli-bundle.ts), or installed from the packed package as a user's project has it, wait for its banner, and
 * talk to it with plain HTTP.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CLI_BUNDLE } from './cli-bundle.js'
import { prismEnabled, putPrismInFront } from './openapi-proxy.js'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * How long a page test waits for the page to show something (an element, a text a poll expects). Generous: on a
 * busy machine Chromium and the server share the cores with the rest of the suite, and a wait that ends early
 * fails a test whose page was merely slow.
 */
export const UI_TIMEOUT = 60_000

/** How long a started CLI may take to print its banner. */
const BANNER_TIMEOUT = 120_000

/** The arguments of `node` that run `merchant-gateway-mock <args>` (the CLI bundled by the e2e global setup). */
export function cliArgs(args: readonly string[]): string[] {
  return [CLI_BUNDLE, ...args]
}

/** A CLI server started as a child process: its URL, everything it printed so far, and its exit. */
export interface Cli {
  child: ChildProcessWithoutNullStreams
  url: string
  output: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Process groups this test file started: every one is killed when the worker exits, whatever happened. */
const groups = new Set<number>()
process.once('exit', () => {
  for (const pid of groups) killGroup(pid)
})

/**
 * Spawns a command in a process group of its own (`detached`), so that stopping it stops everything it
 * started: `npm start` runs the CLI under npm and tsx, in processes of their own. A signal to the direct
 * child alone can leave the server running, orphaned.
 */
export function spawnGroup(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): ChildProcessWithoutNullStreams {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: '0', ...options.env },
    detached: true,
  })
  if (child.pid !== undefined) {
    groups.add(child.pid)
    child.once('exit', () => {
      // The direct child is gone; what it started may not be: end the group, then forget it.
      killGroup(child.pid!)
      groups.delete(child.pid!)
    })
  }
  return child
}

/** SIGKILL to a whole process group; nothing when it is already gone. */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // ESRCH: the group has no process left.
  }
}

/**
 * Stops a CLI started by {@link startCli}: `signal` to the CLI (to test how it stops), then, once it
 * exited or after 10 s, SIGKILL to whatever is left of its process group.
 */
export async function stopCli(cli: Cli, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (cli.child.exitCode === null && cli.child.signalCode === null) {
    cli.child.kill(signal)
    await Promise.race([cli.exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
  }
  killGroup(cli.child.pid!)
}

/**
 * Starts the CLI and resolves with its URL once it printed its banner (or rejects with its output).
 * Under `npm run check:openapi` the server is put behind Prism unless `behindPrism` is false: for a server
 * whose clock runs before the contract the document describes (before 2026-01-20 a request without
 * `X-Idempotent-Key` is accepted, which the document forbids), and for the inspector page's files, which are
 * not API.
 */
export async function startCli(args: string[], options: { behindPrism?: boolean } = {}): Promise<Cli> {
  // One node process; the process group still ends whatever the CLI might start.
  const cli = await waitForBanner(spawnGroup(process.execPath, cliArgs(args)))
  // `npm run check:openapi`: this process's requests to the server go through a validating Prism proxy.
  if (prismEnabled() && options.behindPrism !== false) await putPrismInFront({ serverUrl: cli.url, until: cli.exited })
  return cli
}

/** Resolves once `child` printed `listening on <url>` and the banner's last line. */
export function waitForBanner(child: ChildProcessWithoutNullStreams): Promise<Cli> {
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return new Promise((resolve, reject) => {
    // Generous: a start on a busy machine takes many times an idle one's. One that never starts is stopped, its
    // whole process group, so that nothing outlives the test.
    const timer = setTimeout(() => {
      killGroup(child.pid!)
      reject(new Error(`the CLI did not start within ${BANNER_TIMEOUT / 1000} s:\n${out}`))
    }, BANNER_TIMEOUT)
    const onData = () => {
      const match = /^listening on (http:\/\/\S+)$/m.exec(out)
      // The banner's last line: the whole banner is out.
      if (!match || !out.includes('Ctrl-C stops the server.')) return
      clearTimeout(timer)
      child.stdout.off('data', onData)
      resolve({ child, url: match[1]!, output: () => out, exited })
    }
    child.stdout.on('data', onData)
    void exited.then(({ code }) => {
      clearTimeout(timer)
      reject(new Error(`the CLI exited (${code}) before listening:\n${out}`))
    })
  })
}

export { freePort } from './free-port.js'

/** Plain HTTP with a JSON body; returns the status, the parsed body (or text) and the headers. */
export async function http(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const raw = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  const res = await fetch(url, {
    method,
    headers: { ...(raw ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: raw,
  })
  const text = await res.text()
  // biome-ignore lint/suspicious/noExplicitAny: a test reads the answer field by field; its assertions check the shape
  let json: any
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    json = text
  }
  return { status: res.status, body: json, headers: res.headers }
}

/** A temporary project with `@merchant-gateway/mock` installed from its packed tarball. */
export interface PackedApp {
  /** The project's folder: `npx merchant-gateway-mock` works from here. */
  dir: string
  /** The installed package's package.json. */
  manifest: { repository?: { url?: string }; homepage?: string; bin?: Record<string, string> }
  /** Removes the project. */
  cleanup(): void
}

/**
 * Why the built package cannot be trusted, if it cannot: no dist/, or a source file newer than the build
 * (the test would then run yesterday's code). Undefined when the build is current.
 */
export function staleBuild(): string | undefined {
  const checks = [
    { dist: 'packages/mock/dist/cli.js', src: 'packages/mock/src' },
    { dist: 'packages/contract/dist/index.js', src: 'packages/contract/src' },
  ]
  for (const { dist, src } of checks) {
    let built: number
    try {
      built = statSync(join(ROOT, dist)).mtimeMs
    } catch {
      return `${dist} is missing: run npm run build`
    }
    const sources = readdirSync(join(ROOT, src), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
      .map((e) => join(e.parentPath, e.name))
    const newer = sources.find((file) => statSync(file).mtimeMs > built)
    if (newer) return `${newer.slice(ROOT.length)} is newer than ${dist}: run npm run build`
  }
  return undefined
}

/**
 * The mock's tarball CI packed once, right after the build, for its later steps (scripts/lib/packed.mjs:
 * MERCHANT_GATEWAY_CI_SHARED); undefined outside CI.
 */
export function sharedMockTarball(): string | undefined {
  const shared = process.env.MERCHANT_GATEWAY_CI_SHARED
  if (!shared) return undefined
  try {
    return (JSON.parse(readFileSync(join(shared, 'packs', 'packs.json'), 'utf8')) as { mock?: string }).mock
  } catch {
    return undefined
  }
}

/**
 * Packs `@merchant-gateway/mock` with `npm pack` (what the registry would serve; in CI the tarball packed
 * once after the build, {@link sharedMockTarball}) and installs it into a new
 * project outside the repository the way npm lays it out: the package under `node_modules/`, its bin
 * linked in `node_modules/.bin/` to `dist/cli.js` and executable. Its dependencies and peer (msw) are
 * links to the repository's installed copies, so no registry is needed. From the repository's root,
 * `npx merchant-gateway-mock` would not do: the workspace's bin is not linked in its node_modules/.bin,
 * so npx would look the name up in the registry.
 */
export function installPackedMock(): PackedApp {
  const dir = mkdtempSync(join(tmpdir(), 'merchant-gateway-app-'))
  try {
    let tarball = sharedMockTarball()
    if (tarball === undefined) {
      const packs = join(dir, '.packs')
      mkdirSync(packs)
      const packed = JSON.parse(
        // --ignore-scripts: the package's `prepack` builds it; the build was checked current (staleBuild).
        execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packs], {
          cwd: join(ROOT, 'packages/mock'),
          env: { ...process.env, npm_config_update_notifier: 'false' },
          encoding: 'utf8',
        }),
      ) as Array<{ filename: string }>
      tarball = join(packs, packed[0]!.filename)
    }
    const modules = join(dir, 'node_modules')
    const target = join(modules, '@merchant-gateway', 'mock')
    mkdirSync(target, { recursive: true })
    execFileSync('tar', ['xzf', tarball, '-C', target, '--strip-components=1'])
    const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')) as PackedApp['manifest'] & {
      dependencies?: Record<string, string>
      peerDependencies?: Record<string, string>
    }
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
      mkdirSync(dirname(join(modules, name)), { recursive: true })
      symlinkSync(join(ROOT, 'node_modules', name), join(modules, name))
    }
    mkdirSync(join(modules, '.bin'))
    for (const [name, file] of Object.entries(manifest.bin ?? {})) {
      chmodSync(join(target, file), 0o755)
      symlinkSync(join('..', '@merchant-gateway', 'mock', file), join(modules, '.bin', name))
    }
    return { dir, manifest, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

/** A process as first seen: its pid and its start time, so that a pid reused later is never killed. */
interface SeenProcess {
  pid: number
  start: string
}

/** Processes seen under harness-style children: every one still the same process is killed at exit. */
const seen = new Set<SeenProcess>()
process.once('exit', () => killSeen([...seen]))

function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  } catch {
    return undefined
  }
}

/**
 * Every process under `pid` (and `pid` itself) now, from Linux's /proc, each with its start time. A
 * harness-style child is in the test's own process group, so the group cannot be killed; this list, taken
 * once the server is up, is what cleanup kills instead.
 */
export function processTree(pid: number): SeenProcess[] {
  const parents = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)])
    } catch {
      // gone meanwhile
    }
  }
  const tree: SeenProcess[] = []
  const visit = (p: number) => {
    const start = startTimeOf(p)
    if (start === undefined) return
    tree.push({ pid: p, start })
    for (const child of parents.get(p) ?? []) visit(child)
  }
  visit(pid)
  for (const found of tree) seen.add(found)
  return tree
}

/** The processes of `tree` still running (the same processes, not new ones under a reused pid). */
export function alive(tree: readonly SeenProcess[]): SeenProcess[] {
  return tree.filter(({ pid, start }) => startTimeOf(pid) === start && !isZombie(pid))
}

function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
  } catch {
    return false
  }
}

/** SIGKILL to each process of `tree` that is still the one seen. */
export function killSeen(tree: readonly SeenProcess[]): void {
  for (const { pid } of alive(tree)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // gone between the check and the kill
    }
  }
}

/**
 * The environment of a user's shell for a harness-style child: no `npm_*` variables or `INIT_CWD` of
 * the npm that may run this test, this repository's Node first on the PATH, and npm kept off the registry
 * (offline, never installing), so that npx can only run what the project has installed.
 */
export function harnessEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|INIT_CWD$)/i.test(name)))
  return {
    ...env,
    FORCE_COLOR: '0',
    PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
    npm_config_offline: 'true',
    npm_config_yes: 'false',
    npm_config_update_notifier: 'false',
  }
}

/**
 * Spawns a command as a test harness does (Playwright's webServer without its group kill, a script's
 * `spawn`): a plain child, in the test's own process group, with {@link harnessEnv}.
 */
export function spawnHarness(command: string, args: readonly string[], cwd: string): ChildProcessWithoutNullStreams {
  return spawn(command, args, { cwd, env: harnessEnv() })
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Resolves true as soon as `check` holds, false when it still does not after `ms` milliseconds. */
export async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms
  for (;;) {
    if (await check()) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
