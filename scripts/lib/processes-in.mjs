// The processes working in a folder: each whose working directory is inside it, with its parent and command line;
// with a mark, only those whose environment carries it (`NAME=value`, inherited by everything a run starts), so
// that what else works there meanwhile (a developer's shells and editors) is not taken for the run's. Linux only
// (reads /proc). scripts/check-leftovers.mjs uses it after a test run.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { sep } from 'node:path'

/** The parent of `pid`, 0 when it is gone. */
export function parentOf(pid) {
  try {
    return Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  } catch {
    return 0
  }
}

/** Whether the environment of `pid` holds `entry` (`NAME=value`). */
function carries(pid, entry) {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(entry)
  } catch {
    return false
  }
}

/**
 * The processes whose working directory is `root` or inside it, but for the pids in `except`, and, with `mark`,
 * only those whose environment holds it.
 * @param {string} root an absolute folder
 * @param {Set<number>} except
 * @param {string} [mark] `NAME=value`
 * @returns {Array<{ pid: number, ppid: number, command: string }>}
 */
export function processesIn(root, except = new Set(), mark = undefined) {
  const found = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    if (except.has(pid)) continue
    let cwd
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`)
    } catch {
      continue // gone, or not ours to read
    }
    if (cwd !== root && !cwd.startsWith(root + sep)) continue
    if (mark !== undefined && !carries(pid, mark)) continue
    let command = ''
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()
    } catch {
      continue
    }
    found.push({ pid, ppid: parentOf(pid), command })
  }
  return found
}
