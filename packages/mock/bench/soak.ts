/**
 * Soak run: the mock's HTTP server (127.0.0.1, its own process) under steady traffic for a span of mock
 * time compressed into a few real minutes, to show that a long-running server's memory and latency stay
 * flat. Traffic, open loop at a fixed rate (seeded, so a run is repeatable): each cycle creates an order,
 * pays it (control API; 10 % FAILED), refunds half of the paid ones with an idempotency key (a fifth of
 * those sent twice: the replay must answer the same bytes), reads a transaction detail, and a fifth of the
 * cycles ask forgot-pin for a code. Webhooks go to a receiver in this process that fails half of the
 * attempts, so retries run. The mock clock is frozen and moved by this driver every 100 ms.
 *
 * Every `--sample-seconds` it prints the server's RSS and heap (after a full GC in the server), the records
 * it holds and the p99 latency of the period. At the end, the last quarter after warm-up (the first fifth
 * of the samples) against the first: RSS and heap (goal within 10 %), p99 over every request of each
 * quarter (goal at most +25 %), the heap's growth per cycle in the second half against the first (no leak:
 * at most +10 %), and which records grew (orders, transactions and, within 24 h of mock time, idempotency
 * records are kept by design) and which stayed bounded.
 *
 *   npm run soak -w @merchant-gateway/mock                                   # 60 mock minutes in 180 s
 *   npm run soak -w @merchant-gateway/mock -- --seconds 3 --mock-minutes 20 # a short seeded run
 *   npm run soak -w @merchant-gateway/mock -- --cycles 40 --mock-minutes 30 # in steps, as the test runs it
 *
 * `--mode records` is the load test of a merchant's backend: each cycle creates an order, pays it and refunds it
 * (three requests; `--rate 67` is about 200 requests/s; refunds settle at once), 10 mock minutes per real second (an
 * idempotency key's 24 hours are 144 real seconds), run twice: with every order kept (the default) and with
 * `keepRecordsSeconds` (`--keep-records-seconds`, default 3600: six real seconds).
 * It prints the RSS curve of both and whether, with retention on, RSS stays within 10 % after warm-up.
 *
 *   npm run soak:records -w @merchant-gateway/mock                     # 10 minutes at ~200 requests/s, each setting
 *   npm run soak:records -w @merchant-gateway/mock -- --seconds 90    # a shorter run of each
 *
 * A measurement: it exits 0 whatever the figures, 1 only when it could not run or an answer was wrong.
 */
import { fork } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { GATEWAY_PATHS, HEADERS, PIN_PATHS } from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import { DEMO_MERCHANT } from '../src/server.js'
import { type MockStats, seededRandom } from '../src/index.js'
import type { ServerReport } from './soak.server.js'

/** What a soak run does. */
export interface SoakOptions {
  /** Real seconds the traffic runs. */
  seconds: number
  /** Mock-clock minutes those seconds stand for. */
  mockMinutes: number
  /** Cycles started per real second. */
  rate: number
  /** Real seconds between samples (each sample ends a latency period). */
  sampleSeconds: number
  /** Seed of every random choice (traffic mix, receiver failures). */
  seed: number
  /** Share of webhook attempts the receiver fails (HTTP 500). */
  failRate: number
  /** Where the lines go. */
  out: (line: string) => void
  /** `mixed` (default): the cycle above; `records`: create, pay SUCCESS and refund, nothing else. */
  mode?: 'mixed' | 'records'
  /** The server's `keepRecordsSeconds`; `undefined`: every order kept. */
  keepRecordsSeconds?: number
  /**
   * A fixed number of cycles run in steps, instead of `seconds` of traffic at `rate`: each step starts a sample
   * period's cycles (`rate` x `sampleSeconds`) at once, waits for their answers, then moves the mock clock by its
   * share of `mockMinutes` and takes a sample. What is sent and what the mock's clock does are then the same on a
   * busy machine as on an idle one (no order outlives its QR code because the machine was slow, no cycle is
   * skipped): the test's run. Latency figures still come out, but the flat-latency goal needs the open loop.
   */
  cycles?: number
}

