// `npm run test:under-load`: the README's test command on a busy machine, twice. No test may depend on an idle
// machine (no tight timeout, no real sleep for time-dependent behaviour, no timed assertion): this shows it.
//
// Starts two busy loops per core (processes that only spin, each in its own process group), runs `npm test`
// twice with them spinning, stops the loops (also on Ctrl-C or an error), and prints each run's counts from
// vitest's JSON report (written to a temporary file beside the usual output), its wall time and the load average
// at its end, then the failed tests of each run by name; after each run, that no process of it outlived it
// (scripts/check-leftovers.mjs). Exits 1 unless both runs passed every test and left nothing behind.
// `--loops N` sets the number of loops (default: two per core); `--runs N` the number of runs (default 2).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { root } from './lib/packed.mjs'
import { countsOf } from './lib/vitest-report.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(name)
  const value = at === -1 ? fallback : Number(args[at + 1])
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number from 1, not ${args[at + 1]}`)
  return value
}
const LOOPS = option('--loops', 2 * availableParallelism())
const RUNS = option('--runs', 2)
const work = mkdtempSync(join(tmpdir(), 'merchant-gateway-under-load-'))
const REPORT = join(work, 'report.json')
// Every process of the runs inherits it: what else works in the repository meanwhile is not the runs'.
const MARK = { name: 'MERCHANT_GATEWAY_UNDER_LOAD', value: String(process.pid) }

/** The busy loops: each a Node process spinning forever, in a process group of its own. */
const loops = []
function startLoops() {
  for (let i = 0; i < LOOPS; i++) {
    // Outside the repository, so that the check for leftovers after each run does not count them.
    const loop = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore', detached: true, cwd: work })
    loops.push(loop)
  }
}
function stopLoops() {
  for (const loop of loops.splice(0)) {
    try {
      process.kill(-loop.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}
process.once('exit', () => {
  stopLoops()
  rmSync(work, { recursive: true, force: true })
})
/** The `npm test` under way, if any. */
let running
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    if (running) {
      try {
        process.kill(-running.pid, 'SIGTERM')
      } catch {
        // gone meanwhile
      }
    }
    stopLoops()
    process.exit(1)
  })
}

/** One `npm test`, its output shown as it comes; resolves with its exit status and seconds. */
function npmTest() {
  return new Promise((resolve) => {
    const start = Date.now()
    const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${REPORT}`]
    // In a process group of its own, so that a Ctrl-C of this script stops the whole run too.
    const child = spawn('npm', ['test', '--', ...reporters], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
      env: { ...process.env, [MARK.name]: MARK.value },
    })
    running = child
    child.once('exit', () => {
      running = undefined
    })
    child.once('close', (code, signal) => resolve({ status: code ?? signal, seconds: (Date.now() - start) / 1000 }))
  })
}

/** Passed and failed counts, and the failed tests by name, from vitest's JSON report. */
function readReport() {
  if (!existsSync(REPORT)) return { passed: 0, failed: 0, failedTests: ['(no JSON report was written)'] }
  return countsOf(JSON.parse(readFileSync(REPORT, 'utf8')), root)
}

startLoops()
console.log(`test:under-load: ${LOOPS} busy loops started (${availableParallelism()} cores); npm test ${RUNS} times`)
const results = []
try {
  for (let run = 1; run <= RUNS; run++) {
    rmSync(REPORT, { force: true })
    console.log(`\n=== npm test, run ${run} of ${RUNS}, under ${LOOPS} busy loops`)
    const { status, seconds } = await npmTest()
    // A test that timed out must still stop what it started: nothing of the run may outlive it.
    const leftovers = spawnSync(
      process.execPath,
      [join(root, 'scripts/check-leftovers.mjs'), root, '--mark', `${MARK.name}=${MARK.value}`],
      {
        stdio: 'inherit',
      },
    ).status
    results.push({
      run,
      status,
      leftovers,
      seconds,
      load: loadavg()
        .map((l) => l.toFixed(1))
        .join(' '),
      ...readReport(),
    })
  }
} finally {
  stopLoops()
}

console.log(`\ntest:under-load: npm test under ${LOOPS} busy loops on ${availableParallelism()} cores`)
for (const r of results) {
  console.log(
    `run ${r.run}: ${r.passed} passed, ${r.failed} failed, exit ${r.status}, ` +
      `${r.seconds.toFixed(0)} s, load ${r.load}` +
      (r.leftovers === 0 ? '' : ', and processes outlived it'),
  )
  for (const name of r.failedTests) console.log(`  FAILED ${name}`)
}
const ok = results.every((r) => r.status === 0 && r.failed === 0 && r.passed > 0 && r.leftovers === 0)
console.log(ok ? 'every test passed in every run' : 'NOT every test passed in every run')
process.exit(ok ? 0 : 1)
