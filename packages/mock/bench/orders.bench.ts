/**
 * Benchmark: a long-running mock's cost per request, heap per order and reset time against the number of
 * orders it holds. Each store size (1 000, 10 000 and 100 000 paid orders) lives in a child process of its
 * own (orders.child.ts), so its heap and garbage collector are its own: in one shared process the small
 * store's figures carried the large one's GC cost and hid the difference. The goals:
 *
 * - P4: per-request CPU of create order + transaction detail at 100 000 orders at most 1.3x that at 1 000;
 * - heap per order (with its payment transaction) at most 1.5 KB at 100 000 orders;
 * - reset at most 50 ms at 100 000 orders.
 *
 * Run: `npm run bench -w @merchant-gateway/mock` (or `npm run bench` at the root). A measurement, not a
 * test: it always exits 0 unless it could not run.
 *
 * Method: the three children fill at once (in turn), then rounds interleave the sizes (1k, 10k, 100k,
 * 1k, ...), so the machine's drift hits all alike; a round is ITERATIONS iterations of POST order/create +
 * GET payment/transaction-detail for a random transaction id drawn uniformly from all payments of the fill,
 * through `mock.fetch`, with a frozen clock. Per-request CPU is the child's own CPU time (user + system,
 * garbage collector threads included) per iteration, median of the rounds. Heap per order is the heap
 * after a full GC, minus the heap of the same mock before the fill, over the number of orders. Reset is
 * timed last, once per size, after a full GC.
 */
