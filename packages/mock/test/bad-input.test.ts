/**
 * Bad input on every gateway endpoint, with valid authentication (signed endpoints get a correct
 * signature over the bad bytes, so the request reaches validation). Every case must answer a 4xx with
 * the documented status-style body, never a 5xx, and change no state. On signed endpoints the
 * idempotency key of a refused request stays unused.
 */
import { GATEWAY_PATHS, HEADERS, LIMITS } from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import { describe, expect, it } from 'vitest'
import type { MockGateway, MockGatewayOptions } from '../src/index.js'
import {
  balance,
  call,
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
const MAX_USD = LIMITS.maxAmountMinor / 100
const MAX_KHR = LIMITS.maxAmountMinor

interface Fixture {
  mock: MockGateway
  m: Merchant
  /** A completed USD 25 order. */
  usdOrder: { orderId: number; transactionId: number }
  /** A completed KHR 40 000 order (the last transaction created). */
  khrOrder: { orderId: number; transactionId: number }
  /** A pending USD 10 order (the last order created). */
  pendingOrder: number
}

async function setup(options: MockGatewayOptions = {}): Promise<Fixture> {
  const mock = newMock(options)
  const m = await newMerchant(mock)
  await mock.accounts.add(m.merchantId, { accountNumber: ACCOUNT, accountName: 'Dara Sok' })
  const usdOrder = await paidOrder(mock, m, 25)
  const khrOrder = await paidOrder(mock, m, 40_000, 'KHR')
  const pendingOrder = await createOrder(mock, m, 10)
  return { mock, m, usdOrder, khrOrder, pendingOrder }
}

/** The state a refused request must leave as it was. */
function probe(f: Fixture): StateProbe {
  return {
    mock: f.mock,
    m: f.m,
    watchedOrders: [f.usdOrder.orderId, f.khrOrder.orderId, f.pendingOrder],
    lastOrderId: f.pendingOrder,
    lastTransactionId: f.khrOrder.transactionId,
  }
}

/** A snapshot of the fixture's state. */
const snapshot = (f: Fixture) => snapshotState(probe(f))

function expectStatusError(reply: Reply, status: number, message: RegExp | string): void {
  expect(reply.status).toBeLessThan(500)
  expect(reply.status).toBe(status)
  expect(reply.body).toEqual({
    statusCode: status,
    message: expect.any(String),
    error: status === 413 ? 'Payload Too Large' : status === 404 ? 'Not Found' : 'Bad Request',
  })
  expect(reply.body.message).toMatch(/\S/)
  if (typeof message === 'string') expect(reply.body.message).toContain(message)
  else expect(reply.body.message).toMatch(message)
}

// ---------------------------------------------------------------------------------------------
// Targets and their fields
// ---------------------------------------------------------------------------------------------

type FieldKind = 'integer' | 'digits' | 'integerOrDigits' | 'amount' | 'currency' | 'reason' | 'accountNumber'

interface Field {
  name: string
  kind: FieldKind
  required: boolean
}

interface Target {
  name: string
  path: string
  signed: boolean
  /**
   * `none`: no body, or a JSON object that is ignored (list stores, balance, transaction detail POST); `json`: a JSON
   * object is required.
   */
  body: 'none' | 'json'
  /** A valid body in the currency (refund: of an order in that currency). */
  valid?: (f: Fixture, currency: 'USD' | 'KHR') => Record<string, unknown>
  /** The field that carries the amount, when there is one. */
  amountField?: string
  fields: Field[]
}

const amountFields = (): Field[] => [
  { name: 'amount', kind: 'amount', required: true },
  { name: 'currency', kind: 'currency', required: true },
]
const someAmount = (currency: 'USD' | 'KHR') => (currency === 'USD' ? 5 : 5000)

const TARGETS: Target[] = [
  { name: 'list stores', path: GATEWAY_PATHS.listStores, signed: false, body: 'none', fields: [] },
  { name: 'balance inquiry', path: GATEWAY_PATHS.balanceInquiry, signed: false, body: 'none', fields: [] },
  {
    name: 'create order (storeId)',
    path: GATEWAY_PATHS.createOrder,
    signed: false,
    body: 'json',
    valid: (f, currency) => ({ storeId: f.m.storeId, amount: someAmount(currency), currency }),
    amountField: 'amount',
    fields: [{ name: 'storeId', kind: 'integer', required: true }, ...amountFields()],
  },
  {
    name: 'create order (store_id)',
    path: GATEWAY_PATHS.createOrder,
    signed: false,
    body: 'json',
    valid: (f, currency) => ({ store_id: String(f.m.storeId), amount: someAmount(currency), currency }),
    amountField: 'amount',
    fields: [{ name: 'store_id', kind: 'digits', required: true }, ...amountFields()],
  },
  {
    name: 'generate QR',
    path: GATEWAY_PATHS.generateQr,
    signed: false,
    body: 'json',
    valid: (f, currency) => ({ store_id: f.m.storeId, amount: someAmount(currency), currency }),
    amountField: 'amount',
    fields: [{ name: 'store_id', kind: 'integer', required: true }, ...amountFields()],
  },
  {
    name: 'transaction detail POST',
    path: GATEWAY_PATHS.transactionDetail,
    signed: false,
    body: 'none',
    valid: (f) => ({ transaction_id: String(f.usdOrder.transactionId) }),
    fields: [{ name: 'transaction_id', kind: 'integerOrDigits', required: true }],
  },
  {
    name: 'cancel order',
    path: GATEWAY_PATHS.cancelOrder,
    signed: false,
    body: 'json',
    valid: (f) => ({ order_id: String(f.pendingOrder), reason: 'customer left' }),
    fields: [
      { name: 'order_id', kind: 'digits', required: true },
      { name: 'reason', kind: 'reason', required: false },
    ],
  },
  {
    name: 'refund',
    path: GATEWAY_PATHS.refundOrder,
    signed: true,
    body: 'json',
    valid: (f, currency) => ({
      orderId: currency === 'USD' ? f.usdOrder.orderId : f.khrOrder.orderId,
      refundAmount: someAmount(currency),
    }),
    amountField: 'refundAmount',
    fields: [
      { name: 'orderId', kind: 'integer', required: true },
      { name: 'refundAmount', kind: 'amount', required: true },
    ],
  },
  {
    name: 'payout',
    path: GATEWAY_PATHS.payout,
    signed: true,
    body: 'json',
    valid: (_f, currency) => ({ accountNumber: ACCOUNT, amount: someAmount(currency), currency }),
    amountField: 'amount',
    fields: [{ name: 'accountNumber', kind: 'accountNumber', required: true }, ...amountFields()],
  },
]
const target = (name: string): Target => TARGETS.find((t) => t.name === name)!

// ---------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------

/** Sends exactly these bytes with valid auth; signed targets get a signature over them and `key`. */
async function sendBytes(
  f: Fixture,
  t: Target,
  payload: string | Uint8Array<ArrayBuffer> | undefined,
  key: string = crypto.randomUUID(),
): Promise<Reply> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', [HEADERS.apiKey]: f.m.apiKey }
  if (t.signed) {
    const timestamp = String(Math.floor(Date.parse(f.mock.clock.now()) / 1000))
    headers[HEADERS.timestamp] = timestamp
    headers[HEADERS.signature] = await signer.signRequest({ secret: f.m.apiSecret, body: payload ?? '', timestamp })
    headers[HEADERS.idempotentKey] = key
  }
  const res = await f.mock.fetch(`${f.mock.baseUrl}${t.path}`, { method: 'POST', headers, body: payload })
  return { status: res.status, body: await res.json(), headers: res.headers }
}

