/**
 * Authentication of every gateway endpoint (X-Api-Key everywhere; X-Timestamp, X-Signature and X-Idempotent-Key
 * on signed endpoints; obsolete headers by release phase), every error shape it answers with, the order of the
 * checks (http/authenticate.ts), and that a refused request changes no state.
 */
import { GATEWAY_PATHS, HEADERS, LIMITS } from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import { describe, expect, it } from 'vitest'
import type { MockGateway, MockGatewayOptions } from '../src/index.js'
import {
  balance,
  createOrder,
  expectNoStateChange,
  newMerchant,
  newMock,
  paidOrder,
  signedCall,
  snapshotState,
  type Merchant,
  type Reply,
  type StateProbe,
} from './harness.js'

const ACCOUNT = 'KH-ACC-0001'
/** 1.4.0: obsolete headers refused from this instant (mock clock). */
const OBSOLETE_REFUSED_FROM = '2026-03-16T00:00:00Z'
const LAST_SECOND_BEFORE_1_4_0 = '2026-03-15T23:59:59Z'

interface Fixture {
  mock: MockGateway
  m: Merchant
  /** A completed USD 25 order: refundable, and its payment has a transaction detail. */
  paid: { orderId: number; transactionId: number }
  /** A pending USD 10 order: cancellable. */
  pendingOrder: number
}

async function setup(options: MockGatewayOptions = {}): Promise<Fixture> {
  const mock = newMock(options)
  const m = await newMerchant(mock)
  await mock.accounts.add(m.merchantId, { accountNumber: ACCOUNT, accountName: 'Dara Sok' })
  const paid = await paidOrder(mock, m, 25)
  const pendingOrder = await createOrder(mock, m, 10)
  return { mock, m, paid, pendingOrder }
}

interface Endpoint {
  name: string
  method: 'GET' | 'POST'
  path: string
  signed: boolean
  body?: (f: Fixture) => unknown
  query?: (f: Fixture) => string
}

/** Every gateway endpoint with a request that succeeds when the credentials are right. */
const ENDPOINTS: Endpoint[] = [
  { name: 'list stores', method: 'POST', path: GATEWAY_PATHS.listStores, signed: false },
  { name: 'balance inquiry', method: 'POST', path: GATEWAY_PATHS.balanceInquiry, signed: false },
  {
    name: 'create order',
    method: 'POST',
    path: GATEWAY_PATHS.createOrder,
    signed: false,
    body: (f) => ({ storeId: f.m.storeId, amount: 5, currency: 'USD' }),
  },
  {
    name: 'generate QR',
    method: 'POST',
    path: GATEWAY_PATHS.generateQr,
    signed: false,
    body: (f) => ({ store_id: f.m.storeId, amount: 5, currency: 'USD' }),
  },
  {
    name: 'transaction detail GET',
    method: 'GET',
    path: GATEWAY_PATHS.transactionDetail,
    signed: false,
    query: (f) => `?transaction_id=${f.paid.transactionId}`,
  },
  {
    name: 'transaction detail POST',
    method: 'POST',
    path: GATEWAY_PATHS.transactionDetail,
    signed: false,
    body: (f) => ({ transaction_id: String(f.paid.transactionId) }),
  },
  {
    name: 'cancel order',
    method: 'POST',
    path: GATEWAY_PATHS.cancelOrder,
    signed: false,
    body: (f) => ({ order_id: String(f.pendingOrder) }),
  },
  {
    name: 'refund',
    method: 'POST',
    path: GATEWAY_PATHS.refundOrder,
    signed: true,
    body: (f) => ({ orderId: f.paid.orderId, refundAmount: 5 }),
  },
  {
    name: 'payout',
    method: 'POST',
    path: GATEWAY_PATHS.payout,
    signed: true,
    body: () => ({ accountNumber: ACCOUNT, amount: 5, currency: 'USD' }),
  },
]
const STANDARD = ENDPOINTS.filter((e) => !e.signed)
const SIGNED = ENDPOINTS.filter((e) => e.signed)
const named = <T extends { name: string }>(list: T[]) => list.map((e) => [e.name, e] as const)

function nowSeconds(mock: MockGateway): number {
  return Math.floor(Date.parse(mock.clock.now()) / 1000)
}

