// Steps run side by side without leaving anything behind (check-tarballs): each command an async child process in a
// process group of its own, so that a step still running at its deadline is stopped whole (npm and the install
// scripts it started, a runtime and its workers), and so that a process a step left behind in its group is found.
//
// Their process groups are not the caller's, so a signal for the caller's group (CI's lanes stop a step with SIGTERM
// to its group, a terminal's Ctrl-C) does not reach them: on SIGINT, SIGTERM or SIGHUP, every group still running is
// killed before this process exits, and again at any exit.
import { spawn } from 'node:child_process'
import { membersOf } from './process-group.mjs'

/** The process groups (their leaders' pids) of the steps running now. */
const running = new Set()

function killAll() {
  for (const group of running) {
    try {
      process.kill(-group, 'SIGKILL')
    } catch {
      // gone meanwhile
    }
  }
  running.clear()
}

process.on('exit', killAll)
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => {
    killAll()
    process.exit(code)
  })
}

/** The processes still in `group` 2 s after its leader ended (those exiting meanwhile are given the time). */
async function stillIn(group) {
  for (let waited = 0; waited < 2_000; waited += 100) {
    if (membersOf(group).length === 0) return []
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return membersOf(group)
}

/**
 * Runs `command` with `args` (spawn's `options`: cwd, env) in a process group of its own, its output kept, not
 * shown. Resolves, once the process ended and its output is read, with `status` (the exit code; null when killed or
 * not started), `signal`, `stdout`, `stderr`, `output` (both, in the order they came), `seconds`, `timedOut` (it was
 * still running after `timeoutMs` and its group was killed), `error` (spawn's, e.g. ENOENT) and `leftBehind` (the
 * processes still in its group once it ended, which were killed: `pid command`).
 */
export function exec(command, args, { timeoutMs, ...options }) {
  return new Promise((resolve) => {
    const start = Date.now()
    const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    const chunks = []
    const stdout = []
    const stderr = []
    child.stdout.on('data', (chunk) => chunks.push(chunk) && stdout.push(chunk))
    child.stderr.on('data', (chunk) => chunks.push(chunk) && stderr.push(chunk))
    if (child.pid !== undefined) running.add(child.pid)
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {
        // gone meanwhile
      }
    }, timeoutMs)
    let error
    child.on('error', (e) => {
      error = e
    })
    // `close`: the process exited (or never started) and its output is read; a process it left behind holding the
    // output open keeps `close` back until the deadline kills the group.
    child.on('close', async (status, signal) => {
      clearTimeout(timer)
      const leftBehind = child.pid === undefined ? [] : await stillIn(child.pid)
      if (leftBehind.length > 0) {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          // gone meanwhile
        }
      }
      running.delete(child.pid)
      const text = (list) => Buffer.concat(list).toString('utf8')
      resolve({
        status: error ? null : status,
        signal,
        stdout: text(stdout),
        stderr: text(stderr),
        output: text(chunks),
        seconds: (Date.now() - start) / 1000,
        timedOut,
        error,
        leftBehind,
      })
    })
  })
}

/**
 * A limit of `n` at once: `limited(task)` runs `task` (a function returning a promise) as soon as fewer than `n`
 * tasks given to it are running, in the order they were given, and resolves or rejects as the task does.
 */
export function limit(n) {
  let active = 0
  const waiting = []
  const next = () => {
    if (active >= n || waiting.length === 0) return
    active++
    const { task, resolve, reject } = waiting.shift()
    task()
      .then(resolve, reject)
      .finally(() => {
        active--
        next()
      })
  }
  return (task) =>
    new Promise((resolve, reject) => {
      waiting.push({ task, resolve, reject })
      next()
    })
}