/** A JSON value spelled by hand (`1e999`, which JSON.parse reads as Infinity). */
class Raw {
  constructor(readonly text: string) {}
}

/** The JSON text of `body` with `field` set to `value` (or removed when `value` is `undefined`). */
function withField(body: Record<string, unknown>, field: string, value: unknown): string {
  const copy: Record<string, unknown> = { ...body }
  if (value === undefined) {
    delete copy[field]
    return JSON.stringify(copy)
  }
  if (value instanceof Raw) {
    copy[field] = '__RAW__'
    return JSON.stringify(copy).replace('"__RAW__"', value.text)
  }
  copy[field] = value
  return JSON.stringify(copy)
}

function show(value: unknown): string {
  if (value instanceof Raw) return `${value.text} (raw JSON)`
  if (typeof value === 'string' && value.length > 30) return `a ${value.length}-character string`
  if (typeof value === 'number' && !Number.isSafeInteger(value) && Number.isInteger(value))
    return `${value} (unsafe integer)`
  return JSON.stringify(value)
}

// ---------------------------------------------------------------------------------------------
// The table: one row per (endpoint x bad input)
// ---------------------------------------------------------------------------------------------

interface BadCase {
  target: string
  label: string
  payload: (f: Fixture) => string | Uint8Array<ArrayBuffer> | undefined
  status: 400 | 413
  /** Text the message must contain (the field name), or a pattern it must match. */
  message: RegExp | string
}