/** One sample of the server. */
export interface SoakSample {
  realSeconds: number
  mockMinutes: number
  rss: number
  heapUsed: number
  /** Heap reserved by V8 (young generation included) and memory outside the heap (buffers). */
  heapTotal: number
  external: number
  stats: MockStats
  /** Cycles started so far. */
  cycles: number
  /** Latencies (ms) of the requests answered in the period that ended with this sample, and their p99. */
  latencies: number[]
  p99Ms: number
}

/** The outcome of a run. */
export interface SoakResult {
  /** The server's `keepRecordsSeconds` in this run. */
  keepRecordsSeconds: number | undefined
  samples: SoakSample[]
  cycles: number
  requests: number
  /** Answers with a status the cycle did not expect (or a replay that differed). */
  unexpected: string[]
  /** Cycles not started because too many were still running (the server fell behind). */
  skipped: number
  webhookPosts: number
  forgotPins: number
  /**
   * Records mode: answers late for the compressed mock time (a payment after the QR code's 30 minutes, a refund
   * after its timestamp's 5 minutes of tolerance), counted apart from wrong answers.
   */
  late: number
  /**
   * Last quarter after warm-up over the first: mean RSS, mean heap, pooled p99, heap growth per cycle (second half over
   * first).
   */
  comparison: { rss: number; heapUsed: number; p99: number; heapPerCycle: number } | undefined
}

const MAX_IN_FLIGHT = 64
const TICK_MS = 100
const START = Date.parse('2026-11-02T09:00:00.000Z')

