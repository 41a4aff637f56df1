/**
 * The contract over time: the mock serves the contract in force at its clock's date (the era table of
 * `@merchant-gateway/contract`). Every transition of releases 1.3.0 and 1.4.0 is pinned one second before
 * and at the instant, for refund, payout and a standard endpoint; then the earlier request form, its
 * authentication, the rules both forms share, the deprecation warnings and the request log.
 */
import { CONTRACT_ERAS, GATEWAY_PATHS, HEADERS, eraNamed, type EraName } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import type { MockGateway, MockGatewayOptions } from '../src/index.js'
import {
  balance,
  call,
  days,
  earlierCall,
  newMerchant,
  newMock,
  paidOrder,
  signedCall,
  type Merchant,
  type Reply,
} from './harness.js'

const ACCOUNT = '100200300'
const FAILING_ACCOUNT = '999000111'

interface World {
  mock: MockGateway
  m: Merchant
  /** A completed USD 100 order. */
  paid: { orderId: number; transactionId: number }
}

async function world(now: string, options: MockGatewayOptions = {}): Promise<World> {
  const mock = newMock({ clock: { now, frozen: true }, ...options })
  const m = await newMerchant(mock)
  await mock.accounts.add(m.merchantId, { accountNumber: ACCOUNT, accountName: 'Riverside Ltd' })
  await mock.accounts.add(m.merchantId, {
    accountNumber: FAILING_ACCOUNT,
    accountName: 'Closed Ltd',
    failAtSettlement: true,
  })
  const paid = await paidOrder(mock, m, 100)
  return { mock, m, paid }
}

const text = (era: EraName) => eraNamed(era).deprecationWarning!.text

type Kind = 'refund' | 'payout'
const PATHS: Record<Kind, string> = { refund: GATEWAY_PATHS.refundOrder, payout: GATEWAY_PATHS.payout }
const current = (w: World, kind: Kind) =>
  kind === 'refund'
    ? { orderId: w.paid.orderId, refundAmount: 5 }
    : { accountNumber: ACCOUNT, amount: 5, currency: 'USD' }
const earlier = (w: World, kind: Kind) =>
  kind === 'refund'
    ? { order_id: String(w.paid.orderId), amount: 5 }
    : { account_id: ACCOUNT, amount: 5, currency: 'USD' }

/** What a test compares of an answer: status, code, the deprecation header, and the warnings logged for it. */
interface View {
  status: number
  code: string | null
  deprecation: string | null
  warnings: number
}

function view(w: World, reply: Reply): View {
  const traceId = reply.headers.get(HEADERS.traceId)!
  const entry = w.mock.requests.get(traceId)
  expect(entry, `request ${traceId} is in the request log`).toBeDefined()
  return {
    status: reply.status,
    code: reply.body?.error?.code ?? null,
    deprecation: reply.headers.get(HEADERS.deprecationWarning),
    warnings: entry!.warnings.length,
  }
}

const ok = (deprecation: string | null = null, warnings = 0): View => ({
  status: 200,
  code: null,
  deprecation,
  warnings,
})
const refused = (status: number, code: string | null, deprecation: string | null = null): View => ({
  status,
  code,
  deprecation,
  warnings: 0,
})

interface Transition {
  at: string
  /** What is sent to refund and payout, and to list stores (the standard endpoint), on both sides. */
  money: (w: World, kind: Kind) => Promise<Reply>
  standard: (w: World) => Promise<Reply>
  before: { money: View; standard: View }
  after: { money: View; standard: View }
}

const earlierNoKey = (w: World, kind: Kind) => earlierCall(w.mock, w.m, PATHS[kind], earlier(w, kind), { key: null })
const signed = (w: World, kind: Kind) => signedCall(w.mock, w.m, PATHS[kind], current(w, kind))
const listStores = (w: World, headers: Record<string, string> = {}) =>
  call(w.mock, GATEWAY_PATHS.listStores, { apiKey: w.m.apiKey, headers })
const listStoresWithAppId = (w: World) => listStores(w, { [HEADERS.appId]: String(w.m.appId) })