const utf8 = (text: string) => new TextEncoder().encode(text)
const INVALID_UTF8 = (): Uint8Array<ArrayBuffer> => {
  const head = utf8('{"note":"')
  const tail = utf8('"}')
  return new Uint8Array([...head, 0xff, 0xfe, 0xc3, 0x28, ...tail])
}
const overSize = () => `{"pad":"${'x'.repeat(LIMITS.maxBodyBytes)}"}`

function bodyCases(t: Target): BadCase[] {
  const cases: BadCase[] = [
    {
      target: t.name,
      label: 'a body that is not JSON ({oops)',
      payload: () => '{oops',
      status: 400,
      message: /not valid JSON/,
    },
    {
      target: t.name,
      label: 'JSON with a trailing comma',
      payload: () => '{"a":1,}',
      status: 400,
      message: /not valid JSON/,
    },
    {
      target: t.name,
      label: 'two JSON objects in a row',
      payload: () => '{}{}',
      status: 400,
      message: /not valid JSON/,
    },
    {
      target: t.name,
      label: 'a JSON array',
      payload: (f) => JSON.stringify([t.valid?.(f, 'USD') ?? {}]),
      status: 400,
      message: /JSON object, got an array/,
    },
    {
      target: t.name,
      label: 'an empty JSON array',
      payload: () => '[]',
      status: 400,
      message: /JSON object, got an array/,
    },
    { target: t.name, label: 'JSON null', payload: () => 'null', status: 400, message: /JSON object, got null/ },
    {
      target: t.name,
      label: 'a JSON string',
      payload: () => '"{\\"a\\":1}"',
      status: 400,
      message: /JSON object, got string/,
    },
    { target: t.name, label: 'a JSON number', payload: () => '42', status: 400, message: /JSON object, got number/ },
    { target: t.name, label: 'JSON true', payload: () => 'true', status: 400, message: /JSON object, got boolean/ },
    { target: t.name, label: 'invalid UTF-8 bytes', payload: INVALID_UTF8, status: 400, message: /UTF-8/ },
    {
      target: t.name,
      label: `a body of ${LIMITS.maxBodyBytes + 11} bytes (over maxBodyBytes)`,
      payload: overSize,
      status: 413,
      message: String(LIMITS.maxBodyBytes),
    },
  ]
  if (t.body === 'json') {
    cases.push(
      { target: t.name, label: 'an empty body', payload: () => undefined, status: 400, message: /body is required/ },
      { target: t.name, label: 'a body of blanks', payload: () => ' \n\t ', status: 400, message: /body is required/ },
    )
  } else if (t.valid) {
    // transaction detail POST: the body is optional only because the id may come in the query
    cases.push({
      target: t.name,
      label: 'an empty body and no query',
      payload: () => undefined,
      status: 400,
      message: 'transaction_id',
    })
  }
  return cases
}

/** Values of the wrong JSON type for a field of this kind. */
function wrongTypes(kind: FieldKind): unknown[] {
  switch (kind) {
    case 'integer':
    case 'amount':
      return ['5', true, null, {}, []]
    case 'integerOrDigits':
      return [true, null, {}, []]
    default:
      return [5, true, null, {}, []]
  }
}

/** Values of the right type that break the field's rule. */
function badValues(kind: FieldKind): unknown[] {
  switch (kind) {
    case 'integer':
      return [0, -1, 1.5, 2 ** 53, new Raw('1e999')]
    case 'digits':
      return ['', '0', '0101', '-1', '1.5', 'abc', '1e3', ' 101', '9'.repeat(LIMITS.maxIdLength + 1)]
    case 'integerOrDigits':
      return ['', '0', 'abc', '-1', '1.5', 0, -1, 1.5, 2 ** 53, new Raw('1e999'), '1'.repeat(LIMITS.maxIdLength + 1)]
    case 'amount':
      return [0, -1, -0.01, new Raw('-0'), new Raw('1e999'), new Raw('-1e999')]
    case 'currency':
      return ['EUR', 'usd', '', 'US D', 'USD ']
    case 'reason':
      return ['x'.repeat(LIMITS.maxTextLength + 1)]
    case 'accountNumber':
      return ['', 'x'.repeat(LIMITS.maxAccountNumberLength + 1)]
  }
}

