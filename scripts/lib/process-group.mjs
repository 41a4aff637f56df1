// The processes of a process group, read from /proc (Linux): what a step left running in its group, for the CI
// lanes (scripts/ci/lanes.mjs) and the steps of the packaging checks (scripts/lib/steps.mjs).
import { readdirSync, readFileSync } from 'node:fs'

/** `pid command line` of each process in the process group `group` (Linux: /proc/<pid>/stat's fifth field). */
export function membersOf(group) {
  const members = []
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      // The command name (second field) is in parentheses and may hold spaces: the fields after its `)`.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) !== group || fields[0] === 'Z') continue
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()
      members.push(`${pid} ${command.slice(0, 200)}`)
    } catch {
      // gone meanwhile
    }
  }
  return members
}
