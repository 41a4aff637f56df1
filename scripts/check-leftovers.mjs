// Fails when a process of the test run outlived it: any process whose working directory is inside this
// repository, other than this script and the shells that started it. Each is printed with its command
// line and parent, then killed, so a leftover server cannot hold a port for the next run either.
// Linux only (reads /proc), as CI is.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { resolve, sep } from 'node:path'

const root = resolve(process.argv[2] ?? '.')

function parentOf(pid) {
  try {
    return Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  } catch {
    return 0
  }
}

const ancestors = new Set()
for (let pid = process.pid; pid > 1; pid = parentOf(pid)) ancestors.add(pid)

const leftovers = []
for (const entry of readdirSync('/proc')) {
  if (!/^\d+$/.test(entry)) continue
  const pid = Number(entry)
  if (ancestors.has(pid)) continue
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
  leftovers.push({ pid, ppid: parentOf(pid), command })
}

if (leftovers.length === 0) {
  console.log('no process of the run outlived it')
  process.exit(0)
}
console.log(`${leftovers.length} process(es) of the run outlived it:`)
for (const { pid, ppid, command } of leftovers) {
  console.log(`  pid ${pid} (parent ${ppid}): ${command.slice(0, 200)}`)
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    // already gone
  }
}
process.exit(1)