function fieldCases(t: Target): BadCase[] {
  if (!t.valid) return []
  const valid = t.valid
  const cases: BadCase[] = []
  for (const field of t.fields) {
    const set = (value: unknown) => (f: Fixture) => withField(valid(f, 'USD'), field.name, value)
    for (const value of [...wrongTypes(field.kind), ...badValues(field.kind)]) {
      cases.push({
        target: t.name,
        label: `${field.name} = ${show(value)}`,
        payload: set(value),
        status: 400,
        message: field.name,
      })
    }
    if (field.required)
      cases.push({
        target: t.name,
        label: `${field.name} missing`,
        payload: set(undefined),
        status: 400,
        message: field.name,
      })
    cases.push({
      target: t.name,
      label: `${field.name} = a 100000-character string (body over maxBodyBytes)`,
      payload: set('x'.repeat(100_000)),
      status: 413,
      message: String(LIMITS.maxBodyBytes),
    })
    cases.push({
      target: t.name,
      label: `${field.name} = a 60000-character string (within maxBodyBytes)`,
      payload: set('7'.repeat(60_000)),
      status: 400,
      message: field.name,
    })
  }
  if (t.amountField) {
    const amount = t.amountField
    const inCurrency = (value: unknown, currency: 'USD' | 'KHR') => (f: Fixture) =>
      withField(valid(f, currency), amount, value)
    cases.push(
      {
        target: t.name,
        label: `${amount} = 1.005 in USD (3 decimals)`,
        payload: inCurrency(1.005, 'USD'),
        status: 400,
        message: new RegExp(`${amount}.*2 decimal places for USD`),
      },
      {
        target: t.name,
        label: `${amount} = 0.001 in USD`,
        payload: inCurrency(0.001, 'USD'),
        status: 400,
        message: new RegExp(`${amount}.*2 decimal places for USD`),
      },
      {
        target: t.name,
        label: `${amount} = 1.5 in KHR (KHR has no decimals)`,
        payload: inCurrency(1.5, 'KHR'),
        status: 400,
        message: new RegExp(`${amount}.*whole number for KHR`),
      },
      {
        target: t.name,
        label: `${amount} = 5e-324 in KHR`,
        payload: inCurrency(5e-324, 'KHR'),
        status: 400,
        message: new RegExp(`${amount}.*whole number for KHR`),
      },
      {
        target: t.name,
        label: `${amount} = ${MAX_USD} + 0.01 USD (above maxAmountMinor)`,
        payload: inCurrency(MAX_USD + 0.01, 'USD'),
        status: 400,
        message: new RegExp(`${amount}.*at most`),
      },
      {
        target: t.name,
        label: `${amount} = ${MAX_KHR} + 1 KHR (above maxAmountMinor)`,
        payload: inCurrency(MAX_KHR + 1, 'KHR'),
        status: 400,
        message: new RegExp(`${amount}.*at most`),
      },
      {
        target: t.name,
        label: `${amount} = 1e300 USD`,
        payload: inCurrency(1e300, 'USD'),
        status: 400,
        message: new RegExp(`${amount}.*at most`),
      },
    )
  }
  return cases
}

const CASES: BadCase[] = TARGETS.flatMap((t) => [...bodyCases(t), ...fieldCases(t)])
const ROWS = CASES.map((c) => [c.target, c.label, c.status, c] as const)

describe('every (endpoint x bad input) pair: a documented 4xx, never 5xx, no state change', () => {
  it.each(ROWS)('%s: %s is refused %i status-style, never 5xx, and changes nothing', async (_t, _label, status, c) => {
    const f = await setup()
    const t = target(c.target)
    const before = await snapshot(f)
    const key = crypto.randomUUID()
    const reply = await sendBytes(f, t, c.payload(f), key)
    expectStatusError(reply, status, c.message)
    if (typeof c.message === 'string' && c.message !== String(LIMITS.maxBodyBytes)) {
      // names the field without echoing a huge value back
      expect(reply.body.message.length).toBeLessThan(1_000)
    }
    await expectNoStateChange(probe(f), before)
    if (t.signed) {
      // the refused request did not take the key: the valid request with the same key runs
      const good = await sendBytes(f, t, JSON.stringify(t.valid!(f, 'USD')), key)
      expect(good.status).toBe(200)
      expect(good.headers.get(HEADERS.idempotentReplayed)).toBeNull()
      expect(good.body.data.amount).toBe(5)
    }
  })
})

