/**
 * @module test/e2e/cli-process
 * The CLI server as a child process, for the end-to-end suites: start it from source as `npm start`
 * does, wait for its banner, and talk to it with plain HTTP.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { prismEnabled, putPrismInFront } from './openapi-proxy.js'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const TSX = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url))
export const CLI = 'packages/mock/src/cli/main.ts'

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
 * started: `tsx` runs the CLI in a child node process, and `npm start` adds a shell and npm above it.
 * A signal to the direct child alone can leave the server running, orphaned.
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
  // tsx as a loader inside the one node process (not tsx's launcher, which runs the CLI in a second
  // process); the process group still ends whatever the CLI might start.
  const cli = await waitForBanner(
    spawnGroup(process.execPath, ['--import', 'tsx', '--conditions=@merchant-gateway/source', CLI, ...args]),
  )
  // `npm run check:openapi`: this process's requests to the server go through a validating Prism proxy.
  if (prismEnabled() && options.behindPrism !== false)
    await putPrismInFront({ serverUrl: cli.url, port: await freePort(), until: cli.exited })
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
    const timer = setTimeout(() => reject(new Error(`the CLI did not start within 30 s:\n${out}`)), 30_000)
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

/** A port nothing listens on now (the OS's pick, released at once). */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

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