/**
 * Sends the endpoint's request with correct credentials (for signed endpoints: a fresh timestamp, a
 * signature over the exact bytes and a new idempotency key), then applies `headers` on top: a string
 * replaces a header, `null` removes it.
 */
async function send(
  f: Fixture,
  endpoint: Endpoint,
  options: { headers?: Record<string, string | null>; timestamp?: string; secret?: string; rawBody?: string } = {},
): Promise<Reply> {
  const raw = options.rawBody ?? (endpoint.body ? JSON.stringify(endpoint.body(f)) : undefined)
  const headers: Record<string, string> = { 'Content-Type': 'application/json', [HEADERS.apiKey]: f.m.apiKey }
  if (endpoint.signed) {
    const timestamp = options.timestamp ?? String(nowSeconds(f.mock))
    headers[HEADERS.timestamp] = timestamp
    headers[HEADERS.signature] = await signer.signRequest({
      secret: options.secret ?? f.m.apiSecret,
      body: raw ?? '',
      timestamp,
    })
    headers[HEADERS.idempotentKey] = crypto.randomUUID()
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === null) delete headers[name]
    else headers[name] = value
  }
  const res = await f.mock.fetch(`${f.mock.baseUrl}${endpoint.path}${endpoint.query?.(f) ?? ''}`, {
    method: endpoint.method,
    headers,
    body: raw,
  })
  return { status: res.status, body: await res.json(), headers: res.headers }
}

/** The state a refused request must leave as it was. */
function probe(f: Fixture): StateProbe {
  return {
    mock: f.mock,
    m: f.m,
    watchedOrders: [f.paid.orderId, f.pendingOrder],
    lastOrderId: f.pendingOrder,
    lastTransactionId: f.paid.transactionId,
  }
}

/** A snapshot of the fixture's state. */
const snapshot = (f: Fixture) => snapshotState(probe(f))

function expectStatusError(reply: Reply, status: number, error: string, message: RegExp = /\S/): void {
  expect(reply.status).toBe(status)
  expect(reply.body).toEqual({ statusCode: status, message: expect.stringMatching(message), error })
}

function expectCodeError(
  reply: Reply,
  mock: MockGateway,
  status: number,
  code: string,
  extra: { details?: Record<string, unknown>; message?: RegExp } = {},
): void {
  expect(reply.status).toBe(status)
  expect(reply.body).toEqual({
    error: {
      code,
      message: expect.stringMatching(extra.message ?? /\S/),
      request_id: reply.headers.get(HEADERS.traceId),
      ...(extra.details ? { details: extra.details } : {}),
      timestamp: nowSeconds(mock),
    },
  })
  expect(reply.body.error.request_id).toMatch(/\S/)
}

function obsoleteDetails(endpoint: Endpoint) {
  return {
    endpoint: endpoint.path,
    required_header: endpoint.signed ? HEADERS.signature : HEADERS.apiKey,
    documentation: expect.stringMatching(/\S/),
  }
}

function keyDetails(endpoint: Endpoint) {
  return { endpoint: endpoint.path, required_header: HEADERS.idempotentKey, documentation: expect.stringMatching(/\S/) }
}

describe('control: every endpoint request of the tables below succeeds with correct credentials', () => {
  it.each(named(ENDPOINTS))('%s answers 200 with its documented credentials only', async (_name, endpoint) => {
    const f = await setup()
    const reply = await send(f, endpoint)
    expect(reply.status).toBe(200)
    expect(f.mock.audit()).toEqual([])
  })
})

describe('X-Api-Key on every endpoint', () => {
  it.each(named(ENDPOINTS))(
    '%s: a missing X-Api-Key is refused 400 status-style Bad Request and changes nothing',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { headers: { [HEADERS.apiKey]: null } })
      expectStatusError(reply, 400, 'Bad Request', /X-Api-Key/)
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(ENDPOINTS))(
    '%s: an empty X-Api-Key counts as missing: 400 status-style Bad Request',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { headers: { [HEADERS.apiKey]: '' } })
      expectStatusError(reply, 400, 'Bad Request', /X-Api-Key/)
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(ENDPOINTS))(
    '%s: an unknown X-Api-Key is refused 401 status-style Unauthorized and changes nothing',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { headers: { [HEADERS.apiKey]: 'mk_test_not_a_real_key' } })
      expectStatusError(reply, 401, 'Unauthorized')
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(ENDPOINTS))(
    '%s: the API secret sent as X-Api-Key is not a credential: 401 Unauthorized',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { headers: { [HEADERS.apiKey]: f.m.apiSecret } })
      expectStatusError(reply, 401, 'Unauthorized')
      await expectNoStateChange(probe(f), before)
    },
  )
})

