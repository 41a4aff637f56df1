/**
 * @module sdk.bench
 * Benchmark: what the SDK costs a merchant per call, measured where it is spent. For create order and for
 * refund, three callers side by side:
 *
 * - hand: a hand-written call, as a merchant would write it: `fetch` with a JSON string body and the
 *   headers; a refund signed with the SDK's own signing primitive (`signer.signRequest` of the contract's
 *   `./crypto`, node:crypto on Node) and a fresh `crypto.randomUUID()` key; `res.json()`, `res.ok` checked.
 * - ky: a bare ky call with the options the SDK gives ky: an instance with `prefix` and `fetch`; per call
 *   the method, the SDK's headers (its User-Agent included), the body string, `timeout`, `totalTimeout`
 *   (the default deadline), the SDK's retry settings (limit 2); a refund signed in a `beforeRequest` hook
 *   (as the SDK does, so each attempt gets a fresh X-Timestamp), with the raw body passed in `context`; the
 *   answer read with `.text()` and `JSON.parse`, as the SDK reads it. So sdk minus ky is the SDK's own
 *   layer: checks, call state, the body attached as the attempt is sent, validation, `meta`.
 * - sdk: `gateway.orders.create(...)`, `gateway.refunds.create(...)`.
 *
 * Each against:
 *
 * a. a stub fetch: it answers a canned Response (the mock's own answer, captured once) and never reads the
 *    request, so only the client's work is measured. CPU per call.
 * b. `mock.fetch`, the realistic case of an integration's tests: the mock reads, checks and answers. CPU
 *    per call. a and b run in the same rounds, so b minus a per caller (what the mock adds to that caller)
 *    is a paired figure too; beside it, the wall time spent inside the fetch, from each call to its answer.
 * c. a stub that answers after 20 ms of simulated service latency (a timer): wall time per call and its
 *    ratio to the hand-written call's, the figure a merchant feels.
 *
 * Goals, printed as met or NOT met: what the SDK and the mock answer for.
 * - the SDK's own layer (a: sdk minus ky) at most 20 us of CPU per call;
 * - what `mock.fetch` adds to ky's call (b minus a: a Request with a body) at most 1.2x what it adds to the
 *   hand-written call (a string body in its init).
 *
 * Figures, printed without a goal: ky and the SDK against the hand-written call (b: sdk minus hand on
 * `mock.fetch`; c: sdk / hand at 20 ms of latency). ky is the SDK's HTTP layer, and what a ky call costs over
 * a hand-written `fetch` on this machine is ky's own (its options merged, its timers, the Request it makes and
 * clones for retries): no change to the SDK or the mock can take it away.
 *
 * Run: `npm run bench -w @merchant-gateway/sdk`. A measurement, not a test: it exits 0 unless it cannot run.
 *
 * Method: a warm-up of every caller, then rounds; in each round every operation runs a block of calls of
 * each caller against each fetch, the callers' order changing from round to round (rotated, and reversed
 * every other rotation) and the fetches' order alternating, so drift on a noisy machine hits all alike.
 * Each block starts from a collected heap (the npm script runs with --expose-gc). Figures are medians of
 * the rounds; differences and ratios are medians of the per-round pairs (both sides of a pair run in the
 * same round, so a slow spell of the shared machine cancels out within the pair), each with the middle
 * half of the rounds' values (p25 to p75) as its spread. CPU is process CPU (user + system), so V8's
 * collector and compiler threads count. Each round of b gets a fresh mock (a test's heap, not one holding
 * every order of the run), its refunds spread round-robin over paid orders made before the timing (the
 * mock sums an order's refunds on each refund), and every caller stamps X-Timestamp from its frozen clock.
 */
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { hmac, signer } from '@merchant-gateway/contract/crypto'
import { createMockGateway } from '@merchant-gateway/mock'
import ky, { type Options } from 'ky'
import { MAX_TIMER_MS } from '../src/client/options.js'
import { backoff } from '../src/client/retry-policy.js'
import { sdkUserAgent } from '../src/http/user-agent.js'
import { GatewayClient, VERSION } from '../src/index.js'

