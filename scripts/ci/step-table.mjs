// Prints CI's step table (`.ci/run`, at its end): each step's start and seconds, as recorded in the tab-separated
// file given (name, start in seconds since CI began, seconds, outcome, CPU seconds; written by .ci/run and
// scripts/ci/lanes.mjs), then the sums and CI's own wall time (the second argument, in seconds): steps run side by
// side, so the sum exceeds the wall time by what the lanes saved. A step that grows shows here; the CPU column
// shows what it computes (on two cores, CI's wall time cannot go under half the CPU sum) against what it waits.
import { readFileSync } from 'node:fs'

const [file, wall] = process.argv.slice(2)
const rows = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [name, start, seconds, outcome, cpu = ''] = line.split('\t')
    return { name, start: Number(start), seconds: Number(seconds), outcome, cpu }
  })
  .sort((a, b) => a.start - b.start)

const width = Math.max('sum of the steps'.length, ...rows.map((r) => r.name.length))
const line = (name, start, seconds, cpu, outcome) =>
  `${name.padEnd(width)}  ${start.padStart(8)}  ${seconds.padStart(8)}  ${cpu.padStart(8)}  ${outcome}`.trimEnd()
console.log(
  'CI steps (seconds; "starts" counts from the start of CI, steps that overlap ran side by side; "cpu" is the',
)
console.log('CPU seconds, user and system, of every process the step started; ~ where only those it waited for')
console.log('were counted):')
console.log(line('step', 'starts', 'seconds', 'cpu', 'outcome'))
for (const r of rows) console.log(line(r.name, r.start.toFixed(0), r.seconds.toFixed(1), r.cpu, r.outcome))
const sum = rows.reduce((total, r) => total + r.seconds, 0)
const cpuSum = rows.reduce((total, r) => total + (Number(r.cpu.replace(/^~/, '')) || 0), 0)
console.log(line('sum of the steps', '', sum.toFixed(1), cpuSum.toFixed(1), ''))
if (wall !== undefined) console.log(line('total (wall)', '', Number(wall).toFixed(1), '', ''))