const TRANSITIONS: Transition[] = [
  {
    at: '2026-01-06T00:00:00Z', // 1.3.0 grace: a missing key is accepted and a warning is logged
    money: earlierNoKey,
    standard: (w) => listStores(w),
    before: { money: ok(), standard: ok() },
    after: { money: ok(null, 1), standard: ok() },
  },
  {
    at: '2026-01-13T00:00:00Z', // 1.3.0 warning: refund and payout responses carry the header
    money: earlierNoKey,
    standard: (w) => listStores(w),
    before: { money: ok(null, 1), standard: ok() },
    after: { money: ok(text('1.3.0-deprecation-warning'), 1), standard: ok() },
  },
  {
    at: '2026-01-20T00:00:00Z', // 1.3.0 rejection: a missing key is refused
    money: earlierNoKey,
    standard: (w) => listStores(w),
    before: { money: ok(text('1.3.0-deprecation-warning'), 1), standard: ok() },
    after: { money: refused(400, 'missing_idempotent_key', text('1.3.0-rejection')), standard: ok() },
  },
  {
    at: '2026-01-27T00:00:00Z', // 1.3.0 full enforcement: a malformed key is refused, no more warnings
    money: (w, kind) => earlierCall(w.mock, w.m, PATHS[kind], earlier(w, kind), { key: 'k'.repeat(256) }),
    standard: (w) => listStores(w),
    before: { money: ok(text('1.3.0-rejection'), 1), standard: ok() },
    after: { money: refused(400, 'invalid_idempotent_key'), standard: ok() },
  },
  {
    at: '2026-03-02T00:00:00Z', // 1.4.0 grace: the signed form arrives; old headers are logged
    money: signed,
    standard: listStoresWithAppId,
    before: { money: refused(400, null), standard: ok() },
    after: { money: ok(), standard: ok(null, 1) },
  },
  {
    at: '2026-03-09T00:00:00Z', // 1.4.0 warning: every gateway response carries the header
    money: signed,
    standard: (w) => listStores(w),
    before: { money: ok(), standard: ok() },
    after: { money: ok(text('1.4.0-deprecation-warning')), standard: ok(text('1.4.0-deprecation-warning')) },
  },
  {
    at: '2026-03-16T00:00:00Z', // 1.4.0 rejection: old headers and the earlier form are refused
    money: (w, kind) => earlierCall(w.mock, w.m, PATHS[kind], earlier(w, kind)),
    standard: listStoresWithAppId,
    before: { money: ok(text('1.4.0-deprecation-warning'), 1), standard: ok(text('1.4.0-deprecation-warning'), 1) },
    after: {
      money: refused(401, 'invalid_authentication', text('1.4.0-rejection')),
      standard: refused(401, 'invalid_authentication', text('1.4.0-rejection')),
    },
  },
  {
    at: '2026-03-23T00:00:00Z', // 1.4.0 full enforcement: no more warnings
    money: signed,
    standard: (w) => listStores(w),
    before: { money: ok(text('1.4.0-rejection')), standard: ok(text('1.4.0-rejection')) },
    after: { money: ok(), standard: ok() },
  },
]

const oneSecondBefore = (iso: string) => new Date(Date.parse(iso) - 1000).toISOString()

describe(
  'every transition of releases 1.3.0 and 1.4.0, one second before and at ' +
    'the instant (one instance whose clock crosses it)',
  () => {
    it('the table covers every era boundary of the contract', () => {
      expect(TRANSITIONS.map((t) => t.at)).toEqual(CONTRACT_ERAS.slice(1).map((e) => e.from))
    })

    const cases = TRANSITIONS.flatMap((t) =>
      (['refund', 'payout', 'standard'] as const).map((kind) => [t.at, kind, t] as const),
    )
    it.each(cases)('%s: %s', async (at, kind, t) => {
      const w = await world(oneSecondBefore(at))
      const send = () => (kind === 'standard' ? t.standard(w) : t.money(w, kind))
      const side = kind === 'standard' ? 'standard' : 'money'
      expect(view(w, await send()), `one second before ${at}`).toEqual(t.before[side])
      await w.mock.clock.advance(1000)
      expect(w.mock.clock.now()).toBe(new Date(at).toISOString())
      const figures = await balance(w.mock, w.m)
      const reply = await send()
      expect(view(w, reply), `at ${at}`).toEqual(t.after[side])
      // A refusal changes nothing.
      if (reply.status >= 400) expect(await balance(w.mock, w.m)).toEqual(figures)
      expect(w.mock.audit()).toEqual([])
    })
  },
)