const p99 = (values: number[]): number => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!
}
const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`

/** A receiver that fails `failRate` of the webhook attempts, seeded. */
async function startReceiver(
  failRate: number,
  random: () => number,
): Promise<{ server: Server; url: string; posts: () => number }> {
  let posts = 0
  const server = createServer((req, res) => {
    req.resume().on('end', () => {
      posts++
      res.writeHead(random() < failRate ? 500 : 200, { 'Content-Type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, posts: () => posts }
}

/** Runs the soak and prints as it goes. */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const { out } = options
  const random = seededRandom(options.seed)
  const receiver = await startReceiver(options.failRate, seededRandom(options.seed + 1))
  // The records mode settles refunds at once (0 business days): an order finishes in the cycle that made it.
  const serverArgs = [
    receiver.url,
    String(options.keepRecordsSeconds ?? 'off'),
    ...(options.mode === 'records' ? ['0'] : []),
  ]
  const child = fork(fileURLToPath(new URL('./soak.server.ts', import.meta.url)), serverArgs, {
    // The young generation starts at the size V8 grows it to under this load (16 MB semi-spaces): left
    // adaptive, V8 doubles it once or twice within the first minutes, a one-off step of ~33 MB of RSS
    // that is warm-up, not growth, and would land in the middle of a short run.
    execArgv: [
      '--conditions=@merchant-gateway/source',
      '--import',
      'tsx',
      '--expose-gc',
      '--min-semi-space-size=16',
      '--max-semi-space-size=16',
    ],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const reports: Array<{ resolve: (report: ServerReport) => void; reject: (error: Error) => void }> = []
  child.on('message', (report: ServerReport) => reports.shift()?.resolve(report))
  child.once('exit', (code) => {
    for (const waiting of reports.splice(0)) waiting.reject(new Error(`the soak server exited with ${code}`))
  })
  const nextReport = () =>
    new Promise<ServerReport>((resolve, reject) => {
      if (child.exitCode !== null) return reject(new Error(`the soak server exited with ${child.exitCode}`))
      reports.push({ resolve, reject })
    })
  const result: SoakResult = {
    keepRecordsSeconds: options.keepRecordsSeconds,
    samples: [],
    cycles: 0,
    requests: 0,
    unexpected: [],
    skipped: 0,
    webhookPosts: 0,
    forgotPins: 0,
    late: 0,
    comparison: undefined,
  }
  try {
    const ready = await nextReport()
    if (ready.kind !== 'ready') throw new Error('the soak server did not start')
    const base = ready.url
    let mockNow = START
    const latencies: number[] = []
    const wrong = (what: string) => {
      if (result.unexpected.length < 1000) result.unexpected.push(what)
    }
    const send = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
      const raw = body === undefined ? undefined : JSON.stringify(body)
      const started = performance.now()
      const res = await fetch(`${base}${path}`, {
        method,
        headers: raw === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
        body: raw,
      })
      const text = await res.text()
      latencies.push(performance.now() - started)
      result.requests++
      return { status: res.status, text }
    }
    const expect = (what: string, reply: { status: number; text: string }, status: number) => {
      if (reply.status !== status) wrong(`${what}: ${reply.status} ${reply.text.slice(0, 200)}`)
      return reply.status === status
    }

    const storeList = JSON.parse(
      (await send('POST', GATEWAY_PATHS.listStores, undefined, { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey })).text,
    ) as { data: Array<{ storeId: number }> }
    const storeId = storeList.data[0]!.storeId
    const users: Array<{ accessToken: string; email: string }> = []
    for (let i = 0; i < 20; i++) {
      const email = `soak${i}@example.com`
      const reply = await send('POST', '/__mock/users', { email, emailVerified: true })
      if (expect('create user', reply, 201))
        users.push({ accessToken: (JSON.parse(reply.text) as { accessToken: string }).accessToken, email })
    }
    const apiKey = { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey }

    const signedRefund = async (orderId: number, key: string) => {
      const raw = JSON.stringify({ orderId, refundAmount: 0.01 })
      const timestamp = String(Math.floor(mockNow / 1000))
      const signature = await signer.signRequest({ secret: DEMO_MERCHANT.apiSecret, body: raw, timestamp })
      const started = performance.now()
      const res = await fetch(`${base}${GATEWAY_PATHS.refundOrder}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...apiKey,
          [HEADERS.timestamp]: timestamp,
          [HEADERS.signature]: signature,
          [HEADERS.idempotentKey]: key,
        },
        body: raw,
      })
      const text = await res.text()
      latencies.push(performance.now() - started)
      result.requests++
      return { status: res.status, text }
    }

    const recordsCycle = async (n: number) => {
      const amount = (100 + Math.floor(random() * 5000)) / 100
      const created = await send('POST', GATEWAY_PATHS.createOrder, { storeId, amount, currency: 'USD' }, apiKey)
      if (!expect('create order', created, 200)) return
      const orderId = Number((JSON.parse(created.text) as { order_id: string }).order_id)
      const paid = await send('POST', '/__mock/payments', { orderId, status: 'SUCCESS' })
      // Mock time runs 600 times faster: a payment answered more than 3 real seconds after its order (a machine
      // too busy) finds the QR code's 30 minutes over. Counted, not a wrong answer.
      if (paid.status === 422 && paid.text.includes('expired')) {
        result.late++
        return
      }
      if (!expect('payment', paid, 201)) return
      const refunded = await signedRefund(orderId, `soak-${options.seed}-${n}`)
      // Likewise a refund read more than half a real second after it was signed finds its timestamp more than the
      // 5 minutes of tolerance old, and with keepRecordsSeconds one sent that long after the payment finds its order
      // forgotten (404, as documented).
      if (
        (refunded.status === 401 && refunded.text.includes('invalid_timestamp')) ||
        (refunded.status === 404 && options.keepRecordsSeconds !== undefined)
      ) {
        result.late++
        return
      }
      expect('refund', refunded, 200)
    }

    const mixedCycle = async (n: number) => {
      // Every choice is drawn when the cycle starts, in start order: the run is the same whatever the timing.
      const failed = random() < 0.1
      const refunds = random() < 0.5
      const replay = random() < 0.2
      const detail = random() < 0.3
      const forgot = random() < 0.2 ? users[Math.floor(random() * users.length)] : undefined
      const amount = (100 + Math.floor(random() * 5000)) / 100
      const created = await send('POST', GATEWAY_PATHS.createOrder, { storeId, amount, currency: 'USD' }, apiKey)
      if (!expect('create order', created, 200)) return
      const orderId = Number((JSON.parse(created.text) as { order_id: string }).order_id)
      const paid = await send('POST', '/__mock/payments', { orderId, status: failed ? 'FAILED' : 'SUCCESS' })
      if (!expect('payment', paid, 201)) return
      const transactionId = (JSON.parse(paid.text) as { transactionId: number }).transactionId
      if (!failed && refunds) {
        const key = `soak-${options.seed}-${n}`
        const first = await signedRefund(orderId, key)
        if (expect('refund', first, 200) && replay) {
          const again = await signedRefund(orderId, key)
          if (expect('refund replay', again, 200) && again.text !== first.text)
            wrong(`refund replay differed: ${again.text} vs ${first.text}`)
        }
      }
      if (detail)
        expect(
          'transaction detail',
          await send('GET', `${GATEWAY_PATHS.transactionDetail}?transaction_id=${transactionId}`, undefined, apiKey),
          200,
        )
      if (forgot) {
        result.forgotPins++
        expect(
          'forgot-pin',
          await send(
            'POST',
            PIN_PATHS.forgotPin,
            { email: forgot.email },
            { Authorization: `Bearer ${forgot.accessToken}` },
          ),
          200,
        )
      }
    }

    const cycle = options.mode === 'records' ? recordsCycle : mixedCycle
    const advancePerTick = Math.round((options.mockMinutes * 60_000 * TICK_MS) / (options.seconds * 1000))
    const perStep = Math.max(1, Math.round(options.rate * options.sampleSeconds))
    const steps = options.cycles === undefined ? 0 : Math.ceil(options.cycles / perStep)
    out(
      `Soak: ${options.mockMinutes} mock minutes in ` +
        (options.cycles === undefined
          ? `${options.seconds} s real (${advancePerTick / TICK_MS}x), ${options.rate} cycles/s`
          : `${options.cycles} cycles, ${steps} steps of ${perStep} cycles at once, the clock moved after each`) +
        `, seed ${options.seed}, receiver failing ${Math.round(options.failRate * 100)} ` +
        `% of webhook attempts; ${options.mode === 'records' ? 'create, pay, refund' : 'mixed traffic'}, ` +
        `keepRecordsSeconds ${options.keepRecordsSeconds ?? 'off'}; server ${base}`,
    )
    out(
      '   real    mock      RSS     heap heapTotal external orders  tx      ' +
        'idem  webhooks outbox otp  queued(settle/webhook/expiry)  requests  ' +
        'p99',
    )
    const started = performance.now()
    const mockEnd = START + options.mockMinutes * 60_000
    let sampling = false
    const sample = async () => {
      sampling = true
      const period = latencies.splice(0)
      child.send({ kind: 'sample' })
      const report = await nextReport()
      sampling = false
      if (report.kind !== 'sample') return
      const s: SoakSample = {
        realSeconds: (performance.now() - started) / 1000,
        mockMinutes: (mockNow - START) / 60_000,
        rss: report.rss,
        heapUsed: report.heapUsed,
        heapTotal: report.heapTotal,
        external: report.external,
        stats: report.stats,
        cycles: result.cycles,
        latencies: period,
        p99Ms: p99(period),
      }
      result.samples.push(s)
      const r = s.stats.records
      const q = s.stats.queued
      out(
        `${s.realSeconds.toFixed(1).padStart(6)}s ` +
          `${s.mockMinutes.toFixed(1).padStart(6)}m ${mb(s.rss).padStart(9)} ${mb(s.heapUsed).padStart(8)} ` +
          `${mb(s.heapTotal).padStart(8)} ${mb(s.external).padStart(7)} ${String(r.orders).padStart(7)} ` +
          `${String(r.transactions).padStart(6)} ${String(r.idempotency).padStart(6)} ` +
          `${String(r.webhooks).padStart(8)} ${String(r.outbox).padStart(6)} ${String(r.otpSessions).padStart(4)} ` +
          ` ${`${q.settlements}/${q.webhookAttempts}/${q.expiries}`.padStart(28)} ` +
          ` ${String(s.latencies.length).padStart(8)} ${s.p99Ms.toFixed(1).padStart(5)} ` +
          `ms`,
      )
    }
    if (options.cycles !== undefined) {
      for (let step = 1; step <= steps; step++) {
        const count = Math.min(perStep, options.cycles - result.cycles)
        await Promise.all(
          Array.from({ length: count }, () =>
            cycle(result.cycles++).catch((error: unknown) => wrong(`cycle threw: ${String(error)}`)),
          ),
        )
        const to = step === steps ? mockEnd : START + Math.round(((mockEnd - START) * step) / steps)
        if (to > mockNow) {
          const advanceMs = to - mockNow
          mockNow = to
          expect('clock', await send('POST', '/__mock/clock', { advanceMs }), 200)
        }
        if (step < steps) await sample()
      }
    } else {
      const end = started + options.seconds * 1000
      const running = new Set<Promise<void>>()
      // The clock's move in flight, if any: awaited before the server stops, so that none is cut off by the
      // server's exit (it answers after the webhook attempts it started, which can take a while under load).
      let ticking: Promise<void> | undefined
      const ticker = setInterval(() => {
        // Never past the run's mock minutes, however long a busy machine makes the run.
        const advanceMs = Math.min(advancePerTick, mockEnd - mockNow)
        if (ticking || advanceMs <= 0) return
        mockNow += advanceMs
        ticking = send('POST', '/__mock/clock', { advanceMs })
          .then((reply) => void expect('clock', reply, 200))
          .catch((error: unknown) => wrong(`clock threw: ${String(error)}`))
          .finally(() => {
            ticking = undefined
          })
      }, TICK_MS)
      let nextSample = started + options.sampleSeconds * 1000
      let nextCycle = started
      while (performance.now() < end) {
        if (running.size < MAX_IN_FLIGHT) {
          const task: Promise<void> = cycle(result.cycles++).catch((error: unknown) =>
            wrong(`cycle threw: ${String(error)}`),
          )
          running.add(task)
          void task.finally(() => running.delete(task))
        } else {
          result.skipped++
        }
        nextCycle += 1000 / options.rate
        if (performance.now() >= nextSample && !sampling) {
          nextSample += options.sampleSeconds * 1000
          await sample()
        }
        const wait = nextCycle - performance.now()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      }
      clearInterval(ticker)
      await ticking
      await Promise.all(running)
    }
    // A tick skipped while the one before it was still answering (a busy machine) leaves the clock behind the
    // run's promise: it catches up before the last sample, so a run always ends at its mock minutes.
    const behind = mockEnd - mockNow
    if (behind > 0) {
      mockNow += behind
      expect('clock', await send('POST', '/__mock/clock', { advanceMs: behind }), 200)
    }
    await sample()
    result.webhookPosts = receiver.posts()
    result.comparison = summarise(result, out, options.mode === 'records' ? 24 * 60 : undefined)
    return result
  } finally {
    if (child.connected) child.send({ kind: 'exit' })
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000)
      child.once('exit', () => {
        clearTimeout(timer)
        resolve()
      })
    })
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()))
  }
}

