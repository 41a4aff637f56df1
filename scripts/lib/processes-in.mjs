// The processes working in a folder: each whose working directory is inside it, with its parent and command line.
// Linux only (reads /proc). scripts/check-leftovers.mjs uses it after a test run; scripts/test-under-load.mjs
// before one too, so that what already worked there (a developer's shells) is not taken for a leftover.
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

/**
 * The processes whose working directory is `root` or inside it, but for the pids in `except`.
 * @param {string} root an absolute folder
 * @param {Set<number>} except
 * @returns {Array<{ pid: number, ppid: number, command: string }>}
 */
export function processesIn(root, except = new Set()) {
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