const GOAL_LAYER_US = 20
const GOAL_MOCK_REQUEST_RATIO = 1.2
const LATENCY_MS = 20
const REFUND_AMOUNT = 0.01
const ORDER_AMOUNT = 10
const REFUNDS_PER_ORDER = 20
const NOW = '2026-11-02T09:00:00.000Z'

type Caller = 'hand' | 'ky' | 'sdk'
const CALLERS: readonly Caller[] = ['hand', 'ky', 'sdk']
type Operation = 'create order' | 'refund'
const OPERATIONS: readonly Operation[] = ['create order', 'refund']
type Calls = Record<Operation, Record<Caller, () => Promise<unknown>>>

/** How many calls a setting makes: warm-up per caller and operation, rounds, calls per block. */
interface Plan {
  warmup: number
  rounds: number
  calls: number
}

const PLANS = {
  inProcess: { warmup: 1_000, rounds: 15, calls: 300 },
  latency: { warmup: 10, rounds: 12, calls: 12 },
} satisfies Record<string, Plan>

/** What the callers send with: credentials, the store, the clock, and the orders a refund takes. */
interface Target {
  baseUrl: string
  fetch: typeof globalThis.fetch
  apiKey: string
  apiSecret: string
  storeId: number
  nowMs: number
  nextOrderId: () => number
}

/** The SDK's retry settings for its default options, as `Transport` gives them to ky. */
const SDK_RETRY = {
  methods: ['get', 'post'],
  statusCodes: [429, 503],
  afterStatusCodes: [429, 503],
  delay: (retry: number) => backoff(retry, { baseMs: 500, maxMs: 8_000 }),
  backoffLimit: 8_000,
  jitter: true,
  maxRetryAfter: MAX_TIMER_MS,
  limit: 2,
} satisfies Options['retry']