describe(
  'the earlier form of refund and payout (before 2026-03-02): its ' + 'answers, on the same rules as the current form',
  () => {
    const TUESDAY = '2026-02-10T09:00:00.000Z'

    it(
      'a refund answers the earlier result, reserves and settles as a current ' +
        'refund does, and shows through the current routes',
      async () => {
        const w = await world(TUESDAY)
        const reply = await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, {
          order_id: String(w.paid.orderId),
          amount: 12.5,
          reason: 'damaged',
        })
        expect(reply.status).toBe(200)
        expect(reply.body).toEqual({
          refund_id: expect.stringMatching(/^\d+$/),
          order_id: String(w.paid.orderId),
          amount: 12.5,
          status: 'processing',
          created_at: TUESDAY,
        })
        expect((await balance(w.mock, w.m)).usd).toEqual({ balance: 1100, freeze: 12.5, usable: 1087.5 })
        // The same refund through the current routes and the control API.
        const detail = await call(w.mock, GATEWAY_PATHS.transactionDetail, {
          apiKey: w.m.apiKey,
          method: 'GET',
          query: `?transaction_id=${reply.body.refund_id}`,
        })
        expect(detail.body).toMatchObject({
          transaction_id: reply.body.refund_id,
          order_id: String(w.paid.orderId),
          amount: 12.5,
          status: 'pending',
        })
        expect(w.mock.transactions.get(Number(reply.body.refund_id))).toMatchObject({
          kind: 'refund',
          remark: 'damaged',
          status: 'pending',
        })
        await w.mock.clock.advance(days(7)) // 5 business days
        expect(w.mock.transactions.get(Number(reply.body.refund_id))?.status).toBe('completed')
        expect((await balance(w.mock, w.m)).usd).toEqual({ balance: 1087.5, freeze: 0, usable: 1087.5 })
        expect(w.mock.audit()).toEqual([])
      },
    )

    it(
      'a payout answers the earlier result and settles after 2 business days; ' + 'a failing account is reversed',
      async () => {
        const w = await world(TUESDAY)
        const reply = await earlierCall(w.mock, w.m, GATEWAY_PATHS.payout, {
          account_id: ACCOUNT,
          amount: 40,
          currency: 'USD',
          description: 'weekly',
        })
        expect(reply.status).toBe(200)
        expect(reply.body).toEqual({
          payout_id: expect.stringMatching(/^\d+$/),
          account_id: ACCOUNT,
          amount: 40,
          currency: 'USD',
          status: 'processing',
          created_at: TUESDAY,
        })
        const failing = await earlierCall(w.mock, w.m, GATEWAY_PATHS.payout, {
          account_id: FAILING_ACCOUNT,
          amount: 60,
          currency: 'USD',
        })
        expect(failing.body.status).toBe('processing')
        expect((await balance(w.mock, w.m)).usd).toEqual({ balance: 1100, freeze: 100, usable: 1000 })
        await w.mock.clock.advance(days(2))
        expect(w.mock.transactions.get(Number(reply.body.payout_id))).toMatchObject({
          status: 'completed',
          remark: 'weekly',
          accountName: 'Riverside Ltd',
        })
        expect(w.mock.transactions.get(Number(failing.body.payout_id))?.status).toBe('failed')
        expect((await balance(w.mock, w.m)).usd).toEqual({ balance: 1060, freeze: 0, usable: 1060 })
        expect(w.mock.audit()).toEqual([])
      },
    )

    /** The same refusals in both forms, in the week both are accepted (2026-03-03). */
    const REFUSALS: Array<
      [
        string,
        (w: World, other: Merchant) => Promise<{ current: unknown; earlier: unknown; as?: Merchant }>,
        number,
        string | null,
      ]
    > = [
      [
        'a refund above what remains of the order',
        async (w) => ({
          current: { orderId: w.paid.orderId, refundAmount: 100.01 },
          earlier: { order_id: String(w.paid.orderId), amount: 100.01 },
        }),
        422,
        'refund_exceeds_remaining',
      ],
      [
        'a refund above the usable balance',
        async (w) => {
          await signedCall(w.mock, w.m, GATEWAY_PATHS.payout, { accountNumber: ACCOUNT, amount: 1050, currency: 'USD' })
          return {
            current: { orderId: w.paid.orderId, refundAmount: 60 },
            earlier: { order_id: String(w.paid.orderId), amount: 60 },
          }
        },
        422,
        'insufficient_funds',
      ],
      [
        'a refund of an order that was not paid',
        async (w) => {
          const pending = await call(w.mock, GATEWAY_PATHS.createOrder, {
            apiKey: w.m.apiKey,
            body: { storeId: w.m.storeId, amount: 10, currency: 'USD' },
          })
          return {
            current: { orderId: Number(pending.body.order_id), refundAmount: 1 },
            earlier: { order_id: pending.body.order_id, amount: 1 },
          }
        },
        422,
        'order_not_refundable',
      ],
      [
        'a refund of an unknown order',
        async () => ({ current: { orderId: 999_999, refundAmount: 1 }, earlier: { order_id: '999999', amount: 1 } }),
        404,
        null,
      ],
      [
        "a refund of another merchant's order",
        async (w, other) => ({
          current: { orderId: w.paid.orderId, refundAmount: 1 },
          earlier: { order_id: String(w.paid.orderId), amount: 1 },
          as: other,
        }),
        404,
        null,
      ],
      [
        'a payout above the usable balance',
        async () => ({
          current: { accountNumber: ACCOUNT, amount: 5000, currency: 'USD' },
          earlier: { account_id: ACCOUNT, amount: 5000, currency: 'USD' },
        }),
        422,
        'insufficient_funds',
      ],
      [
        'a payout with more decimals than its currency allows',
        async () => ({
          current: { accountNumber: ACCOUNT, amount: 10.5, currency: 'KHR' },
          earlier: { account_id: ACCOUNT, amount: 10.5, currency: 'KHR' },
        }),
        400,
        null,
      ],
    ]

    it.each(REFUSALS)(
      '%s is refused alike in both forms (%i %s), and changes nothing',
      async (label, build, status, code) => {
        const w = await world('2026-03-03T09:00:00Z')
        const other = await newMerchant(w.mock)
        const { current: currentBody, earlier: earlierBody, as = w.m } = await build(w, other)
        const path = label.includes('payout') ? GATEWAY_PATHS.payout : GATEWAY_PATHS.refundOrder
        const before = await balance(w.mock, w.m)
        const viaCurrent = await signedCall(w.mock, as, path, currentBody)
        const viaEarlier = await earlierCall(w.mock, as, path, earlierBody)
        for (const reply of [viaCurrent, viaEarlier]) {
          expect(reply.status).toBe(status)
          expect(reply.body.error?.code ?? null).toBe(code)
        }
        expect(await balance(w.mock, w.m)).toEqual(before)
        expect(w.mock.audit()).toEqual([])
      },
    )

    it(
      'refunds in both forms count towards one cap: an earlier-form refund ' +
        'leaves less to refund in the current form',
      async () => {
        const w = await world('2026-03-03T09:00:00Z')
        expect(
          (await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, { order_id: String(w.paid.orderId), amount: 70 }))
            .status,
        ).toBe(200)
        const over = await signedCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, {
          orderId: w.paid.orderId,
          refundAmount: 30.01,
        })
        expect(over.body.error.code).toBe('refund_exceeds_remaining')
        expect(
          (await signedCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, { orderId: w.paid.orderId, refundAmount: 30 }))
            .status,
        ).toBe(200)
        expect((await balance(w.mock, w.m)).usd.freeze).toBe(100)
      },
    )
  },
)