describe('list stores and balance inquiry take no body', () => {
  it.each(['list stores', 'balance inquiry'])(
    '%s: no body, a blank body, {} and an object with unknown fields are all fine',
    async (name) => {
      const f = await setup()
      const t = target(name)
      for (const payload of [undefined, '', '  ', '{}', '{"unexpected":[1,2,3]}']) {
        const reply = await sendBytes(f, t, payload)
        expect(reply.status).toBe(200)
        expect(reply.body).toMatchObject({ statusCode: 200, message: 'Success', traceId: expect.any(String) })
      }
    },
  )
})

describe('transaction detail GET: the transaction_id query parameter', () => {
  const queries: Array<[string, string]> = [
    ['missing', ''],
    ['empty', '?transaction_id='],
    ['abc', '?transaction_id=abc'],
    ['-1', '?transaction_id=-1'],
    ['1.5', '?transaction_id=1.5'],
    ['0', '?transaction_id=0'],
    ['1e3', '?transaction_id=1e3'],
    ['with a leading blank', '?transaction_id=%20700001'],
    ['not UTF-8 when decoded (%FF)', '?transaction_id=%FF'],
    ['21 digits', `?transaction_id=${'1'.repeat(LIMITS.maxIdLength + 1)}`],
    ['repeated twice (same value)', '?transaction_id=700001&transaction_id=700001'],
    ['repeated twice (different values)', '?transaction_id=700001&transaction_id=700002'],
  ]
  it.each(queries)(
    'transaction_id %s is refused 400 status-style naming transaction_id, and changes nothing',
    async (_label, query) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await call(f.mock, GATEWAY_PATHS.transactionDetail, { apiKey: f.m.apiKey, method: 'GET', query })
      expectStatusError(reply, 400, 'transaction_id')
      await expectNoStateChange(probe(f), before)
    },
  )

  it.each(queries.filter(([label]) => label !== 'missing'))(
    'POST with transaction_id %s in the query and no body is refused 400 too',
    async (_label, query) => {
      const f = await setup()
      const reply = await call(f.mock, GATEWAY_PATHS.transactionDetail, { apiKey: f.m.apiKey, query })
      expectStatusError(reply, 400, 'transaction_id')
    },
  )

  it('control: 20 digits is a well-formed id (404 when unknown), the id of a payment answers 200', async () => {
    const f = await setup()
    const unknown = await call(f.mock, GATEWAY_PATHS.transactionDetail, {
      apiKey: f.m.apiKey,
      method: 'GET',
      query: `?transaction_id=${'1'.repeat(LIMITS.maxIdLength)}`,
    })
    expectStatusError(unknown, 404, 'not found')
    const known = await call(f.mock, GATEWAY_PATHS.transactionDetail, {
      apiKey: f.m.apiKey,
      method: 'GET',
      query: `?transaction_id=${f.usdOrder.transactionId}`,
    })
    expect(known.status).toBe(200)
  })
})

describe('transaction detail: an id that breaks one rule is told that rule, once', () => {
  it.each([
    ['abc', 'transaction_id: must be a string of digits'],
    ['1e3', 'transaction_id: must be a string of digits'],
    ['05001', 'transaction_id: must be written without leading zeros'],
    ['0', 'transaction_id: must be greater than 0'],
    ['9007199254740992', 'transaction_id: must be at most 9007199254740991'],
    ['1'.repeat(LIMITS.maxIdLength + 1), 'transaction_id: must be at most 9007199254740991'],
  ])('GET ?transaction_id=%s answers 400 "%s" and nothing more', async (id, message) => {
    const f = await setup()
    const query = `?transaction_id=${id}`
    const reply = await call(f.mock, GATEWAY_PATHS.transactionDetail, { apiKey: f.m.apiKey, method: 'GET', query })
    expect(reply.status).toBe(400)
    expect(reply.body.message).toBe(message)
  })

  it.each([
    ['"abc"', 'abc', 'transaction_id: must be a string of digits'],
    ['2^53', 2 ** 53, 'transaction_id: must be at most 9007199254740991'],
  ])('POST { transaction_id: %s } answers 400 naming one rule', async (_label, id, message) => {
    const f = await setup()
    const reply = await call(f.mock, GATEWAY_PATHS.transactionDetail, {
      apiKey: f.m.apiKey,
      body: { transaction_id: id },
    })
    expect(reply.status).toBe(400)
    expect(reply.body.message).toBe(message)
  })
})

