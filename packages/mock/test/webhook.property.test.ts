/**
 * Model-based property test of webhook delivery. Each run drives ONE mock, a merchant with a webhook URL
 * and a scripted receiver (answering 200, 500, or failing at the network), through a random sequence of
 * payments (successful, failed, pending), receiver changes, clock moves (often to just before or exactly at
 * the next retry), `deliverDue`, and the hold-next, duplicate-next and stale-next switches; runs start on
 * either side of 2026-03-02, when webhooks became signed. Next to it runs a model of every webhook. After
 * every step:
 *
 * - each successful or failed payment made exactly one webhook (a pending one none, and it leaves the
 *   switches armed); the receiver got exactly the POSTs the model expects, each with its createTimeMilli
 *   (a retry's is its own time), duplicates only where the switch was set;
 * - every attempt is at the time the retry schedule says, and attempts stop after the last delay: the
 *   webhook is `failed`; a held webhook is not attempted until the merchant's next webhook's first attempt;
 * - a webhook sent from 2026-03-02 carries an X-Signature that verifies over the exact bytes received,
 *   one sent before carries none;
 * - the mock's record of each webhook (status, attempts, next attempt, held) is the model's.
 *
 * On failure fast-check prints the seed, the path and the shrunk step list.
 */
import { eraAt, GATEWAY_PATHS } from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MockGateway } from '../src/index.js'
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE } from '../src/options.js'
import { call, newMock, type Merchant } from './harness.js'
import { checkProperty, propertyRuns, propertyTimeout } from './property-runs.js'

const WEBHOOK_URL = 'https://merchant.test/webhooks'
const SCHEDULE = DEFAULT_WEBHOOK_RETRY_SCHEDULE
/** One day before signing began, two minutes before it, and a day long after. */
const STARTS = ['2026-03-01T09:00:00.000Z', '2026-03-01T23:58:00.000Z', '2026-11-02T09:00:00.000Z'] as const

type Mode = 'ok' | 'error' | 'network'

type Step =
  | { kind: 'pay'; status: 'SUCCESS' | 'FAILED' | 'PENDING' }
  | { kind: 'receiver'; mode: Mode }
  | { kind: 'advance'; ms: number }
  | { kind: 'toNextDue'; offsetMs: -1 | 0 | 1 }
  | { kind: 'deliverDue' }
  | { kind: 'hold' }
  | { kind: 'duplicate' }
  | { kind: 'stale'; seconds: number }

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      status: fc.constantFrom('SUCCESS' as const, 'SUCCESS' as const, 'FAILED' as const, 'PENDING' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('receiver' as const),
      mode: fc.constantFrom<Mode>('ok', 'error', 'network'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.constantFrom(1_000, 59_999, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 86_400_000),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('toNextDue' as const),
      offsetMs: fc.constantFrom(-1 as const, 0 as const, 0 as const, 1 as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'deliverDue' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'hold' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'duplicate' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('stale' as const), seconds: fc.constantFrom(0, 600, 3600) }) },
)

/** Steps, with now and then an outage: the receiver down for a payment and the retries that follow. */
const stepsArb: fc.Arbitrary<Step[]> = fc
  .array(
    fc.oneof(
      { weight: 12, arbitrary: stepArb.map((step) => [step]) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            fc.constantFrom<Mode>('error', 'network'),
            fc.integer({ min: 1, max: SCHEDULE.length + 1 }),
            fc.constantFrom<Mode>('ok', 'error'),
          )
          .map(([down, retries, after]): Step[] => [
            { kind: 'receiver', mode: down },
            { kind: 'pay', status: 'SUCCESS' },
            ...Array.from({ length: retries }, (): Step => ({ kind: 'toNextDue', offsetMs: 0 })),
            { kind: 'receiver', mode: after },
          ]),
      },
    ),
    { minLength: 2, maxLength: 30 },
  )
  .map((groups) => groups.flat())

// ---------------------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------------------

interface WebhookM {
  transactionId: number
  status: 'recorded' | 'delivered' | 'failed'
  attempts: Array<{ at: number; outcome: 'delivered' | 'failed' }>
  nextAttemptAt: number | null
  held: boolean
  duplicate: boolean
  createTimeMilli: number
  /** When its bytes were last signed (or left unsigned): creation, then each retry. */
  stampedAt: number
}

interface Model {
  now: number
  mode: Mode
  armed: { hold: boolean; duplicate: boolean; staleSeconds: number }
  webhooks: WebhookM[]
  /** The POSTs the receiver must have got, in any order between webhooks. */
  posts: Array<{ transactionId: number; createTimeMilli: number; signed: boolean }>
}

const signedAt = (ms: number): boolean => eraAt(ms).signedWebhooks

