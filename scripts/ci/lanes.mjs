// Runs CI steps side by side (`.ci/run`): lanes run at the same time, the steps of a lane one after the other.
//
//   node scripts/ci/lanes.mjs \
//     --lane --step check:packages 'packages (build, publint, attw)' 'npm run check:packages' \
//     --lane --step typecheck 'typecheck' 'npm run typecheck' \
//            --step openapi 'OpenAPI: committed files' 'npm run openapi -- --check' --fail 'the files are stale: ...'
//
// Each step runs `bash -c <command>` with no stdin, in a process group of its own. Its output is kept and
// printed whole, each line prefixed with the step's name, when it ends: two lanes never interleave their lines.
// A line says when each step starts. When a step fails, the steps running in other lanes are stopped (their
// whole process groups), no further step starts, and the script exits 1 after writing the failed step's message
// (`--fail`, or its name) to the file in CI_FAILED_STEP; a step marked `--continue` (one whose result CI judges at
// its end) fails without stopping anything. Each step's name, start, seconds and outcome are
// appended to the file in CI_STEP_TIMES (tab-separated), which scripts/ci/step-table.mjs prints as a table.
import { spawn } from 'node:child_process'
import { appendFileSync, writeFileSync } from 'node:fs'

/** @typedef {{ name: string, title: string, command: string, failure: string, judgedLater: boolean }} Step */

/** @returns {Step[][]} the lanes given on the command line. */
function parse(argv) {
  const lanes = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--lane') lanes.push([])
    else if (arg === '--step') {
      const [name, title, command] = argv.slice(i + 1, i + 4)
      if (command === undefined || lanes.length === 0)
        throw new Error(`--step needs a --lane, a name, a title, a command`)
      lanes.at(-1).push({ name, title, command, failure: name, judgedLater: false })
      i += 3
    } else if (arg === '--fail') {
      const step = lanes.at(-1)?.at(-1)
      if (step === undefined || argv[i + 1] === undefined)
        throw new Error('--fail needs a step before it and a message')
      step.failure = argv[++i]
    } else if (arg === '--continue') {
      const step = lanes.at(-1)?.at(-1)
      if (step === undefined) throw new Error('--continue needs a step before it')
      step.judgedLater = true
    } else throw new Error(`unknown argument ${JSON.stringify(arg)}`)
  }
  return lanes
}

const startedAt = Number(process.env.CI_STARTED_AT ?? Date.now())
const since = (ms) => ((ms - startedAt) / 1000).toFixed(0)
const running = new Set()
let failed

/** Runs one step; resolves with its outcome once it ended (or was stopped). */
function runStep(step) {
  return new Promise((resolve) => {
    const start = Date.now()
    console.log(`=== ${step.title} [${step.name}, starts at ${since(start)} s]`)
    const child = spawn('bash', ['-c', step.command], { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    const chunks = []
    child.stdout.on('data', (chunk) => chunks.push(chunk))
    child.stderr.on('data', (chunk) => chunks.push(chunk))
    const entry = { child, stopped: false }
    running.add(entry)
    child.once('close', (code, signal) => {
      running.delete(entry)
      const seconds = (Date.now() - start) / 1000
      const outcome = entry.stopped ? 'stopped' : code === 0 ? 'passed' : 'FAILED'
      const text = Buffer.concat(chunks).toString('utf8').replace(/\n$/, '')
      const prefix = `${step.name} | `
      console.log(text === '' ? `${prefix}(no output)` : `${prefix}${text.split('\n').join(`\n${prefix}`)}`)
      const how = code === null ? `signal ${signal}` : `exit ${code}`
      console.log(`--- ${step.name}: ${outcome} in ${seconds.toFixed(1)} s (${how})\n`)
      if (process.env.CI_STEP_TIMES) {
        appendFileSync(process.env.CI_STEP_TIMES, `${step.name}\t${since(start)}\t${seconds.toFixed(1)}\t${outcome}\n`)
      }
      resolve(outcome)
    })
  })
}

/** Stops every step still running: SIGTERM to its process group, SIGKILL 10 s later if it is still there. */
function stopOthers() {
  for (const entry of running) {
    entry.stopped = true
    const group = -entry.child.pid
    try {
      process.kill(group, 'SIGTERM')
    } catch {
      continue // already gone
    }
    const timer = setTimeout(() => {
      try {
        process.kill(group, 'SIGKILL')
      } catch {
        // gone meanwhile
      }
    }, 10_000)
    entry.child.once('close', () => clearTimeout(timer))
  }
}

async function runLane(steps) {
  for (const step of steps) {
    if (failed) return
    const outcome = await runStep(step)
    if (outcome === 'FAILED' && !step.judgedLater && !failed) {
      failed = step
      stopOthers()
    }
  }
}

const lanes = parse(process.argv.slice(2))
// The whole group of a step is stopped too when this runner is (Ctrl-C, a CI timeout).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopOthers()
    process.exitCode = 1
  })
}
await Promise.all(lanes.map(runLane))
if (failed) {
  if (process.env.CI_FAILED_STEP) writeFileSync(process.env.CI_FAILED_STEP, failed.failure)
  process.exit(1)
}