describe('signed endpoints: a refused request does not record its idempotency key', () => {
  it('a refund refused by schema validation, then the valid refund with the same key, processes normally', async () => {
    const f = await setup()
    const key = crypto.randomUUID()
    const bad = await signedCall(f.mock, f.m, GATEWAY_PATHS.refundOrder, undefined, {
      key,
      rawBody: `{"orderId":${f.usdOrder.orderId},"refundAmount":"5"}`,
    })
    expectStatusError(bad, 400, 'refundAmount')
    const good = await signedCall(
      f.mock,
      f.m,
      GATEWAY_PATHS.refundOrder,
      { orderId: f.usdOrder.orderId, refundAmount: 5 },
      { key },
    )
    expect(good.status).toBe(200)
    expect(good.headers.get(HEADERS.idempotentReplayed)).toBeNull()
    expect(good.body.data).toMatchObject({ orderId: f.usdOrder.orderId, amount: 5, currency: 'USD' })
    expect((await balance(f.mock, f.m)).usd.freeze).toBe(5)
    // and now the key is taken: a retry replays, it does not refund twice
    const retry = await signedCall(
      f.mock,
      f.m,
      GATEWAY_PATHS.refundOrder,
      { orderId: f.usdOrder.orderId, refundAmount: 5 },
      { key },
    )
    expect(retry.headers.get(HEADERS.idempotentReplayed)).toBe('true')
    expect((await balance(f.mock, f.m)).usd.freeze).toBe(5)
  })

  it(
    'a refund refused 400 by the money rules (1.005 on a USD order), then ' +
      'the valid refund with the same key, processes normally',
    async () => {
      const f = await setup()
      const key = crypto.randomUUID()
      const before = await snapshot(f)
      const bad = await signedCall(
        f.mock,
        f.m,
        GATEWAY_PATHS.refundOrder,
        { orderId: f.usdOrder.orderId, refundAmount: 1.005 },
        { key },
      )
      expectStatusError(bad, 400, /refundAmount must have at most 2 decimal places for USD/)
      expect(await snapshot(f)).toEqual(before)
      const good = await signedCall(
        f.mock,
        f.m,
        GATEWAY_PATHS.refundOrder,
        { orderId: f.usdOrder.orderId, refundAmount: 1 },
        { key },
      )
      expect(good.status).toBe(200)
      expect(good.body.data.amount).toBe(1)
    },
  )

  it(
    'a refund of an unknown order is 404 status-style, moves nothing, and ' +
      'the same key then works for a valid order',
    async () => {
      const f = await setup()
      const key = crypto.randomUUID()
      const before = await snapshot(f)
      const missing = await signedCall(
        f.mock,
        f.m,
        GATEWAY_PATHS.refundOrder,
        { orderId: 999_999, refundAmount: 5 },
        { key },
      )
      expectStatusError(missing, 404, 'Order 999999 not found')
      expect(await snapshot(f)).toEqual(before)
      const good = await signedCall(
        f.mock,
        f.m,
        GATEWAY_PATHS.refundOrder,
        { orderId: f.usdOrder.orderId, refundAmount: 5 },
        { key },
      )
      expect(good.status).toBe(200)
      expect(good.headers.get(HEADERS.idempotentReplayed)).toBeNull()
      expect(good.body.data).toMatchObject({ orderId: f.usdOrder.orderId, amount: 5 })
      expect((await balance(f.mock, f.m)).usd.freeze).toBe(5)
    },
  )

  it(
    'with unknownPayoutAccount "reject", a payout to an unknown account is ' +
      '404 and the same key then works for a known account',
    async () => {
      const f = await setup({ unknownPayoutAccount: 'reject' })
      const key = crypto.randomUUID()
      const before = await snapshot(f)
      const missing = await signedCall(
        f.mock,
        f.m,
        GATEWAY_PATHS.payout,
        { accountNumber: 'NOPE-1', amount: 5, currency: 'USD' },
        { key },
      )
      expectStatusError(missing, 404, 'NOPE-1')
      expect(await snapshot(f)).toEqual(before)
      const good = await signedCall(
        f.mock,
        f.m,
        GATEWAY_PATHS.payout,
        { accountNumber: ACCOUNT, amount: 5, currency: 'USD' },
        { key },
      )
      expect(good.status).toBe(200)
      expect(good.body.data).toMatchObject({ accountNumber: ACCOUNT, amount: 5 })
    },
  )
})