import { fork, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import type { ChildReport, ParentMessage } from './orders.child.js'

const SIZES = [1_000, 10_000, 100_000]
const ROUNDS = Number(process.env.ROUNDS ?? 5)
const ITERATIONS = Number(process.env.ITERATIONS ?? 1_000)
const WARMUP_ITERATIONS = 1_000
const GOALS = { ratio: 1.3, heapPerOrder: 1536, resetMs: 50 }
const CHILD = fileURLToPath(new URL('./orders.child.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

interface Child {
  size: number
  process: ChildProcess
  next(): Promise<ChildReport>
  ask(message: ParentMessage): Promise<ChildReport>
}

function start(size: number): Child {
  const child = fork(CHILD, [String(size)], {
    cwd: ROOT,
    execArgv: ['--conditions=@merchant-gateway/source', '--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const waiting: Array<(report: ChildReport) => void> = []
  const queued: ChildReport[] = []
  child.on('message', (report: ChildReport) => {
    const resolve = waiting.shift()
    if (resolve) resolve(report)
    else queued.push(report)
  })
  let failed: Error | undefined
  child.once('exit', (code) => {
    failed = new Error(`child for ${size} orders exited with ${code}`)
  })
  const next = () =>
    new Promise<ChildReport>((resolve, reject) => {
      if (queued.length > 0) return resolve(queued.shift()!)
      if (failed) return reject(failed)
      waiting.push(resolve)
      child.once('exit', () => reject(failed))
    })
  return {
    size,
    process: child,
    next,
    ask: (message) => {
      child.send(message)
      return next()
    },
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const label = (size: number) => `${size.toLocaleString('en-US').padStart(7)} orders`
const verdict = (met: boolean) => (met ? 'met' : 'NOT met')

async function main(): Promise<void> {
  const total = performance.now()
  const cpus = os.cpus()
  console.log('Benchmark: a long-running mock against the number of orders it holds (one child process per size)')
  console.log(
    `Node ${process.version} on ${process.platform}/${process.arch}, ${cpus.length} ` +
      `CPU(s) (${cpus[0]?.model ?? 'unknown'}); a shared machine: compare ` +
      `ratios, not absolute times.`,
  )
  console.log(
    `Method: ${ROUNDS} interleaved rounds of ${ITERATIONS} x (create order ` +
      `+ transaction detail) per size, median of the rounds; every fill order ` +
      `paid (SUCCESS) at once.`,
  )
  console.log('')

  const children: Child[] = []
  try {
    const filled = new Map<number, Extract<ChildReport, { kind: 'filled' }>>()
    for (const size of SIZES) {
      // One at a time: a fill is CPU-bound, and two at once would slow each other on a 2-core machine.
      const child = start(size)
      children.push(child)
      const report = await child.next()
      if (report.kind !== 'filled') throw new Error(`unexpected ${report.kind} from the ${size} child`)
      filled.set(size, report)
      console.log(
        `fill ${label(size)}: ${(report.fillMs / 1000).toFixed(2)} s (${((report.fillMs * 1000) / size).toFixed(1)} ` +
          `us per order), heap ${report.heapPerOrder.toFixed(0)} B per order`,
      )
    }
    for (const child of children) await child.ask({ kind: 'round', iterations: WARMUP_ITERATIONS, seed: 1 })

    const cpu = new Map<number, number[]>(SIZES.map((s) => [s, []]))
    const wall = new Map<number, number[]>(SIZES.map((s) => [s, []]))
    for (let round = 1; round <= ROUNDS; round++) {
      const line: string[] = []
      for (const child of children) {
        const report = await child.ask({ kind: 'round', iterations: ITERATIONS, seed: 20261102 + round })
        if (report.kind !== 'round') throw new Error(`unexpected ${report.kind}`)
        cpu.get(child.size)!.push(report.cpuUs)
        wall.get(child.size)!.push(report.wallUs)
        line.push(`${child.size}: ${report.cpuUs.toFixed(1)} us CPU${report.refilled ? ' (refilled)' : ''}`)
      }
      console.log(`round ${round}: ${line.join(', ')}`)
    }
    const resets = new Map<number, Extract<ChildReport, { kind: 'reset' }>>()
    for (const child of children) {
      const report = await child.ask({ kind: 'reset' })
      if (report.kind !== 'reset') throw new Error(`unexpected ${report.kind}`)
      resets.set(child.size, report)
    }

    console.log('')
    console.log('P4 per process: create order + transaction detail')
    for (const size of SIZES) {
      const us = (values: number[]) => median(values).toFixed(1).padStart(6)
      const rounds = cpu
        .get(size)!
        .map((v) => v.toFixed(1))
        .join(', ')
      console.log(
        `  ${label(size)}: ${us(cpu.get(size)!)} us CPU per iteration, ` +
          `${us(wall.get(size)!)} us wall (rounds ${rounds})`,
      )
    }
    const small = median(cpu.get(SIZES[0]!)!)
    const large = median(cpu.get(SIZES.at(-1)!)!)
    const ratio = large / small
    console.log(
      `  ratio 100k / 1k CPU per iteration: ${ratio.toFixed(2)}x (goal <= ` +
        `${GOALS.ratio}x: ${verdict(ratio <= GOALS.ratio)}); 10k / 1k: ` +
        `${(median(cpu.get(SIZES[1]!)!) / small).toFixed(2)}x`,
    )
    console.log('')
    console.log('Heap per order (with its payment transaction), after a full GC')
    for (const size of SIZES)
      console.log(`  ${label(size)}: ${filled.get(size)!.heapPerOrder.toFixed(0).padStart(5)} B`)
    const heap = filled.get(SIZES.at(-1)!)!.heapPerOrder
    console.log(
      `  at 100k: ${heap.toFixed(0)} B (goal <= ${GOALS.heapPerOrder} B: ${verdict(heap <= GOALS.heapPerOrder)})`,
    )
    console.log('')
    console.log('Reset (mock.reset(), after a full GC; the garbage it leaves is collected later, shown apart)')
    for (const size of SIZES) {
      const r = resets.get(size)!
      console.log(
        `  ${label(size)} (${r.records.toLocaleString('en-US')} records): ${r.resetMs.toFixed(2).padStart(7)} ` +
          `ms; the next full GC ${r.gcAfterMs.toFixed(1)} ms`,
      )
    }
    const resetMs = resets.get(SIZES.at(-1)!)!.resetMs
    console.log(
      `  at 100k: ${resetMs.toFixed(2)} ms (goal <= ${GOALS.resetMs} ms: ${verdict(resetMs <= GOALS.resetMs)})`,
    )
    console.log(`\ntotal bench time: ${((performance.now() - total) / 1000).toFixed(1)} s`)
  } finally {
    for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGKILL')
  }
}

// A measurement, not a test: a missed goal still exits 0. Only a bench that could not run exits 1.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('benchmark could not run:', error)
    process.exit(1)
  },
)
