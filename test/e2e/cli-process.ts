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

/** Starts the CLI and resolves with its URL once it printed its banner (or rejects with its output). */
export async function startCli(args: string[]): Promise<Cli> {
  // tsx as a loader inside the one node process (not tsx's launcher, which runs the CLI in a second
  // process): a test's `child.kill('SIGKILL')` then stops the server itself instead of orphaning it.
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@merchant-gateway/source', CLI, ...args], { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0' } })
  const cli = await waitForBanner(child)
  // `npm run check:openapi`: this process's requests to the server go through a validating Prism proxy.
  if (prismEnabled()) await putPrismInFront({ serverUrl: cli.url, port: await freePort(), until: cli.exited })
  return cli
}

/** Resolves once `child` printed `listening on <url>` and the banner's last line. */
export function waitForBanner(child: ChildProcessWithoutNullStreams): Promise<Cli> {
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
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
  const res = await fetch(url, { method, headers: { ...(raw ? { 'Content-Type': 'application/json' } : {}), ...headers }, body: raw })
  const text = await res.text()
  let json: any
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    json = text
  }
  return { status: res.status, body: json, headers: res.headers }
}