describe('size limit and amount boundaries', () => {
  /** `body` padded with an unknown field to exactly `bytes` bytes. */
  function padded(body: Record<string, unknown>, bytes: number): string {
    const empty = JSON.stringify({ ...body, pad: '' })
    const text = JSON.stringify({ ...body, pad: 'x'.repeat(bytes - empty.length) })
    expect(utf8(text).byteLength).toBe(bytes)
    return text
  }

  it.each(['create order (storeId)', 'refund', 'payout'])(
    '%s: a body of exactly maxBodyBytes is read and processed; one byte more is 413',
    async (name) => {
      const f = await setup()
      const t = target(name)
      const atLimit = await sendBytes(f, t, padded(t.valid!(f, 'USD'), LIMITS.maxBodyBytes))
      expect(atLimit.status).toBe(200)
      const after = await snapshot(f)
      const over = await sendBytes(f, t, padded(t.valid!(f, 'USD'), LIMITS.maxBodyBytes + 1))
      expectStatusError(over, 413, String(LIMITS.maxBodyBytes))
      expect(await snapshot(f)).toEqual(after)
    },
  )

  it('the size limit counts bytes, not characters: 22 000 "€" (66 000 bytes) is 413', async () => {
    const f = await setup()
    const before = await snapshot(f)
    const reply = await sendBytes(
      f,
      target('cancel order'),
      JSON.stringify({ order_id: String(f.pendingOrder), pad: '€'.repeat(22_000) }),
    )
    expectStatusError(reply, 413, String(LIMITS.maxBodyBytes))
    await expectNoStateChange(probe(f), before)
  })

  it.each([
    ['USD', MAX_USD],
    ['KHR', MAX_KHR],
  ] as const)('create order: exactly maxAmountMinor minor units of %s is accepted', async (currency, amount) => {
    const f = await setup()
    const reply = await call(f.mock, GATEWAY_PATHS.createOrder, {
      apiKey: f.m.apiKey,
      body: { storeId: f.m.storeId, amount, currency },
    })
    expect(reply.status).toBe(200)
    expect(f.mock.orders.get(Number(reply.body.order_id))).toMatchObject({ amount, currency })
  })
})

describe('deeply nested JSON within the size limit', () => {
  const DEPTH = 5_000
  const deep = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`

  it.each(TARGETS.map((t) => [t.name, t] as const))(
    `%s: an unknown field nested ${DEPTH} levels deep (10 kB) never answers 5xx, and a refusal changes nothing`,
    async (_name, t) => {
      const f = await setup()
      const valid = t.valid?.(f, 'USD') ?? {}
      const raw = withField(valid, 'note', new Raw(deep))
      expect(utf8(raw).byteLength).toBeLessThan(LIMITS.maxBodyBytes)
      const before = await snapshot(f)
      const reply = await sendBytes(f, t, raw)
      expect(reply.status).toBeLessThan(500)
      if (reply.status !== 200) {
        expectStatusError(reply, reply.status, /\S/)
        await expectNoStateChange(probe(f), before)
      }
      expect(f.mock.audit()).toEqual([])
    },
  )

  it.each(TARGETS.filter((t) => t.fields.length > 0).map((t) => [t.name, t.fields[0]!.name, t] as const))(
    `%s: %s nested ${DEPTH} levels deep is refused 400 naming the field`,
    async (_name, field, t) => {
      const f = await setup()
      const before = await snapshot(f)
      const reply = await sendBytes(f, t, withField(t.valid!(f, 'USD'), field, new Raw(deep)))
      expectStatusError(reply, 400, field)
      await expectNoStateChange(probe(f), before)
    },
  )
})