describe('idempotency in the earlier form: 24 h, per merchant, and one key space with the current form', () => {
  it(
    'the same key and body replays the stored answer byte for byte; another ' + 'body is 422 idempotency_key_mismatch',
    async () => {
      const w = await world('2026-02-10T09:00:00Z')
      const body = { order_id: String(w.paid.orderId), amount: 5 }
      const first = await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, body, { key: 'refund-1' })
      const again = await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, body, { key: 'refund-1' })
      expect(again.body).toEqual(first.body)
      expect(again.headers.get(HEADERS.idempotentReplayed)).toBe('true')
      const changed = await earlierCall(
        w.mock,
        w.m,
        GATEWAY_PATHS.refundOrder,
        { ...body, amount: 6 },
        { key: 'refund-1' },
      )
      expect(changed.body.error.code).toBe('idempotency_key_mismatch')
      expect((await balance(w.mock, w.m)).usd.freeze).toBe(5)
      expect(
        w.mock.requests.list({ path: GATEWAY_PATHS.refundOrder }).map((e) => [e.idempotencyKey, e.replayed, e.form]),
      ).toEqual([
        ['refund-1', false, 'earlier'],
        ['refund-1', true, 'earlier'],
        ['refund-1', false, 'earlier'],
      ])
    },
  )

  it('keys are per merchant, and a key is new again after 24 hours', async () => {
    const w = await world('2026-02-10T09:00:00Z')
    const other = await newMerchant(w.mock)
    const otherPaid = await paidOrder(w.mock, other, 50)
    const mine = await earlierCall(
      w.mock,
      w.m,
      GATEWAY_PATHS.refundOrder,
      { order_id: String(w.paid.orderId), amount: 5 },
      { key: 'shared' },
    )
    const theirs = await earlierCall(
      w.mock,
      other,
      GATEWAY_PATHS.refundOrder,
      { order_id: String(otherPaid.orderId), amount: 5 },
      { key: 'shared' },
    )
    expect([mine.status, theirs.status]).toEqual([200, 200])
    expect(theirs.headers.get(HEADERS.idempotentReplayed)).toBeNull()
    await w.mock.clock.advance(days(1) + 1000)
    const later = await earlierCall(
      w.mock,
      w.m,
      GATEWAY_PATHS.refundOrder,
      { order_id: String(w.paid.orderId), amount: 5 },
      { key: 'shared' },
    )
    expect(later.headers.get(HEADERS.idempotentReplayed)).toBeNull()
    expect(later.body.refund_id).not.toBe(mine.body.refund_id)
  })

  it(
    'a key used in one form and sent again in the other (both accepted) is ' +
      '422 idempotency_key_mismatch: a request is never processed twice',
    async () => {
      const w = await world('2026-03-03T09:00:00Z')
      const first = await earlierCall(
        w.mock,
        w.m,
        GATEWAY_PATHS.refundOrder,
        { order_id: String(w.paid.orderId), amount: 5 },
        { key: 'migrating' },
      )
      expect(first.status).toBe(200)
      const inCurrentForm = await signedCall(
        w.mock,
        w.m,
        GATEWAY_PATHS.refundOrder,
        { orderId: w.paid.orderId, refundAmount: 5 },
        { key: 'migrating' },
      )
      expect(inCurrentForm.status).toBe(422)
      expect(inCurrentForm.body.error.code).toBe('idempotency_key_mismatch')
      expect((await balance(w.mock, w.m)).usd.freeze).toBe(5)
    },
  )
})

