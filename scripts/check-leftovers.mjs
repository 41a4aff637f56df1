// Fails when a process of the test run outlived it: any process whose working directory is inside this
// repository, other than this script and the shells that started it. Each is printed with its command
// line and parent, then killed, so a leftover server cannot hold a port for the next run either.
// Processes that are on their way out get a short grace (GRACE_MS): Chromium's crash-report handlers
// detach from the browser and exit a second or so after it closes, so a scan the instant the tests end
// could miss one that is still there a moment later, or fail on one that was about to go. The scan is
// repeated until nothing is left or the grace is over; what remains then fails the check.
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

const GRACE_MS = 5_000

/** The processes, other than this script and its ancestors, whose working directory is in the repository. */
function scan() {
  const found = []
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
    found.push({ pid, ppid: parentOf(pid), command })
  }
  return found
}

let leftovers = scan()
const waitedFor = new Map(leftovers.map((p) => [p.pid, p.command]))
for (const deadline = Date.now() + GRACE_MS; leftovers.length > 0 && Date.now() < deadline; ) {
  await new Promise((resolve) => setTimeout(resolve, 250))
  leftovers = scan()
}
for (const { pid } of leftovers) waitedFor.delete(pid)
for (const [pid, command] of waitedFor) console.log(`  pid ${pid} ended within the grace: ${command.slice(0, 120)}`)

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