describe('obsolete headers (release 1.4.0, refused from 2026-03-16 on the mock clock)', () => {
  it.each(named(ENDPOINTS))(
    '%s: X-App-Id after the enforcement date is refused 401 code-style ' +
      'invalid_authentication with details, and changes nothing',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { headers: { [HEADERS.appId]: String(f.m.appId) } })
      expectCodeError(reply, f.mock, 401, 'invalid_authentication', {
        details: obsoleteDetails(endpoint),
        message: /X-App-Id/,
      })
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(STANDARD))(
    '%s: X-Timestamp on a standard endpoint after the enforcement date is ' +
      'refused 401 invalid_authentication, and changes nothing',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { headers: { [HEADERS.timestamp]: String(nowSeconds(f.mock)) } })
      expectCodeError(reply, f.mock, 401, 'invalid_authentication', {
        details: obsoleteDetails(endpoint),
        message: /X-Timestamp/,
      })
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(STANDARD))(
    '%s: X-App-Id and X-Timestamp together are refused once, naming both',
    async (_name, endpoint) => {
      const f = await setup()
      const reply = await send(f, endpoint, {
        headers: { [HEADERS.appId]: String(f.m.appId), [HEADERS.timestamp]: String(nowSeconds(f.mock)) },
      })
      expectCodeError(reply, f.mock, 401, 'invalid_authentication', {
        details: obsoleteDetails(endpoint),
        message: /X-App-Id and X-Timestamp/,
      })
    },
  )

  it.each(named(STANDARD))(
    '%s: at exactly 2026-03-16T00:00:00Z X-App-Id and X-Timestamp are already refused',
    async (_name, endpoint) => {
      const f = await setup({ clock: { now: OBSOLETE_REFUSED_FROM, frozen: true } })
      const before = await snapshot(f)
      for (const header of [HEADERS.appId, HEADERS.timestamp]) {
        const reply = await send(f, endpoint, {
          headers: { [header]: header === HEADERS.appId ? String(f.m.appId) : String(nowSeconds(f.mock)) },
        })
        expectCodeError(reply, f.mock, 401, 'invalid_authentication', { details: obsoleteDetails(endpoint) })
      }
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(SIGNED))(
    '%s: at exactly 2026-03-16T00:00:00Z X-App-Id on a correctly signed request is already refused',
    async (_name, endpoint) => {
      const f = await setup({ clock: { now: OBSOLETE_REFUSED_FROM, frozen: true } })
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { headers: { [HEADERS.appId]: String(f.m.appId) } })
      expectCodeError(reply, f.mock, 401, 'invalid_authentication', { details: obsoleteDetails(endpoint) })
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(STANDARD))(
    '%s: one second before the enforcement date X-App-Id and X-Timestamp are accepted',
    async (_name, endpoint) => {
      const f = await setup({ clock: { now: LAST_SECOND_BEFORE_1_4_0, frozen: true } })
      const reply = await send(f, endpoint, {
        headers: { [HEADERS.appId]: String(f.m.appId), [HEADERS.timestamp]: String(nowSeconds(f.mock)) },
      })
      expect(reply.status).toBe(200)
    },
  )

  it.each(named(SIGNED))(
    '%s: one second before the enforcement date X-App-Id is accepted on a ' +
      'correctly signed request and the operation runs',
    async (_name, endpoint) => {
      const f = await setup({ clock: { now: LAST_SECOND_BEFORE_1_4_0, frozen: true } })
      const before = await balance(f.mock, f.m)
      const reply = await send(f, endpoint, { headers: { [HEADERS.appId]: String(f.m.appId) } })
      expect(reply.status).toBe(200)
      expect(reply.body.data.amount).toBe(5)
      expect((await balance(f.mock, f.m)).usd.freeze).toBe(before.usd.freeze + 5)
    },
  )

  it.each(named(SIGNED))(
    '%s: before the enforcement date X-App-Id does not replace the ' +
      'signature: a bad signature is still 401 invalid_signature',
    async (_name, endpoint) => {
      const f = await setup({ clock: { now: LAST_SECOND_BEFORE_1_4_0, frozen: true } })
      const before = await snapshot(f)
      const reply = await send(f, endpoint, {
        headers: { [HEADERS.appId]: String(f.m.appId) },
        secret: 'sk_test_wrong',
      })
      expectCodeError(reply, f.mock, 401, 'invalid_signature')
      await expectNoStateChange(probe(f), before)
    },
  )

  it(
    'the same instance flips from accepting to refusing X-App-Id when its ' + 'clock crosses 2026-03-16T00:00:00Z',
    async () => {
      const f = await setup({ clock: { now: LAST_SECOND_BEFORE_1_4_0, frozen: true } })
      const listStores = ENDPOINTS[0]!
      const headers = { [HEADERS.appId]: String(f.m.appId) }
      expect((await send(f, listStores, { headers })).status).toBe(200)
      await f.mock.clock.advance(1000)
      expect(f.mock.clock.now()).toBe('2026-03-16T00:00:00.000Z')
      expectCodeError(await send(f, listStores, { headers }), f.mock, 401, 'invalid_authentication', {
        details: obsoleteDetails(listStores),
      })
    },
  )
})

