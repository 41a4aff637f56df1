// Runs CI steps side by side (`.ci/run`): lanes run at the same time, the steps of a lane one after the other.
//
//   node scripts/ci/lanes.mjs \
//     --lane --step check:packages 'packages (build, publint, attw)' 'npm run check:packages' \
//     --lane --step typecheck 'typecheck' 'npm run typecheck' \
//            --step openapi 'OpenAPI: committed files' 'npm run openapi -- --check' --fail 'the files are stale: ...' \
//            --step docs 'docs site' 'npm run docs' --after check:packages
//
// Each step runs `bash -c <command>` with no stdin, in a process group of its own. Its output is kept and
// printed whole, each line prefixed with the step's name, when it ends: two lanes never interleave their lines.
// A line says when each step starts. When a step fails, the steps running in other lanes are stopped (their
// whole process groups), no further step starts, and the script exits 1 after writing the failed step's message
// (`--fail`, or its name) to the file in CI_FAILED_STEP; a step marked `--continue` (one whose result CI judges at
// its end) fails without stopping anything. A step marked `--after <name>` starts only once the step of that name (in
// another lane) has passed; its lane waits meanwhile. A process a step leaves running in its group (5 s after
// the step ended) is killed and fails the step. Each step's name, start, seconds, outcome and CPU seconds (of every
// process it started: scripts/ci/step-cpu.mjs) are appended to the file in CI_STEP_TIMES (tab-separated), which
// scripts/ci/step-table.mjs prints as a table.
import { spawn } from 'node:child_process'
import { appendFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { membersOf } from '../lib/process-group.mjs'
import { stepCpu } from './step-cpu.mjs'

/**
 * @typedef {{ name: string, title: string, command: string, failure: string, judgedLater: boolean, after: string[] }}
 *   Step
 */

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
      lanes.at(-1).push({ name, title, command, failure: name, judgedLater: false, after: [] })
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
    } else if (arg === '--after') {
      const step = lanes.at(-1)?.at(-1)
      if (step === undefined || argv[i + 1] === undefined) throw new Error('--after needs a step before it and a name')
      step.after.push(argv[++i])
    } else throw new Error(`unknown argument ${JSON.stringify(arg)}`)
  }
  return lanes
}

const startedAt = Number(process.env.CI_STARTED_AT ?? Date.now())
const since = (ms) => ((ms - startedAt) / 1000).toFixed(0)
const running = new Set()
let failed
/** Each step's outcome, as a promise, by name (for `--after`). */
const ended = new Map()

/** Runs one step; resolves with its outcome once it ended (or was stopped). */
function runStep(step) {
  return new Promise((resolve) => {
    const start = Date.now()
    console.log(`=== ${step.title} [${step.name}, starts at ${since(start)} s]`)
    // Its CPU seconds: a control group of its own, or bash's `times` at its exit (scripts/ci/step-cpu.mjs).
    const cpu = stepCpu(step.name, tmpdir())
    const child = spawn('bash', ['-c', `${cpu.prologue}\n${step.command}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, ...cpu.env },
    })
    const chunks = []
    child.stdout.on('data', (chunk) => chunks.push(chunk))
    child.stderr.on('data', (chunk) => chunks.push(chunk))
    const entry = { child, stopped: false }
    running.add(entry)
    const closed = new Promise((resolve) => child.once('close', resolve))
    // On exit, then on `close` (all its output read): a process the step left behind may hold the output open.
    child.once('exit', async (code, signal) => {
      const left = await leftBehind(child.pid)
      await closed
      running.delete(entry)
      const seconds = (Date.now() - start) / 1000
      const outcome = entry.stopped ? 'stopped' : code === 0 && left.length === 0 ? 'passed' : 'FAILED'
      const text = Buffer.concat(chunks).toString('utf8').replace(/\n$/, '')
      const prefix = `${step.name} | `
      console.log(text === '' ? `${prefix}(no output)` : `${prefix}${text.split('\n').join(`\n${prefix}`)}`)
      for (const member of left) console.log(`${prefix}left running after the step, killed: ${member}`)
      const how = code === null ? `signal ${signal}` : `exit ${code}`
      console.log(`--- ${step.name}: ${outcome} in ${seconds.toFixed(1)} s (${how})\n`)
      const cpuSeconds = cpu.seconds()
      if (process.env.CI_STEP_TIMES) {
        appendFileSync(
          process.env.CI_STEP_TIMES,
          `${step.name}\t${since(start)}\t${seconds.toFixed(1)}\t${outcome}\t${cpuSeconds}\n`,
        )
      }
      resolve(outcome)
    })
  })
}

/** The processes of a step's group (its pid) still there 5 s after the step ended, each SIGKILLed: `pid command`. */
async function leftBehind(group) {
  for (let waited = 0; waited < 5_000; waited += 250) {
    if (membersOf(group).length === 0) return []
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const members = membersOf(group)
  try {
    process.kill(-group, 'SIGKILL')
  } catch {
    // gone meanwhile
  }
  return members
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

/** Runs a lane's steps in order; a step that did not run is settled as `not run` for the steps waiting on it. */
async function runLane(steps) {
  try {
    for (const step of steps) {
      if (!(await neededPassed(step)) || failed) return
      const outcome = await runStep(step)
      settle.get(step.name)(outcome)
      if (outcome === 'FAILED' && !step.judgedLater && !failed) {
        failed = step
        stopOthers()
      }
    }
  } finally {
    for (const step of steps) settle.get(step.name)('not run')
  }
}

/** Waits for the steps `step` runs after; false (and CI failed) when one of them did not pass. */
async function neededPassed(step) {
  for (const name of step.after) {
    if (failed) return false
    const outcome = await ended.get(name)
    if (outcome === 'passed') continue
    if (!failed) {
      console.log(`--- ${step.name}: not run (${name}: ${outcome})\n`)
      if (process.env.CI_STEP_TIMES)
        appendFileSync(process.env.CI_STEP_TIMES, `${step.name}\t${since(Date.now())}\t0.0\tnot run\n`)
      failed = { ...step, failure: `${step.name} not run: ${name} ${outcome}` }
      stopOthers()
    }
    return false
  }
  return true
}

const lanes = parse(process.argv.slice(2))
// Every step's outcome as a promise, made before any lane starts, so that `--after` finds each.
const settle = new Map()
for (const step of lanes.flat()) {
  if (ended.has(step.name)) throw new Error(`two steps named ${step.name}`)
  ended.set(step.name, new Promise((resolve) => settle.set(step.name, resolve)))
}
for (const step of lanes.flat())
  for (const name of step.after) if (!ended.has(name)) throw new Error(`${step.name}: --after ${name}: no such step`)
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
