// Fails when a process of the test run outlived it: any process whose working directory is inside this
// repository, other than this script and the shells that started it. Each is printed with its command
// line and parent, then killed, so a leftover server cannot hold a port for the next run either.
// Processes that are on their way out get a short grace (GRACE_MS): Chromium's crash-report handlers
// detach from the browser and exit a second or so after it closes, so a scan the instant the tests end
// could miss one that is still there a moment later, or fail on one that was about to go. The scan is
// repeated until nothing is left or the grace is over; what remains then fails the check.
// `--mark NAME=value` looks only at processes whose environment holds it (the run was started with it): what else
// works in the repository meanwhile, a developer's shells, is left alone. Linux only (reads /proc), as CI is.
import { resolve } from 'node:path'
import { parentOf, processesIn } from './lib/processes-in.mjs'

const args = process.argv.slice(2)
const at = args.indexOf('--mark')
// Only the processes of the run: those whose environment holds the mark it was started with.
const mark = at === -1 ? undefined : args.splice(at, 2)[1]
const root = resolve(args[0] ?? '.')

const ancestors = new Set()
for (let pid = process.pid; pid > 1; pid = parentOf(pid)) ancestors.add(pid)

const GRACE_MS = 5_000

/** The processes, other than this script and its ancestors, whose working directory is in the repository. */
const scan = () => processesIn(root, ancestors, mark)

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