/** One attempt of `w` at `at`, as the mock makes it; then the merchant's held webhooks after a first attempt. */
function attempt(model: Model, w: WebhookM, at: number): void {
  const first = w.attempts.length === 0
  if (!first) {
    // A retry is stamped with its own time and signed (or not) for it.
    w.createTimeMilli = at
    w.stampedAt = at
  }
  w.nextAttemptAt = null
  const ok = model.mode === 'ok'
  model.posts.push({
    transactionId: w.transactionId,
    createTimeMilli: w.createTimeMilli,
    signed: signedAt(w.stampedAt),
  })
  if (ok) {
    w.status = 'delivered'
    w.attempts.push({ at, outcome: 'delivered' })
    if (w.duplicate) {
      model.posts.push({
        transactionId: w.transactionId,
        createTimeMilli: w.createTimeMilli,
        signed: signedAt(w.stampedAt),
      })
      w.attempts.push({ at, outcome: 'delivered' })
    }
  } else {
    w.attempts.push({ at, outcome: 'failed' })
    const failures = w.attempts.filter((a) => a.outcome === 'failed').length
    const delay = SCHEDULE[failures - 1]
    if (delay === undefined) w.status = 'failed'
    else w.nextAttemptAt = at + delay
  }
  if (first) {
    for (const held of model.webhooks.filter((h) => h.held && h.transactionId < w.transactionId)) {
      held.held = false
      attempt(model, held, at)
    }
  }
}

/** The clock reaches `to`: every webhook due by then is attempted once, at `to`, the earliest first. */
function moveTo(model: Model, to: number): void {
  model.now = to
  deliverDue(model)
}

function deliverDue(model: Model): void {
  const due = model.webhooks
    .filter((w) => w.nextAttemptAt !== null && w.nextAttemptAt <= model.now)
    .sort((a, b) => a.nextAttemptAt! - b.nextAttemptAt! || a.transactionId - b.transactionId)
  for (const w of due) if (w.nextAttemptAt !== null) attempt(model, w, model.now)
}

// ---------------------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------------------

/** What the runs reached, over all of them: the property must see every kind of delivery. */
const reached = new Set<string>()

function note(model: Model): void {
  for (const w of model.webhooks) {
    if (w.status === 'failed') reached.add('a webhook failed after its last retry')
    if (w.attempts.length > 1) reached.add('a retry')
    if (w.attempts.some((a) => a.outcome === 'delivered') && w.attempts.some((a) => a.outcome === 'failed'))
      reached.add('delivered after a failure')
    if (w.duplicate && w.status === 'delivered') reached.add('a duplicate sent')
    if (!w.held && w.attempts.length > 0 && w.createTimeMilli < w.attempts[0]!.at && w.attempts.length === 1)
      reached.add('a stale first attempt')
  }
  if (model.webhooks.some((w) => w.held)) reached.add('a webhook held')
  if (model.posts.some((p) => p.signed)) reached.add('a signed POST')
  if (model.posts.some((p) => !p.signed)) reached.add('an unsigned POST')
}

interface Received {
  body: string
  signature: string | null
}

async function run(start: string, steps: Step[]): Promise<void> {
  const received: Received[] = []
  const model: Model = {
    now: Date.parse(start),
    mode: 'ok',
    armed: { hold: false, duplicate: false, staleSeconds: 0 },
    webhooks: [],
    posts: [],
  }
  const receiver = (async (_input: string | URL | Request, init?: RequestInit) => {
    received.push({ body: String(init?.body), signature: new Headers(init?.headers).get('x-signature') })
    if (model.mode === 'network')
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') })
    return new Response(model.mode === 'ok' ? '{"received":true}' : '{"error":"down"}', {
      status: model.mode === 'ok' ? 200 : 500,
    })
  }) as typeof fetch
  const mock: MockGateway = newMock({ clock: { now: start, frozen: true }, webhookFetch: receiver })
  const created = await mock.merchants.create({ balances: { usd: 1_000_000 }, webhookUrl: WEBHOOK_URL })
  const store = await mock.stores.add(created.merchantId, { storeName: 'Riverside', address: '1 Main St' })
  const merchant: Merchant = { ...created, storeId: store.storeId }
  let payments = 0

  for (const [index, step] of steps.entries()) {
    const where = `step ${index} ${JSON.stringify(step)}`
    switch (step.kind) {
      case 'pay': {
        const order = await call(mock, GATEWAY_PATHS.createOrder, {
          apiKey: merchant.apiKey,
          body: { storeId: merchant.storeId, amount: 10, currency: 'USD' },
        })
        expect(order.status, where).toBe(200)
        const payment = await mock.payments.create({ orderId: Number(order.body.order_id), status: step.status })
        if (step.status === 'PENDING') break
        payments++
        const { hold, duplicate, staleSeconds } = model.armed
        model.armed = { hold: false, duplicate: false, staleSeconds: 0 }
        const w: WebhookM = {
          transactionId: payment.transactionId,
          status: 'recorded',
          attempts: [],
          nextAttemptAt: hold ? null : model.now,
          held: hold,
          duplicate,
          createTimeMilli: model.now - staleSeconds * 1000,
          stampedAt: model.now,
        }
        model.webhooks.push(w)
        if (!hold) attempt(model, w, model.now)
        break
      }
      case 'receiver':
        model.mode = step.mode
        break
      case 'advance':
        await mock.clock.advance(step.ms)
        moveTo(model, model.now + step.ms)
        break
      case 'toNextDue': {
        const next = Math.min(...model.webhooks.map((w) => w.nextAttemptAt ?? Number.POSITIVE_INFINITY))
        if (!Number.isFinite(next) || next + step.offsetMs <= model.now) break
        await mock.clock.set(new Date(next + step.offsetMs).toISOString())
        moveTo(model, next + step.offsetMs)
        break
      }
      case 'deliverDue':
        await mock.webhooks.deliverDue()
        deliverDue(model)
        break
      case 'hold':
        mock.webhooks.holdNext()
        model.armed.hold = true
        break
      case 'duplicate':
        mock.webhooks.duplicateNext()
        model.armed.duplicate = true
        break
      case 'stale':
        mock.webhooks.staleNext(step.seconds)
        model.armed.staleSeconds = step.seconds
        break
    }
    await check(mock, merchant, model, received, payments, where)
    note(model)
  }
}