/** The three callers of each operation against `target`. */
function callers(target: Target): Calls {
  const { baseUrl, fetch, apiKey, apiSecret, storeId, nowMs, nextOrderId } = target
  const gateway = new GatewayClient({ apiKey, apiSecret, baseUrl, fetch, now: () => nowMs })
  const createUrl = `${baseUrl}${GATEWAY_PATHS.createOrder}`
  const refundUrl = `${baseUrl}${GATEWAY_PATHS.refundOrder}`
  const timestamp = () => String(Math.floor(nowMs / 1000))

  /** The hand-written create order of a Node integration. */
  async function handCreateOrder(): Promise<unknown> {
    const res = await fetch(createUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: apiKey },
      body: JSON.stringify({ storeId, amount: 12.5, currency: 'USD' }),
    })
    const body = (await res.json()) as { order_id?: string }
    if (!res.ok) throw new Error(`create order answered ${res.status}: ${JSON.stringify(body)}`)
    return body
  }

  /** The hand-written refund: signed with the SDK's signing primitive, a fresh key per call. */
  async function handRefund(): Promise<unknown> {
    const body = JSON.stringify({ orderId: nextOrderId(), refundAmount: REFUND_AMOUNT })
    const stamp = timestamp()
    const res = await fetch(refundUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [HEADERS.apiKey]: apiKey,
        [HEADERS.timestamp]: stamp,
        [HEADERS.signature]: await signer.signRequest({ secret: apiSecret, body, timestamp: stamp }),
        [HEADERS.idempotentKey]: randomUUID(),
      },
      body,
    })
    const json = (await res.json()) as { data?: unknown }
    if (!res.ok) throw new Error(`refund answered ${res.status}: ${JSON.stringify(json)}`)
    return json.data
  }

  // Bare ky: one instance per kind of call, as a ky user would make them; ky merges an instance's hooks
  // into each call's options, so per-call hooks would cost ky more than the SDK's instance-level ones.
  const userAgent = sdkUserAgent()
  const plain = ky.create({ prefix: baseUrl, fetch })
  const signed = ky.create({
    prefix: baseUrl,
    fetch,
    hooks: {
      beforeRequest: [
        async ({ request, options }) => {
          const stamp = timestamp()
          const body = options.context.body as string
          request.headers.set(HEADERS.timestamp, stamp)
          request.headers.set(
            HEADERS.signature,
            await signer.signRequest({ secret: apiSecret, body, timestamp: stamp }),
          )
        },
      ],
    },
  })
  /** ky's options for one call, as the SDK's `Transport` sets them with its default options. */
  const kyOptions = (body: string, headers: Record<string, string>): Options => ({
    method: 'post',
    headers: {
      ...(userAgent === undefined ? {} : { 'user-agent': userAgent }),
      [HEADERS.apiKey.toLowerCase()]: apiKey,
      accept: 'application/json',
      'content-type': 'application/json',
      ...headers,
    },
    body,
    timeout: 30_000,
    totalTimeout: 120_000,
    retry: SDK_RETRY,
  })
  async function kyCreateOrder(): Promise<unknown> {
    const body = JSON.stringify({ storeId, amount: 12.5, currency: 'USD' })
    const text = await plain(GATEWAY_PATHS.createOrder, kyOptions(body, {})).text()
    return JSON.parse(text) as { order_id?: string }
  }
  async function kyRefund(): Promise<unknown> {
    const body = JSON.stringify({ orderId: nextOrderId(), refundAmount: REFUND_AMOUNT })
    const options = kyOptions(body, { [HEADERS.idempotentKey.toLowerCase()]: randomUUID() })
    const text = await signed(GATEWAY_PATHS.refundOrder, { ...options, context: { body } }).text()
    return (JSON.parse(text) as { data?: unknown }).data
  }

  return {
    'create order': {
      hand: handCreateOrder,
      ky: kyCreateOrder,
      sdk: () => gateway.orders.create({ storeId, amount: 12.5, currency: 'USD' }),
    },
    refund: {
      hand: handRefund,
      ky: kyRefund,
      sdk: () => gateway.refunds.create({ orderId: nextOrderId(), amount: REFUND_AMOUNT }),
    },
  }
}

/** An answer a stub gives: the mock's, captured once. */
interface Canned {
  status: number
  headers: Record<string, string>
  text: string
}

/**
 * A fresh frozen mock with one merchant, one store and paid orders enough for `refunds` refunds. A fresh
 * one per round keeps the heap as small as a test's: a mock that keeps every order and refund of the whole
 * run makes each collection dearer, and bills that to whichever caller allocates most.
 */
async function mockTarget(refunds: number): Promise<Target> {
  const mock = createMockGateway({ clock: { now: NOW, frozen: true } })
  const merchant = await mock.merchants.create({ balances: { usd: 10_000_000 } })
  const store = await mock.stores.add(merchant.merchantId, { storeName: 'Bench', address: '1 Bench St' })
  const { apiKey, apiSecret } = merchant
  const perOrder = Math.min(REFUNDS_PER_ORDER, Math.floor(ORDER_AMOUNT / REFUND_AMOUNT))
  const orderIds: number[] = []
  for (let i = 0; i < Math.max(1, Math.ceil(refunds / perOrder)); i++) {
    const res = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.createOrder}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: apiKey },
      body: JSON.stringify({ storeId: store.storeId, amount: ORDER_AMOUNT, currency: 'USD' }),
    })
    const orderId = Number(((await res.json()) as { order_id: string }).order_id)
    await mock.payments.create({ orderId, status: 'SUCCESS' })
    orderIds.push(orderId)
  }
  let next = 0
  return {
    baseUrl: mock.baseUrl,
    fetch: mock.fetch,
    apiKey,
    apiSecret,
    storeId: store.storeId,
    nowMs: Date.parse(mock.clock.now()),
    nextOrderId: () => orderIds[next++ % orderIds.length]!,
  }
}

