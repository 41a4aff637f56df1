/**
 * @module cli/launcher-watch
 * The server stops when the process that started it is gone, so that no mock is left holding its port
 * after a test run, a script or a terminal that started it ended.
 *
 * Why a signal is not enough: `npx merchant-gateway-mock serve` (npm 11's `npm exec`, as `npm run` and
 * `npm start`) runs the bin through `sh -c`, and npm passes SIGINT and SIGTERM on to that shell only, the
 * direct child it spawned. A shell that forks for its last command rather than `exec`ing it (dash, Debian's
 * and Ubuntu's /bin/sh; bash and macOS's sh exec it) dies of the SIGTERM without passing it on, npm then
 * exits with the same signal, and the server, never signalled, is left running under init. A harness that
 * signals the process it spawned (`child.kill()`, Playwright's webServer, a script) therefore leaves the
 * port taken. And a launcher killed outright (SIGKILL, a crash) signals nobody.
 *
 * So the server watches, twice a second: its parent (a change of `process.ppid` means the parent is gone
 * and the server was handed to init or a subreaper) and, when npm (or npx, pnpm, yarn) started it, every
 * process between it and that npm process, npm included. It watches no further up: a server started in
 * the background by `npx ... &` in a CI step outlives the step's shell as long as npm runs.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/**
 * What the watch reads about a process.
 *
 * @example
 * ```ts
 * const npm: ProcessInfo = { ppid: 4242, command: 'npm exec merchant-gateway-mock serve', start: '987654' }
 * ```
 */
export interface ProcessInfo {
  ppid: number
  /** Its command line, or the title it gave itself (npm names itself `npm exec ...`, `npm start`). */
  command: string
  /** When it started (Linux: clock ticks since boot), to tell a reused pid from the process watched. */
  start?: string
  /** Ended, but not yet reaped by its parent: gone for the watch. */
  zombie?: boolean
}

/**
 * Reads a process's {@link ProcessInfo}; undefined when it does not exist or cannot be read.
 *
 * @example
 * ```ts
 * const table: ProcessTable = (pid) => (pid === 7 ? { ppid: 1, command: 'npm exec' } : undefined)
 * ```
 */
export type ProcessTable = (pid: number) => ProcessInfo | undefined

/** A launcher of the package managers that run a bin through a shell: `npm exec ...`, `node /x/npx-cli.js`. */
const PACKAGE_MANAGER = /(^|[\s/])(npm|npx|pnpm|yarn)(-cli)?(\.c?js)?(\s|$)/

/**
 * The processes the server watches, nearest first: its parent and, when a package manager started it
 * (`npm_lifecycle_event` in its environment, as npm, pnpm and yarn set it), every process up to and
 * including that package manager. When no such process is found within a few levels, the parent alone.
 *
 * @example
 * ```ts
 * // node (the server) <- sh -c <- npm exec: both the shell and npm are watched
 * launchers(200, { npm_lifecycle_event: 'npx' }, table) // [200, 100]
 * ```
 */
export function launchers(ppid: number, env: NodeJS.ProcessEnv, table: ProcessTable, maxDepth = 8): number[] {
  if (ppid <= 1) return []
  if (env.npm_lifecycle_event === undefined) return [ppid]
  const chain: number[] = []
  let pid = ppid
  while (pid > 1 && chain.length < maxDepth) {
    const info = table(pid)
    if (info === undefined) break
    chain.push(pid)
    if (PACKAGE_MANAGER.test(info.command)) return chain
    pid = info.ppid
  }
  return [ppid]
}

/**
 * The process table of this system: `/proc` on Linux (with the start time and the zombie state), `ps`
 * elsewhere on POSIX (read once, at start); on Windows nothing, and the watch keeps to the parent.
 */
function systemProcessTable(): ProcessTable {
  if (process.platform === 'linux') return linuxProcess
  if (process.platform === 'win32') return () => undefined
  return (pid) => {
    try {
      const line = execFileSync('ps', ['-o', 'ppid=,command=', '-p', String(pid)], { encoding: 'utf8' }).trim()
      const match = /^(\d+)\s+(.*)$/.exec(line)
      return match ? { ppid: Number(match[1]), command: match[2]! } : undefined
    } catch {
      return undefined
    }
  }
}

function linuxProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, so read after its last `)`.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0+$/, '').replace(/\0/g, ' ')
    // Field 22 of the file (starttime) is the 20th after the comm.
    return { ppid: Number(fields[1]), command, start: fields[19], zombie: fields[0] === 'Z' }
  } catch {
    return undefined
  }
}

/**
 * Whether `pid` is still the process first seen as `first`: it exists, has not ended (a zombie has) and,
 * where the table tells, started at the same time (not a new process that got the pid).
 */
function stillThere(pid: number, first: ProcessInfo | undefined, table: ProcessTable): boolean {
  if (first?.start !== undefined) {
    const now = table(pid)
    return now !== undefined && !now.zombie && now.start === first.start
  }
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Watches the processes that started this one ({@link launchers}) and calls `onGone` once, with what
 * went, when one of them is gone. The timer is unref'd: it never keeps the process alive by itself.
 * Returns a function that stops the watch.
 *
 * @example
 * ```ts
 * const stopWatching = watchLaunchers((reason) => stop(reason))
 * ```
 */
export function watchLaunchers(
  onGone: (reason: string) => void,
  options: { table?: ProcessTable; env?: NodeJS.ProcessEnv; intervalMs?: number; ppid?: () => number } = {},
): () => void {
  const { table = systemProcessTable(), env = process.env, intervalMs = 500, ppid = () => process.ppid } = options
  const parent = ppid()
  const watched = launchers(parent, env, table).map((pid) => ({ pid, first: table(pid) }))
  if (watched.length === 0) return () => {}
  const describe = (pid: number, info: ProcessInfo | undefined) =>
    `${pid}${info?.command ? ` (${info.command.slice(0, 60)})` : ''}`
  const timer = setInterval(() => {
    // The parent's pid changes the moment it is gone: the server was handed to init or a subreaper.
    const gone =
      ppid() !== parent ? watched[0] : watched.slice(1).find(({ pid, first }) => !stillThere(pid, first, table))
    if (gone === undefined) return
    clearInterval(timer)
    onGone(`the process that started it, ${describe(gone.pid, gone.first)}, is gone`)
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