/** Compares the last quarter after warm-up with the first; prints the verdicts. */
function summarise(
  result: SoakResult,
  out: (line: string) => void,
  warmupMockMinutes?: number,
): SoakResult['comparison'] {
  const { samples } = result
  out('')
  out(
    `${result.cycles} cycles, ${result.requests} requests, ${result.webhookPosts} ` +
      `webhook POSTs received (retries included), ${result.forgotPins} codes ` +
      `asked, ${result.skipped} cycles skipped (server behind), ${result.unexpected.length} ` +
      `unexpected answers${result.late > 0 ? `, ${result.late} late for the compressed mock time` : ''}`,
  )
  for (const line of result.unexpected.slice(0, 5)) out(`  unexpected: ${line}`)
  // Warm-up: the first fifth of the samples (JIT, first GCs, tables growing their first buckets), and in the records
  // mode at least a day of mock time and the records kept: until then idempotency keys (24 h) and the orders kept
  // still fill up to their steady state.
  const steadyAt = (warmupMockMinutes ?? 0) + (result.keepRecordsSeconds ?? 0) / 60
  const warm = samples.findIndex((s) => s.mockMinutes >= steadyAt)
  const after = samples.slice(Math.max(1, Math.floor(samples.length / 5), warm), -1)
  if (after.length < 4) {
    out('too few samples after warm-up to compare quarters; run longer or sample more often')
    return undefined
  }
  const quarter = Math.floor(after.length / 4)
  const first = after.slice(0, quarter)
  const last = after.slice(-quarter)
  const ratio = (pick: (s: SoakSample) => number) => mean(last.map(pick)) / mean(first.map(pick))
  // p99 over every request of the quarter: a period's own p99 rests on its few slowest requests.
  const pooled = (samples: SoakSample[]) => p99(samples.flatMap((s) => s.latencies))
  // Heap growth per cycle, second half after warm-up against the first: records kept by design grow the
  // heap by the same bytes per cycle all along; history still filling up to its limit adds more early
  // on; anything that grows faster with time (a leak, a scan) shows as a higher second half.
  const mid = after[Math.floor(after.length / 2)]!
  const slope = (from: SoakSample, to: SoakSample) =>
    (to.heapUsed - from.heapUsed) / Math.max(1, to.cycles - from.cycles)
  const firstSlope = slope(after[0]!, mid)
  const secondSlope = slope(mid, after.at(-1)!)
  const comparison = {
    rss: ratio((s) => s.rss),
    heapUsed: ratio((s) => s.heapUsed),
    p99: pooled(last) / pooled(first),
    heapPerCycle: secondSlope / firstSlope,
  }
  const pct = (r: number) => `${r >= 1 ? '+' : ''}${((r - 1) * 100).toFixed(1)} %`
  out(`after warm-up (${after.length} samples, quarters of ${quarter}): last quarter against the first`)
  out(
    `  RSS  ${mb(mean(first.map((s) => s.rss)))} -> ` +
      `${mb(mean(last.map((s) => s.rss)))}: ${pct(comparison.rss)} (goal ` +
      `within 10 %: ` +
      `${Math.abs(comparison.rss - 1) <= 0.1 ? 'met' : 'NOT met'})`,
  )
  out(
    `  heap ${mb(mean(first.map((s) => s.heapUsed)))} -> ` +
      `${mb(mean(last.map((s) => s.heapUsed)))}: ${pct(comparison.heapUsed)} ` +
      `(goal within 10 %: ` +
      `${Math.abs(comparison.heapUsed - 1) <= 0.1 ? 'met' : 'NOT met'})`,
  )
  out(
    `  heap growth per cycle: ${firstSlope.toFixed(0)} B in the first half, ` +
      `${secondSlope.toFixed(0)} B in the second: ${pct(comparison.heapPerCycle)} ` +
      `(no leak: the second half at most +10 %: ` +
      `${comparison.heapPerCycle <= 1.1 ? 'met' : 'NOT met'})`,
  )
  out(
    `  p99  ${pooled(first).toFixed(1)} ms -> ${pooled(last).toFixed(1)} ms ` +
      `(every request of the quarter): ${pct(comparison.p99)} (goal at most ` +
      `+25 %: ${comparison.p99 <= 1.25 ? 'met' : 'NOT met'})`,
  )
  const a = first[0]!.stats
  const b = last.at(-1)!.stats
  const grew = (['orders', 'transactions', 'idempotency'] as const)
    .map((k) => `${k} ${a.records[k]} -> ${b.records[k]}`)
    .join(', ')
  const bounded = (['webhooks', 'outbox', 'otpSessions'] as const)
    .map((k) => `${k} ${a.records[k]} -> ${b.records[k]}`)
    .join(', ')
  out(
    result.keepRecordsSeconds === undefined
      ? `  kept by design (never dropped; idempotency for 24 h of mock time): ${grew}`
      : `  finished ones forgotten after ${result.keepRecordsSeconds} s (idempotency for 24 h of mock time): ${grew}`,
  )
  out(`  bounded by retention: ${bounded}, request log ${a.requestLog} -> ${b.requestLog}`)
  return comparison
}