/** The mock's answer to each operation as the SDK sends it, captured once: what the stubs answer. */
async function cannedAnswers(): Promise<Record<Operation, Canned>> {
  const target = await mockTarget(1)
  let captured: Canned | undefined
  const capture = new GatewayClient({
    apiKey: target.apiKey,
    apiSecret: target.apiSecret,
    baseUrl: target.baseUrl,
    now: () => target.nowMs,
    fetch: async (input, init) => {
      const res = await target.fetch(input, init)
      captured = { status: res.status, headers: Object.fromEntries(res.headers), text: await res.clone().text() }
      return res
    },
  })
  await capture.orders.create({ storeId: target.storeId, amount: 12.5, currency: 'USD' })
  const created = captured!
  await capture.refunds.create({ orderId: target.nextOrderId(), amount: REFUND_AMOUNT })
  return { 'create order': created, refund: captured! }
}

/**
 * A fetch that answers each operation's canned answer, after `delayMs` when given, without reading the
 * request: a fixed cost, the same for every caller.
 */
function stubFetch(canned: Record<Operation, Canned>, delayMs = 0): typeof globalThis.fetch {
  const refundPath = GATEWAY_PATHS.refundOrder
  return async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const answer = canned[url.endsWith(refundPath) ? 'refund' : 'create order']
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
    return new Response(answer.text, { status: answer.status, headers: answer.headers })
  }
}

/** Wall time spent inside the fetch, from each call to its answer, summed since the block began (ms). */
let insideFetch = 0

/**
 * `fetch`, timed from the call to its answer. Nothing else runs meanwhile (the caller awaits it), so this
 * is what the fetch itself spends on the caller's request, the collections that fall in it included.
 */
function timed(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    const start = performance.now()
    const answer = fetch(input, init)
    answer.then(
      () => {
        insideFetch += performance.now() - start
      },
      () => undefined,
    )
    return answer
  }
}

/** Per-call means of one block of `n` calls, in us: CPU (user + system, this process), wall, inside fetch. */
interface Sample {
  cpu: number
  wall: number
  inside: number
}

async function block(call: () => Promise<unknown>, n: number): Promise<Sample> {
  // Each block starts from a collected heap, so a major GC owed by earlier work does not land on
  // whichever caller happens to run next.
  ;(globalThis as { gc?: () => void }).gc?.()
  insideFetch = 0
  const cpuStart = process.cpuUsage()
  const wallStart = performance.now()
  for (let i = 0; i < n; i++) await call()
  const wall = ((performance.now() - wallStart) * 1000) / n
  const used = process.cpuUsage(cpuStart)
  return { cpu: (used.user + used.system) / n, wall, inside: (insideFetch * 1000) / n }
}

/** Per operation and caller, the per-round means. */
type Samples = Record<Operation, Record<Caller, Sample[]>>
type Measure = keyof Sample

/** The callers' order in a round: rotated by the round, reversed every other rotation (all six orders). */
function orderOf(round: number): Caller[] {
  const rotated = CALLERS.map((_, i) => CALLERS[(i + round) % CALLERS.length]!)
  return Math.floor(round / CALLERS.length) % 2 ? rotated.reverse() : rotated
}

/**
 * Runs the settings `callsFor(round)` gives, in the same rounds: `callsFor(-1)` for the warm-up, then one
 * call per round. Returns the samples of each setting.
 */