describe('signed endpoints: X-Timestamp', () => {
  it.each(named(SIGNED))(
    '%s: a missing X-Timestamp is refused 400 status-style naming the header, and changes nothing',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { headers: { [HEADERS.timestamp]: null } })
      expectStatusError(reply, 400, 'Bad Request', /X-Timestamp/)
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(SIGNED))('%s: an empty X-Timestamp counts as missing: 400 status-style', async (_name, endpoint) => {
    const f = await setup()
    const before = await snapshot(f)
    const reply = await send(f, endpoint, { timestamp: '' })
    expectStatusError(reply, 400, 'Bad Request', /X-Timestamp/)
    await expectNoStateChange(probe(f), before)
  })

  const notDecimal = [
    'abc',
    '1793610000.0',
    '1.79361e9',
    '-1793610000',
    '+1793610000',
    '0x6AE4B490',
    '2026-11-02T09:00:00Z',
    '1793610000s',
  ]
  it.each(SIGNED.flatMap((e) => notDecimal.map((ts) => [e.name, ts, e] as const)))(
    '%s: X-Timestamp %j (signed over, but not decimal digits) is refused 400 status-style, and changes nothing',
    async (_name, timestamp, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { timestamp })
      expectStatusError(reply, 400, 'Bad Request', /X-Timestamp/)
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(SIGNED.flatMap((e) => [-300, 300].map((skew) => [e.name, skew, e] as const)))(
    '%s: X-Timestamp %i s from the mock clock is within the default 300 s skew and accepted',
    async (_name, skew, endpoint) => {
      const f = await setup()
      const reply = await send(f, endpoint, { timestamp: String(nowSeconds(f.mock) + skew) })
      expect(reply.status).toBe(200)
      expect(reply.body.data.amount).toBe(5)
    },
  )

  it.each(SIGNED.flatMap((e) => [-301, 301].map((skew) => [e.name, skew, e] as const)))(
    '%s: X-Timestamp %i s from the mock clock is outside the default 300 s ' +
      'skew: 401 invalid_timestamp, and changes nothing',
    async (_name, skew, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { timestamp: String(nowSeconds(f.mock) + skew) })
      expectCodeError(reply, f.mock, 401, 'invalid_timestamp', { message: /301 s .*300 s/ })
      expect(reply.body.error.message).not.toMatch(/milliseconds/)
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(SIGNED))(
    '%s: option signatureToleranceSeconds 30 accepts 30 s of skew either way and refuses 31 s',
    async (_name, endpoint) => {
      const f = await setup({ signatureToleranceSeconds: 30 })
      const now = nowSeconds(f.mock)
      for (const skew of [-30, 30])
        expect((await send(f, endpoint, { timestamp: String(now + skew) })).status).toBe(200)
      const afterAccepted = await snapshot(f)
      for (const skew of [-31, 31]) {
        expectCodeError(await send(f, endpoint, { timestamp: String(now + skew) }), f.mock, 401, 'invalid_timestamp', {
          message: /at most 30 s/,
        })
      }
      expect(await snapshot(f)).toEqual(afterAccepted)
    },
  )

  it.each(named(SIGNED))(
    '%s: option signatureToleranceSeconds 900 accepts the 301 s the default refuses',
    async (_name, endpoint) => {
      const f = await setup({ signatureToleranceSeconds: 900 })
      expect((await send(f, endpoint, { timestamp: String(nowSeconds(f.mock) - 301) })).status).toBe(200)
      expect((await send(f, endpoint, { timestamp: String(nowSeconds(f.mock) + 900) })).status).toBe(200)
      expectCodeError(
        await send(f, endpoint, { timestamp: String(nowSeconds(f.mock) + 901) }),
        f.mock,
        401,
        'invalid_timestamp',
      )
    },
  )

  it.each(named(SIGNED))(
    '%s: option signatureToleranceSeconds Infinity turns the skew check off (a timestamp from 1970 is accepted)',
    async (_name, endpoint) => {
      const f = await setup({ signatureToleranceSeconds: Infinity })
      expect((await send(f, endpoint, { timestamp: '1' })).status).toBe(200)
    },
  )

  it.each(named(SIGNED))('%s: the skew is judged by the mock clock, not the real clock', async (_name, endpoint) => {
    const f = await setup()
    const realNow = String(Math.floor(Date.now() / 1000))
    expectCodeError(await send(f, endpoint, { timestamp: realNow }), f.mock, 401, 'invalid_timestamp')
    await f.mock.clock.set(Number(realNow) * 1000)
    expect((await send(f, endpoint, { timestamp: realNow })).status).toBe(200)
  })

  it.each(named(SIGNED))(
    '%s: a millisecond X-Timestamp is refused 401 invalid_timestamp with a hint to send seconds, and changes nothing',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { timestamp: String(Date.parse(f.mock.clock.now())) })
      expectCodeError(reply, f.mock, 401, 'invalid_timestamp', { message: /milliseconds.*send seconds/ })
      await expectNoStateChange(probe(f), before)
    },
  )
})