function parseOptions(argv: string[]): SoakOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      seconds: { type: 'string' },
      'mock-minutes': { type: 'string' },
      rate: { type: 'string' },
      'sample-seconds': { type: 'string' },
      seed: { type: 'string' },
      'fail-rate': { type: 'string' },
      mode: { type: 'string' },
      'keep-records-seconds': { type: 'string' },
      cycles: { type: 'string' },
    },
  })
  const mode = values.mode ?? 'mixed'
  if (mode !== 'mixed' && mode !== 'records')
    throw new RangeError(`--mode must be mixed or records, got ${JSON.stringify(values.mode)}`)
  const records = mode === 'records'
  const number = (
    name: string,
    value: string | undefined,
    fallback: number,
    min: number,
    max = Number.MAX_SAFE_INTEGER,
  ) => {
    if (value === undefined) return fallback
    const n = Number(value)
    if (!Number.isFinite(n) || n < min || n > max)
      throw new RangeError(`--${name} must be a number from ${min} to ${max}, got ${JSON.stringify(value)}`)
    return n
  }
  const seconds = number('seconds', values.seconds, records ? 600 : 180, 1)
  return {
    mode,
    // Off in the mixed mode unless given; the records mode runs both settings, on with an hour by default.
    keepRecordsSeconds:
      records || values['keep-records-seconds'] !== undefined
        ? number('keep-records-seconds', values['keep-records-seconds'], 3600, 1)
        : undefined,
    seconds,
    // The records mode: 10 mock minutes per real second (a QR code's 30 minutes are 3 real seconds).
    mockMinutes: number(
      'mock-minutes',
      values['mock-minutes'],
      records ? Math.max(1, Math.round(seconds * 10)) : 60,
      1,
    ),
    rate: number('rate', values.rate, records ? 67 : 20, 1, 1000),
    sampleSeconds: number('sample-seconds', values['sample-seconds'], Math.max(0.5, seconds / 30), 0.1),
    seed: number('seed', values.seed, 1, 0),
    failRate: number('fail-rate', values['fail-rate'], records ? 0 : 0.5, 0, 1),
    cycles: values.cycles === undefined ? undefined : number('cycles', values.cycles, 0, 1),
    out: (line) => console.log(line),
  }
}