describe('authentication of the earlier form and of standard endpoints before 2026-03-16', () => {
  const FEBRUARY = '2026-02-10T09:00:00Z'

  it(
    'X-App-Id of another merchant is 401 status-style "Invalid API ' +
      'credentials" (key and app id must belong together), changing nothing',
    async () => {
      const w = await world(FEBRUARY)
      const other = await newMerchant(w.mock)
      const headers = { [HEADERS.appId]: String(other.appId) }
      const refund = await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, earlier(w, 'refund'), { headers })
      expect(refund.status).toBe(401)
      expect(refund.body).toEqual({ statusCode: 401, message: 'Invalid API credentials', error: 'Unauthorized' })
      expect((await listStores(w, headers)).body).toEqual({
        statusCode: 401,
        message: 'Invalid API credentials',
        error: 'Unauthorized',
      })
      expect((await balance(w.mock, w.m)).usd.freeze).toBe(0)
    },
  )

  it.each([
    ['', 'empty'],
    ['abc', 'letters'],
    ['0', 'zero'],
    ['1'.repeat(17), '17 digits'],
  ])('X-App-Id %j (%s) is 400: it must be the app id in decimal digits', async (appId) => {
    const w = await world(FEBRUARY)
    const refund = await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, earlier(w, 'refund'), {
      headers: { [HEADERS.appId]: appId },
    })
    expect(refund.status).toBe(400)
    expect(refund.body.message).toMatch(
      appId === '' ? /Missing required header: X-App-Id/ : /X-App-Id must be the merchant's app id/,
    )
  })

  it(
    'X-Timestamp more than 300 s away is 401 invalid_timestamp on the ' +
      'earlier form and on a standard endpoint; 300 s is accepted',
    async () => {
      const w = await world(FEBRUARY)
      const now = Math.floor(Date.parse(FEBRUARY) / 1000)
      for (const [skew, status] of [
        [300, 200],
        [-300, 200],
        [301, 401],
        [-301, 401],
      ] as const) {
        const headers = { [HEADERS.timestamp]: String(now + skew) }
        const refund = await earlierCall(
          w.mock,
          w.m,
          GATEWAY_PATHS.refundOrder,
          { order_id: String(w.paid.orderId), amount: 1 },
          { headers },
        )
        const stores = await listStores(w, headers)
        for (const reply of [refund, stores]) {
          expect(reply.status, `skew ${skew}`).toBe(status)
          if (status === 401) expect(reply.body.error.code).toBe('invalid_timestamp')
        }
      }
      expect((await balance(w.mock, w.m)).usd.freeze).toBe(2)
    },
  )

  it(
    'the earlier form needs X-Timestamp and X-App-Id (400 naming the ' +
      'header), and ignores an X-Signature it did not know',
    async () => {
      const w = await world(FEBRUARY)
      const noTimestamp = await earlierCall(w.mock, w.m, GATEWAY_PATHS.payout, earlier(w, 'payout'), {
        headers: { [HEADERS.timestamp]: null },
      })
      expect(noTimestamp.body).toEqual({
        statusCode: 400,
        message: 'Missing required header: X-Timestamp',
        error: 'Bad Request',
      })
      const withSignature = await earlierCall(w.mock, w.m, GATEWAY_PATHS.payout, earlier(w, 'payout'), {
        headers: { [HEADERS.signature]: 'f'.repeat(64) },
      })
      expect(withSignature.status).toBe(200)
    },
  )

  it(
    'the current signed form before 2026-03-02 is 400 "Missing required ' +
      'header: X-App-Id", saying which form the endpoint takes until release ' +
      '1.4.0',
    async () => {
      const w = await world(FEBRUARY)
      const reply = await signedCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, current(w, 'refund'))
      expect(reply.status).toBe(400)
      expect(reply.body.message).toMatch(
        /^Missing required header: X-App-Id: until release 1\.4\.0 this endpoint takes the earlier form/,
      )
      expect((await balance(w.mock, w.m)).usd.freeze).toBe(0)
    },
  )

  it(
    'while both forms are accepted, X-Signature picks the current form ' +
      '(X-App-Id beside it is checked and logged) and X-App-Id alone the ' +
      'earlier one',
    async () => {
      const w = await world('2026-03-03T09:00:00Z')
      const signedWithAppId = await signedCall(w.mock, w.m, GATEWAY_PATHS.payout, current(w, 'payout'), {
        headers: { [HEADERS.appId]: String(w.m.appId) },
      })
      expect(signedWithAppId.body).toMatchObject({ statusCode: 200, data: { accountNumber: ACCOUNT, amount: 5 } })
      expect(w.mock.requests.get(signedWithAppId.headers.get(HEADERS.traceId)!)).toMatchObject({
        form: 'current',
        warnings: [expect.stringMatching(/X-App-Id on a signed request: deprecated by release 1\.4\.0/)],
      })
      const earlierForm = await earlierCall(w.mock, w.m, GATEWAY_PATHS.payout, earlier(w, 'payout'))
      expect(earlierForm.body).toMatchObject({ payout_id: expect.any(String), status: 'processing' })
      expect(w.mock.requests.get(earlierForm.headers.get(HEADERS.traceId)!)).toMatchObject({
        form: 'earlier',
        warnings: [
          expect.stringMatching(/earlier snake_case form: deprecated by release 1\.4\.0; refused .* from 2026-03-16/),
        ],
      })
      // Neither X-Signature nor X-App-Id: the current form's first missing header is named.
      const neither = await earlierCall(w.mock, w.m, GATEWAY_PATHS.payout, earlier(w, 'payout'), {
        headers: { [HEADERS.appId]: null },
      })
      expect(neither.body.message).toBe('Missing required header: X-Signature')
    },
  )
})