describe('signed endpoints: X-Signature covers the exact body bytes and the timestamp', () => {
  /** Changes the amount 5 to 9: one byte. */
  const oneByte = (raw: string) => raw.replace(/:5([,}])/, ':9$1')

  it.each(named(SIGNED))(
    '%s: a missing X-Signature is refused 400 status-style naming the header, and changes nothing',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { headers: { [HEADERS.signature]: null } })
      expectStatusError(reply, 400, 'Bad Request', /X-Signature/)
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(SIGNED))(
    '%s: a signature made with another secret (the API key) is refused 401 invalid_signature, and changes nothing',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { secret: f.m.apiKey })
      expectCodeError(reply, f.mock, 401, 'invalid_signature')
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(SIGNED))(
    '%s: the signature of another merchant (its own secret) is refused 401 invalid_signature',
    async (_name, endpoint) => {
      const f = await setup()
      const other = await f.mock.merchants.create({ balances: { usd: 100 } })
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { secret: other.apiSecret })
      expectCodeError(reply, f.mock, 401, 'invalid_signature')
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(SIGNED))(
    '%s: a tampered body (same headers, one byte changed) is refused 401 invalid_signature and moves no money',
    async (_name, endpoint) => {
      const f = await setup()
      const body = endpoint.body!(f)
      expect(oneByte(JSON.stringify(body))).not.toBe(JSON.stringify(body))
      expect(oneByte(JSON.stringify(body))).toHaveLength(JSON.stringify(body).length)
      const before = await snapshot(f)
      const reply = await signedCall(f.mock, f.m, endpoint.path, body, { tamper: oneByte })
      expectCodeError(reply, f.mock, 401, 'invalid_signature')
      await expectNoStateChange(probe(f), before)
    },
  )

  const reserialisations: Array<[string, (raw: string) => string]> = [
    ['pretty-printed with whitespace', (raw) => JSON.stringify(JSON.parse(raw), null, 2)],
    [
      'with its keys in another order',
      (raw) => JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(raw) as object).reverse())),
    ],
    ['with a trailing newline', (raw) => `${raw}\n`],
  ]
  it.each(SIGNED.flatMap((e) => reserialisations.map(([label, fn]) => [e.name, label, fn, e] as const)))(
    '%s: the same JSON value sent %s is refused 401 invalid_signature (the signature covers the exact bytes)',
    async (_name, _label, reserialise, endpoint) => {
      const f = await setup()
      const body = endpoint.body!(f)
      expect(JSON.parse(reserialise(JSON.stringify(body)))).toEqual(body)
      const before = await snapshot(f)
      const reply = await signedCall(f.mock, f.m, endpoint.path, body, { tamper: reserialise })
      expectCodeError(reply, f.mock, 401, 'invalid_signature')
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(SIGNED))(
    '%s: the signature over the pretty-printed bytes, sent with those bytes, is accepted',
    async (_name, endpoint) => {
      const f = await setup()
      const raw = JSON.stringify(endpoint.body!(f), null, 2)
      const reply = await signedCall(f.mock, f.m, endpoint.path, undefined, { rawBody: raw })
      expect(reply.status).toBe(200)
    },
  )

  it.each(named(SIGNED))(
    '%s: an uppercase hex signature is refused 401 invalid_signature (documented: lowercase hex)',
    async (_name, endpoint) => {
      const f = await setup()
      const raw = JSON.stringify(endpoint.body!(f))
      const timestamp = String(nowSeconds(f.mock))
      const signature = await signer.signRequest({ secret: f.m.apiSecret, body: raw, timestamp })
      expect(signature.toUpperCase()).not.toBe(signature)
      const before = await snapshot(f)
      const reply = await signedCall(f.mock, f.m, endpoint.path, undefined, {
        rawBody: raw,
        timestamp,
        headers: { [HEADERS.signature]: signature.toUpperCase() },
      })
      expectCodeError(reply, f.mock, 401, 'invalid_signature')
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(SIGNED))(
    '%s: a signature of timestamp + body (wrong order) is refused 401 invalid_signature',
    async (_name, endpoint) => {
      const f = await setup()
      const raw = JSON.stringify(endpoint.body!(f))
      const timestamp = String(nowSeconds(f.mock))
      const swapped = await signer.signRequest({ secret: f.m.apiSecret, body: `${timestamp}${raw}`, timestamp: '' })
      const before = await snapshot(f)
      const reply = await signedCall(f.mock, f.m, endpoint.path, undefined, {
        rawBody: raw,
        timestamp,
        headers: { [HEADERS.signature]: swapped },
      })
      expectCodeError(reply, f.mock, 401, 'invalid_signature')
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(SIGNED))(
    '%s: a valid signature sent with another X-Timestamp (1 s later, within the skew) is refused 401 invalid_signature',
    async (_name, endpoint) => {
      const f = await setup()
      const raw = JSON.stringify(endpoint.body!(f))
      const signedAt = String(nowSeconds(f.mock))
      const signature = await signer.signRequest({ secret: f.m.apiSecret, body: raw, timestamp: signedAt })
      const before = await snapshot(f)
      const reply = await signedCall(f.mock, f.m, endpoint.path, undefined, {
        rawBody: raw,
        timestamp: String(nowSeconds(f.mock) + 1),
        headers: { [HEADERS.signature]: signature },
      })
      expectCodeError(reply, f.mock, 401, 'invalid_signature')
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(SIGNED))(
    '%s: a request refused for its signature leaves its idempotency key ' +
      'unused: the corrected request with the same key runs',
    async (_name, endpoint) => {
      const f = await setup()
      const key = crypto.randomUUID()
      const body = endpoint.body!(f)
      expectCodeError(
        await signedCall(f.mock, f.m, endpoint.path, body, { key, secret: 'sk_test_wrong' }),
        f.mock,
        401,
        'invalid_signature',
      )
      const reply = await signedCall(f.mock, f.m, endpoint.path, body, { key })
      expect(reply.status).toBe(200)
      expect(reply.headers.get(HEADERS.idempotentReplayed)).toBeNull()
      expect((await balance(f.mock, f.m)).usd.freeze).toBe(5)
    },
  )
})

describe('signed endpoints: X-Idempotent-Key', () => {
  it.each(named(SIGNED))(
    '%s: a missing X-Idempotent-Key is refused 400 code-style ' +
      'missing_idempotent_key naming the header, and changes nothing',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await signedCall(f.mock, f.m, endpoint.path, endpoint.body!(f), { key: null })
      expectCodeError(reply, f.mock, 400, 'missing_idempotent_key', {
        details: keyDetails(endpoint),
        message: /X-Idempotent-Key/,
      })
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(SIGNED.flatMap((e) => [0, LIMITS.idempotencyKeyMaxLength + 1].map((n) => [e.name, n, e] as const)))(
    '%s: an X-Idempotent-Key of %i characters is refused 400 code-style invalid_idempotent_key, and changes nothing',
    async (_name, length, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await signedCall(f.mock, f.m, endpoint.path, endpoint.body!(f), { key: 'k'.repeat(length) })
      expectCodeError(reply, f.mock, 400, 'invalid_idempotent_key', { message: new RegExp(`got ${length}`) })
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(SIGNED.flatMap((e) => [1, LIMITS.idempotencyKeyMaxLength].map((n) => [e.name, n, e] as const)))(
    '%s: an X-Idempotent-Key of %i characters is accepted, recorded, and a retry replays it',
    async (_name, length, endpoint) => {
      const f = await setup()
      const key = 'k'.repeat(length)
      const first = await signedCall(f.mock, f.m, endpoint.path, endpoint.body!(f), { key })
      expect(first.status).toBe(200)
      const retry = await signedCall(f.mock, f.m, endpoint.path, endpoint.body!(f), { key })
      expect(retry.status).toBe(200)
      expect(retry.headers.get(HEADERS.idempotentReplayed)).toBe('true')
      expect(retry.body).toEqual(first.body)
      expect((await balance(f.mock, f.m)).usd.freeze).toBe(5)
    },
  )

  // The dates of release 1.3.0 (a missing or malformed key before 2026-01-20 and 2026-01-27) are pinned,
  // with the earlier request form those dates take, in releases.test.ts.
})

describe('check order: obsolete headers, API key, timestamp, signature, idempotency key (two problems at once)', () => {
  const listStores = STANDARD.find((e) => e.path === GATEWAY_PATHS.listStores)!
  const createOrderEp = STANDARD.find((e) => e.path === GATEWAY_PATHS.createOrder)!

  it.each(named(STANDARD))(
    '%s: X-App-Id with no X-Api-Key reports the obsolete header first (401 invalid_authentication, not 400)',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { headers: { [HEADERS.apiKey]: null, [HEADERS.appId]: '100001' } })
      expectCodeError(reply, f.mock, 401, 'invalid_authentication', { details: obsoleteDetails(endpoint) })
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(STANDARD))(
    '%s: X-Timestamp with an unknown X-Api-Key reports the obsolete header first (code-style, not status-style)',
    async (_name, endpoint) => {
      const f = await setup()
      const reply = await send(f, endpoint, {
        headers: { [HEADERS.apiKey]: 'mk_test_unknown', [HEADERS.timestamp]: String(nowSeconds(f.mock)) },
      })
      expectCodeError(reply, f.mock, 401, 'invalid_authentication', { details: obsoleteDetails(endpoint) })
    },
  )

  it.each(named(SIGNED))(
    '%s: X-App-Id with a bad signature and no idempotency key reports the obsolete header first',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, {
        headers: { [HEADERS.appId]: '100001', [HEADERS.idempotentKey]: null },
        secret: 'sk_test_wrong',
      })
      expectCodeError(reply, f.mock, 401, 'invalid_authentication', { details: obsoleteDetails(endpoint) })
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(SIGNED))(
    '%s: no X-Api-Key and no X-Timestamp reports the API key (400 naming X-Api-Key)',
    async (_name, endpoint) => {
      const f = await setup()
      const reply = await send(f, endpoint, { headers: { [HEADERS.apiKey]: null, [HEADERS.timestamp]: null } })
      expectStatusError(reply, 400, 'Bad Request', /X-Api-Key/)
    },
  )

  it.each(named(SIGNED))(
    '%s: an unknown X-Api-Key with a missing X-Timestamp reports the API key (401 Unauthorized, not 400)',
    async (_name, endpoint) => {
      const f = await setup()
      const reply = await send(f, endpoint, {
        headers: { [HEADERS.apiKey]: 'mk_test_unknown', [HEADERS.timestamp]: null },
      })
      expectStatusError(reply, 401, 'Unauthorized')
    },
  )

  it.each(named(SIGNED))(
    '%s: an unknown X-Api-Key with a stale X-Timestamp and a bad signature ' +
      'reports the API key (401 status-style Unauthorized)',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, {
        headers: { [HEADERS.apiKey]: 'mk_test_unknown' },
        timestamp: String(nowSeconds(f.mock) - 3600),
        secret: 'sk_test_wrong',
      })
      expectStatusError(reply, 401, 'Unauthorized')
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(SIGNED))(
    '%s: a missing X-Timestamp with a bad signature reports the timestamp (400 naming X-Timestamp)',
    async (_name, endpoint) => {
      const f = await setup()
      const reply = await send(f, endpoint, { headers: { [HEADERS.timestamp]: null }, secret: 'sk_test_wrong' })
      expectStatusError(reply, 400, 'Bad Request', /X-Timestamp/)
    },
  )

  it.each(named(SIGNED))(
    '%s: a malformed X-Timestamp with a bad signature reports the timestamp (400)',
    async (_name, endpoint) => {
      const f = await setup()
      const reply = await send(f, endpoint, { timestamp: 'yesterday', secret: 'sk_test_wrong' })
      expectStatusError(reply, 400, 'Bad Request', /X-Timestamp/)
    },
  )

  it.each(named(SIGNED))(
    '%s: a stale X-Timestamp with a bad signature reports the timestamp (401 invalid_timestamp)',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, { timestamp: String(nowSeconds(f.mock) - 301), secret: 'sk_test_wrong' })
      expectCodeError(reply, f.mock, 401, 'invalid_timestamp')
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(named(SIGNED))(
    '%s: a bad signature with no idempotency key reports the signature (401 invalid_signature)',
    async (_name, endpoint) => {
      const f = await setup()
      const reply = await send(f, endpoint, { headers: { [HEADERS.idempotentKey]: null }, secret: 'sk_test_wrong' })
      expectCodeError(reply, f.mock, 401, 'invalid_signature')
    },
  )

  it.each(named(SIGNED))(
    '%s: a bad signature with a 256-character idempotency key reports the signature',
    async (_name, endpoint) => {
      const f = await setup()
      const reply = await send(f, endpoint, {
        headers: { [HEADERS.idempotentKey]: 'k'.repeat(256) },
        secret: 'sk_test_wrong',
      })
      expectCodeError(reply, f.mock, 401, 'invalid_signature')
    },
  )

  it.each(named(SIGNED))(
    '%s: a missing idempotency key with an invalid (but signed) body reports the key, before body validation',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, {
        rawBody: '{"orderId":"not a number"}',
        headers: { [HEADERS.idempotentKey]: null },
      })
      expectCodeError(reply, f.mock, 400, 'missing_idempotent_key', { details: keyDetails(endpoint) })
      await expectNoStateChange(probe(f), before)
    },
  )

  it('an unknown X-Api-Key with an invalid body reports the API key (401), before body validation', async () => {
    const f = await setup()
    const reply = await send(f, createOrderEp, {
      rawBody: '{"storeId":"x"}',
      headers: { [HEADERS.apiKey]: 'mk_test_unknown' },
    })
    expectStatusError(reply, 401, 'Unauthorized')
  })

  it('a missing X-Api-Key with a body that is not JSON reports the API key', async () => {
    const f = await setup()
    const reply = await send(f, createOrderEp, { rawBody: '{oops', headers: { [HEADERS.apiKey]: null } })
    expectStatusError(reply, 400, 'Bad Request', /X-Api-Key/)
  })

  it('the body is read before authentication (pipeline): an over-size body without X-Api-Key is 413', async () => {
    const f = await setup()
    const reply = await send(f, listStores, {
      rawBody: `{"pad":"${'x'.repeat(LIMITS.maxBodyBytes)}"}`,
      headers: { [HEADERS.apiKey]: null },
    })
    expectStatusError(reply, 413, 'Payload Too Large')
  })
})

describe('check order: the whole timestamp before the signature', () => {
  it.each(named(SIGNED))(
    '%s: a stale X-Timestamp with no X-Signature reports the timestamp (401 invalid_timestamp)',
    async (_name, endpoint) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await send(f, endpoint, {
        timestamp: String(nowSeconds(f.mock) - 301),
        headers: { [HEADERS.signature]: null },
      })
      expectCodeError(reply, f.mock, 401, 'invalid_timestamp')
      await expectNoStateChange(probe(f), before)
    },
  )
})