/**
 * The records mode: the same traffic against a server that keeps every order, then one with `keepRecordsSeconds`;
 * prints both RSS curves side by side and the verdict of the second.
 */
export async function runRecordsSoak(options: SoakOptions): Promise<{ off: SoakResult; on: SoakResult }> {
  const { out } = options
  out('== keepRecordsSeconds off (every order kept) ==')
  const off = await runSoak({ ...options, mode: 'records', keepRecordsSeconds: undefined })
  out('')
  out(`== keepRecordsSeconds ${options.keepRecordsSeconds} ==`)
  const on = await runSoak({ ...options, mode: 'records' })
  out('')
  out('RSS curve (MB), retention off | on, and the orders held:')
  for (let i = 0; i < Math.max(off.samples.length, on.samples.length); i++) {
    const a = off.samples[i]
    const b = on.samples[i]
    const cell = (s: SoakSample | undefined) =>
      s ? `${(s.rss / 1_048_576).toFixed(1).padStart(7)} ${String(s.stats.records.orders).padStart(7)}` : ' '.repeat(15)
    const at = (a ?? b)!.realSeconds.toFixed(0).padStart(5)
    out(`  ${at}s  ${cell(a)} | ${cell(b)}`)
  }
  const verdict = (r: SoakResult) =>
    r.comparison === undefined
      ? 'too few samples'
      : `${r.comparison.rss >= 1 ? '+' : ''}${((r.comparison.rss - 1) * 100).toFixed(1)} % ` +
        `(${Math.abs(r.comparison.rss - 1) <= 0.1 ? 'within' : 'NOT within'} 10 %)`
  out(`RSS after warm-up, last quarter against the first: off ${verdict(off)}; on ${verdict(on)}`)
  return { off, on }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = parseOptions(process.argv.slice(2))
  const run =
    options.mode === 'records'
      ? runRecordsSoak(options).then(({ off, on }) => [...off.unexpected, ...on.unexpected])
      : runSoak(options).then((result) => result.unexpected)
  run.then(
    (unexpected) => process.exit(unexpected.length > 0 ? 1 : 0),
    (error: unknown) => {
      console.error('soak could not run:', error)
      process.exit(1)
    },
  )
}