describe("release 1.3.0's key rules in the earlier form", () => {
  it(
    'before 2026-01-20 a refund without a key runs each time on its own (no ' +
      'idempotency); a key that is sent is honoured',
    async () => {
      const w = await world('2026-01-19T23:59:59Z')
      const a = await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, earlier(w, 'refund'), { key: null })
      const b = await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, earlier(w, 'refund'), { key: null })
      expect(b.body.refund_id).not.toBe(a.body.refund_id)
      const keyed = await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, earlier(w, 'refund'), { key: 'k1' })
      const replayed = await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, earlier(w, 'refund'), { key: 'k1' })
      expect(replayed.body).toEqual(keyed.body)
      expect((await balance(w.mock, w.m)).usd.freeze).toBe(15)
    },
  )

  it(
    'until 2026-01-27 an empty key counts as no key and a key over 255 ' +
      'characters is used as sent (replays), each with a warning',
    async () => {
      const w = await world('2026-01-15T09:00:00Z')
      const empty1 = await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, earlier(w, 'refund'), { key: '' })
      const empty2 = await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, earlier(w, 'refund'), { key: '' })
      expect(empty2.body.refund_id).not.toBe(empty1.body.refund_id)
      const long = 'k'.repeat(300)
      const first = await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, earlier(w, 'refund'), { key: long })
      const retry = await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, earlier(w, 'refund'), { key: long })
      expect(retry.headers.get(HEADERS.idempotentReplayed)).toBe('true')
      expect(retry.body).toEqual(first.body)
      expect(w.mock.requests.get(first.headers.get(HEADERS.traceId)!)!.warnings).toEqual([
        expect.stringMatching(
          /X-Idempotent-Key of 300 characters: accepted for now; refused with 400 invalid_idempotent_key from 2026-01/,
        ),
      ])
      expect(w.mock.requests.get(empty1.headers.get(HEADERS.traceId)!)!.warnings).toEqual([
        expect.stringMatching(/X-Idempotent-Key of 0 characters/),
        expect.stringMatching(
          /no X-Idempotent-Key: accepted for now; refused with 400 missing_idempotent_key from 2026-01-20/,
        ),
      ])
    },
  )
})