async function run<S extends string>(
  name: string,
  plan: Plan,
  callsFor: (round: number) => Promise<Record<S, Calls>>,
): Promise<Record<S, Samples>> {
  const warm = await callsFor(-1)
  const settings = Object.keys(warm) as S[]
  for (const setting of settings)
    for (const op of OPERATIONS) for (const caller of CALLERS) await block(warm[setting][op][caller], plan.warmup)
  const samples = {} as Record<S, Samples>
  for (const setting of settings) {
    samples[setting] = {} as Samples
    for (const op of OPERATIONS) samples[setting][op] = { hand: [], ky: [], sdk: [] }
  }
  for (let round = 0; round < plan.rounds; round++) {
    const calls = await callsFor(round)
    const inTurn = round % 2 ? [...settings].reverse() : settings
    for (const op of OPERATIONS)
      for (const caller of orderOf(round))
        for (const setting of inTurn)
          samples[setting][op][caller].push(await block(calls[setting][op][caller], plan.calls))
  }
  console.log(name)
  console.log(
    `   warm-up ${plan.warmup} calls per caller, operation and fetch; ${plan.rounds} rounds of ${plan.calls} ` +
      'calls per caller, operation and fetch',
  )
  return samples
}

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (sorted.length - 1) * q
  const low = Math.floor(at)
  return sorted[low]! + (sorted[Math.ceil(at)]! - sorted[low]!) * (at - low)
}
const median = (values: number[]) => quantile(values, 0.5)
/** Median and middle half of `values`, formatted with `f`. */
const spread = (values: number[], f: (value: number) => string) =>
  `${f(median(values))} (${f(quantile(values, 0.25))} to ${f(quantile(values, 0.75))})`
const us = (value: number) => `${value.toFixed(1)} us`
const ms = (valueUs: number) => `${(valueUs / 1000).toFixed(2)} ms`
const times = (value: number) => `${value.toFixed(3)}x`
const verdict = (met: boolean) => (met ? 'met' : 'NOT met')

/** The per-round values of `f(a, b)` for one measure of two callers. */
function pairs(
  s: Samples[Operation],
  a: Caller,
  b: Caller,
  measure: Measure,
  f: (a: number, b: number) => number,
): number[] {
  return s[a].map((x, i) => f(x[measure], s[b][i]![measure]))
}
const minus = (a: number, b: number) => a - b
const over = (a: number, b: number) => a / b
const values = (s: Samples[Operation], caller: Caller, measure: Measure) => s[caller].map((x) => x[measure])

/** One line per caller: its median per call and the middle half of the rounds, and its time inside fetch. */
function printCallers(s: Samples[Operation], measure: Measure, f: (value: number) => string): void {
  for (const caller of CALLERS) {
    const inside = measure === 'cpu' ? `; inside the fetch ${spread(values(s, caller, 'inside'), us)} wall` : ''
    console.log(`     ${caller.padEnd(5)} ${spread(values(s, caller, measure), f)}${inside}`)
  }
}