async function check(
  mock: MockGateway,
  merchant: Merchant,
  model: Model,
  received: Received[],
  payments: number,
  where: string,
): Promise<void> {
  const records = mock.webhooks.list()
  expect(records.length, `${where}: one webhook per successful or failed payment`).toBe(payments)
  // The mock's record of each webhook is the model's.
  expect(
    records.map((r) => ({
      transactionId: r.payload.transactionId,
      status: r.status,
      attempts: r.attempts.map((a) => ({ at: a.at, outcome: a.outcome })),
      nextAttemptAt: r.nextAttemptAt,
      held: r.held,
      createTimeMilli: r.payload.createTimeMilli,
      signed: r.signature !== null,
    })),
    `${where}: the webhooks as the mock records them`,
  ).toEqual(
    model.webhooks.map((w) => ({
      transactionId: w.transactionId,
      status: w.status,
      attempts: w.attempts,
      nextAttemptAt: w.nextAttemptAt,
      held: w.held,
      createTimeMilli: w.createTimeMilli,
      signed: signedAt(w.stampedAt),
    })),
  )
  // The receiver got exactly the expected POSTs (order between webhooks is free: attempts run side by side).
  const key = (p: { transactionId: number; createTimeMilli: number; signed: boolean }) =>
    `${p.transactionId}/${p.createTimeMilli}/${p.signed}`
  const got = received.map((r) => {
    const payload = JSON.parse(r.body) as { transactionId: number; createTimeMilli: number }
    return key({
      transactionId: payload.transactionId,
      createTimeMilli: payload.createTimeMilli,
      signed: r.signature !== null,
    })
  })
  expect(got.sort(), `${where}: the POSTs the receiver got`).toEqual(model.posts.map(key).sort())
  // Every signature received verifies over the exact bytes, with the createTimeMilli they carry.
  for (const r of received) {
    if (r.signature === null) continue
    const createTimeMilli = (JSON.parse(r.body) as { createTimeMilli: number }).createTimeMilli
    expect(
      await signer.verifyWebhook({
        secret: merchant.apiSecret,
        rawBody: r.body,
        createTimeMilli,
        signature: r.signature,
      }),
      `${where}: a signature that does not verify`,
    ).toBe(true)
  }
}

describe('webhook delivery against a model (property)', () => {
  const runs = propertyRuns(100)
  it(
    'one webhook per payment, attempts exactly on the retry schedule then ' +
      'failed, held until released, duplicates only when asked, signed from ' +
      '2026-03-02 and verifiable',
    async () => {
      await checkProperty('webhook delivery', fc.asyncProperty(fc.constantFrom(...STARTS), stepsArb, run), {
        numRuns: runs,
      })
      if (process.env.PROPERTY_RUNS)
        console.log(`[property] webhook delivery reached: ${[...reached].sort().join('; ')}`)
      for (const what of [
        'a webhook failed after its last retry',
        'a retry',
        'delivered after a failure',
        'a duplicate sent',
        'a stale first attempt',
        'a webhook held',
        'a signed POST',
        'an unsigned POST',
      ]) {
        expect([...reached], `no run reached: ${what}`).toContain(what)
      }
    },
    propertyTimeout(runs, 400),
  )

  it(
    'the model is not vacuous: a fixed walk through every retry, a hold, a ' + 'duplicate and the signing date passes',
    async () => {
      const steps: Step[] = [
        { kind: 'receiver', mode: 'error' },
        { kind: 'pay', status: 'SUCCESS' },
        ...Array.from({ length: SCHEDULE.length }, (): Step => ({ kind: 'toNextDue', offsetMs: 0 })),
        { kind: 'receiver', mode: 'ok' },
        { kind: 'hold' },
        { kind: 'pay', status: 'FAILED' },
        { kind: 'duplicate' },
        { kind: 'stale', seconds: 600 },
        { kind: 'pay', status: 'PENDING' },
        { kind: 'pay', status: 'SUCCESS' },
      ]
      await run(STARTS[1], steps)
    },
  )
})