describe('X-Service-Deprecation-Warning: which responses carry it', () => {
  it(
    'release 1.3.0 warns on refund and payout responses only, refusals ' +
      'included (a 401) but not list stores or the PIN module',
    async () => {
      const w = await world('2026-01-14T09:00:00Z')
      const refusal = await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, earlier(w, 'refund'), {
        headers: { [HEADERS.apiKey]: 'mk_unknown' },
      })
      expect(refusal.status).toBe(401)
      expect(refusal.headers.get(HEADERS.deprecationWarning)).toBe(text('1.3.0-deprecation-warning'))
      expect((await listStores(w)).headers.get(HEADERS.deprecationWarning)).toBeNull()
    },
  )

  it(
    'release 1.4.0 warns on every gateway response (a 404, a 405, an ' +
      'injected error) but not on the PIN module or the control API',
    async () => {
      const w = await world('2026-03-10T09:00:00Z')
      const warning = text('1.4.0-deprecation-warning')
      const unknownOrder = await call(w.mock, GATEWAY_PATHS.cancelOrder, {
        apiKey: w.m.apiKey,
        body: { order_id: '999999' },
      })
      const wrongMethod = await call(w.mock, GATEWAY_PATHS.listStores, { apiKey: w.m.apiKey, method: 'GET' })
      w.mock.faults.add({ route: `POST ${GATEWAY_PATHS.balanceInquiry}`, kind: 'error', status: 503 })
      const injected = await call(w.mock, GATEWAY_PATHS.balanceInquiry, { apiKey: w.m.apiKey })
      for (const [reply, status] of [
        [unknownOrder, 404],
        [wrongMethod, 405],
        [injected, 503],
      ] as const) {
        expect(reply.status).toBe(status)
        expect(reply.headers.get(HEADERS.deprecationWarning)).toBe(warning)
      }
      const pin = await w.mock.fetch(`${w.mock.baseUrl}/api/v1/auth/verify-pin`, { method: 'POST', body: '{}' })
      expect(pin.status).toBe(401)
      expect(pin.headers.get(HEADERS.deprecationWarning)).toBeNull()
    },
  )

  it("deprecationHeader: 'deprecated-use' sends it only to requests that still use what it is about", async () => {
    const w = await world('2026-03-10T09:00:00Z', { deprecationHeader: 'deprecated-use' })
    expect((await listStores(w)).headers.get(HEADERS.deprecationWarning)).toBeNull()
    expect(
      (await signedCall(w.mock, w.m, GATEWAY_PATHS.payout, current(w, 'payout'))).headers.get(
        HEADERS.deprecationWarning,
      ),
    ).toBeNull()
    expect((await listStoresWithAppId(w)).headers.get(HEADERS.deprecationWarning)).toBe(
      text('1.4.0-deprecation-warning'),
    )
    expect(
      (await earlierCall(w.mock, w.m, GATEWAY_PATHS.payout, earlier(w, 'payout'))).headers.get(
        HEADERS.deprecationWarning,
      ),
    ).toBe(text('1.4.0-deprecation-warning'))
    const january = await world('2026-01-14T09:00:00Z', { deprecationHeader: 'deprecated-use' })
    expect(
      (await earlierCall(january.mock, january.m, GATEWAY_PATHS.payout, earlier(january, 'payout'))).headers.get(
        HEADERS.deprecationWarning,
      ),
    ).toBeNull()
    expect(
      (
        await earlierCall(january.mock, january.m, GATEWAY_PATHS.payout, earlier(january, 'payout'), { key: null })
      ).headers.get(HEADERS.deprecationWarning),
    ).toBe(text('1.3.0-deprecation-warning'))
  })
})