async function main(): Promise<void> {
  const total = performance.now()
  const cpus = os.cpus()
  console.log(
    `Benchmark: @merchant-gateway/sdk ${VERSION}: hand-written fetch, bare ky and the SDK (create order, refund)`,
  )
  console.log(
    `Node ${process.version} on ${process.platform}/${process.arch}, ${cpus.length} ` +
      `CPU(s) (${cpus[0]?.model ?? 'unknown'}); HMAC: contract ./crypto (${hmac.name}) for all three callers`,
  )
  console.log(
    'Figures: median of the rounds (p25 to p75 of the rounds); differences and ratios: medians of the ' +
      'per-round pairs. A shared, noisy machine: compare the figures of one run.',
  )
  console.log('')
  const goals: string[] = []
  const goal = (text: string, met: boolean, figure: string) => {
    goals.push(`${text}: ${verdict(met)} (${figure})`)
    return verdict(met)
  }

  const canned = await cannedAnswers()
  const stub = timed(stubFetch(canned))

  // a and b in the same rounds: the stub (the client's own work) and mock.fetch, a fresh mock per round.
  const inProcess = PLANS.inProcess
  const { stub: stubbed, mock: mocked } = await run(
    'a. stub fetch (canned answer, request not read) and b. mock.fetch (a fresh mock per round): CPU per call',
    inProcess,
    async (round) => {
      const target = await mockTarget((round < 0 ? inProcess.warmup : inProcess.calls) * CALLERS.length)
      return { stub: callers({ ...target, fetch: stub }), mock: callers({ ...target, fetch: timed(target.fetch) }) }
    },
  )
  console.log('   a. stub fetch:')
  for (const op of OPERATIONS) {
    const s = stubbed[op]
    const layer = pairs(s, 'sdk', 'ky', 'cpu', minus)
    const met = goal(
      `${op}: the SDK's own layer over bare ky (stub) <= ${GOAL_LAYER_US} us`,
      median(layer) <= GOAL_LAYER_US,
      us(median(layer)),
    )
    console.log(`   ${op}:`)
    printCallers(s, 'cpu', us)
    console.log(`     ky minus hand ${spread(pairs(s, 'ky', 'hand', 'cpu', minus), us)}`)
    console.log(`     sdk minus ky (the SDK's own layer) ${spread(layer, us)}: goal <= ${GOAL_LAYER_US} us ${met}`)
    console.log(`     sdk minus hand ${spread(pairs(s, 'sdk', 'hand', 'cpu', minus), us)}`)
  }
  console.log('   b. mock.fetch:')
  for (const op of OPERATIONS) {
    const s = mocked[op]
    const extra = pairs(s, 'sdk', 'hand', 'cpu', minus)
    console.log(`   ${op}:`)
    printCallers(s, 'cpu', us)
    console.log(`     ky minus hand ${spread(pairs(s, 'ky', 'hand', 'cpu', minus), us)}`)
    console.log(`     sdk minus ky ${spread(pairs(s, 'sdk', 'ky', 'cpu', minus), us)}`)
    console.log(`     sdk minus hand ${spread(extra, us)} (ky's own cost over fetch is in it: a figure, not a goal)`)
    const addedTo = (caller: Caller) => s[caller].map((x, i) => x.cpu - stubbed[op][caller][i]!.cpu)
    for (const caller of CALLERS)
      console.log(`     what the mock adds to ${caller} (b minus a) ${spread(addedTo(caller), us)}`)
    // ky hands mock.fetch a Request with a body; the hand-written call a string body in its init.
    const hand = addedTo('hand')
    const request = addedTo('ky').map((x, i) => x / hand[i]!)
    const requestMet = goal(
      `${op}: what mock.fetch adds to ky (a Request's body) over what it adds to hand (a string body) ` +
        `<= ${GOAL_MOCK_REQUEST_RATIO}x`,
      median(request) <= GOAL_MOCK_REQUEST_RATIO,
      times(median(request)),
    )
    console.log(
      `     what the mock adds to ky over what it adds to hand ${spread(request, times)}: ` +
        `goal <= ${GOAL_MOCK_REQUEST_RATIO}x ${requestMet}`,
    )
  }
  console.log('')

  // c. 20 ms of simulated latency: the wall time a merchant feels.
  const latentCalls = callers({ ...(await mockTarget(1)), fetch: stubFetch(canned, LATENCY_MS) })
  const { latent } = await run(
    `c. stub answering after ${LATENCY_MS} ms (a timer): wall time per call`,
    PLANS.latency,
    async () => ({ latent: latentCalls }),
  )
  for (const op of OPERATIONS) {
    const s = latent[op]
    const ratio = pairs(s, 'sdk', 'hand', 'wall', over)
    console.log(`   ${op}:`)
    printCallers(s, 'wall', ms)
    console.log(`     ky / hand ${spread(pairs(s, 'ky', 'hand', 'wall', over), times)}`)
    console.log(`     sdk / hand ${spread(ratio, times)} (a figure, not a goal)`)
    console.log(
      `     sdk minus hand ${spread(pairs(s, 'sdk', 'hand', 'wall', minus), us)} wall, ` +
        `${spread(pairs(s, 'sdk', 'hand', 'cpu', minus), us)} CPU`,
    )
  }
  console.log('')
  console.log('Goals:')
  for (const line of goals) console.log(`  ${line}`)
  console.log(`total bench time: ${((performance.now() - total) / 1000).toFixed(1)} s`)
}

// A measurement, not a test: a missed goal still exits 0. Only a bench that could not run exits 1.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('benchmark could not run:', error)
    process.exit(1)
  },
)