describe('the request log: where the service logs what it still accepts', () => {
  it('mock.requests lists answers with their warnings, filters them, and a reset empties it', async () => {
    const w = await world('2026-01-07T09:00:00Z')
    await earlierCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, earlier(w, 'refund'), { key: null })
    await listStores(w)
    const warned = w.mock.requests.list({ withWarnings: true })
    expect(warned).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: GATEWAY_PATHS.refundOrder,
        status: 200,
        era: '1.3.0-grace',
        merchantId: w.m.merchantId,
        idempotencyKey: null,
        form: 'earlier',
        warnings: [
          expect.stringMatching(
            /^no X-Idempotent-Key: accepted for now; refused with 400 missing_idempotent_key from 2026-01-20T00:00:00Z/,
          ),
        ],
      }),
    ])
    expect(w.mock.requests.list({ path: '/stores/list' })).toHaveLength(1)
    expect(w.mock.requests.list({ status: '2xx' }).length).toBeGreaterThanOrEqual(3)
    await w.mock.reset()
    expect(w.mock.requests.list()).toEqual([])
  })

  it('keeps the last requestLogLimit answers; lookup by trace id follows', async () => {
    const w = await world('2026-11-02T09:00:00Z', { requestLogLimit: 3 })
    const replies = []
    for (let i = 0; i < 5; i++) replies.push(await listStores(w))
    const kept = w.mock.requests.list()
    expect(kept.map((e) => e.traceId)).toEqual(replies.slice(2).map((r) => r.headers.get(HEADERS.traceId)))
    expect(w.mock.requests.get(replies[0]!.headers.get(HEADERS.traceId)!)).toBeUndefined()
    expect(w.mock.requests.list({ afterSeq: kept[1]!.seq })).toHaveLength(1)
    expect(() => newMock({ requestLogLimit: -1 })).toThrow(RangeError)
  })
})

describe("releaseTimeline: 'current' serves today's contract at every date", () => {
  it('in January the signed form works, X-App-Id is refused, and no warning is sent', async () => {
    const w = await world('2026-01-15T09:00:00Z', { releaseTimeline: 'current' })
    const refund = await signedCall(w.mock, w.m, GATEWAY_PATHS.refundOrder, current(w, 'refund'))
    expect(refund.status).toBe(200)
    expect(refund.headers.get(HEADERS.deprecationWarning)).toBeNull()
    expect((await listStoresWithAppId(w)).body.error.code).toBe('invalid_authentication')
    expect(w.mock.clock.era().name).toBe('1.4.0-full-enforcement')
    expect(() => newMock({ releaseTimeline: 'yesterday' as never })).toThrow(
      /releaseTimeline must be 'clock' or 'current'/,
    )
  })
})

describe('webhooks over time: unsigned before release 1.4.0, signed from 2026-03-02', () => {
  function recordingFetch() {
    const calls: Array<{ headers: Headers }> = []
    const fetch = (async (_url: string, init?: RequestInit) => {
      calls.push({ headers: new Headers(init?.headers) })
      return new Response(null, { status: calls.length === 1 ? 500 : 200 })
    }) as typeof globalThis.fetch
    return { calls, fetch }
  }

  it(
    'a webhook of 2026-03-01 carries no X-Signature; its retry after the ' + 'release date is signed at its own time',
    async () => {
      const hooks = recordingFetch()
      const mock = newMock({ clock: { now: '2026-03-01T23:59:00Z', frozen: true }, webhookFetch: hooks.fetch })
      const m = await mock.merchants.create({ webhookUrl: 'http://127.0.0.1:9/webhooks' })
      const { storeId } = await mock.stores.add(m.merchantId, { storeName: 'Riverside', address: '1 Main St' })
      const order = await call(mock, GATEWAY_PATHS.createOrder, {
        apiKey: m.apiKey,
        body: { storeId, amount: 10, currency: 'USD' },
      })
      await mock.payments.create({ orderId: Number(order.body.order_id), status: 'SUCCESS' })
      expect(hooks.calls).toHaveLength(1)
      expect(hooks.calls[0]!.headers.has(HEADERS.signature)).toBe(false)
      const [unsigned] = mock.webhooks.list()
      expect(unsigned).toMatchObject({ signature: null, headers: { 'Content-Type': 'application/json' } })
      expect(unsigned!.headers).not.toHaveProperty(HEADERS.signature)

      await mock.clock.advance(60_000) // the 1-minute retry, at 2026-03-02T00:00:00Z
      expect(hooks.calls).toHaveLength(2)
      const [retried] = mock.webhooks.list()
      expect(retried!.status).toBe('delivered')
      expect(retried!.signature).toMatch(/^[0-9a-f]{64}$/)
      expect(hooks.calls[1]!.headers.get(HEADERS.signature)).toBe(retried!.signature)
    },
  )
})
