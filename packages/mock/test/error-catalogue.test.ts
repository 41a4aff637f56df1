/**
 * One truth for error codes: the contract's catalogues (`ERROR_CODES`, `PIN_ERROR_CODES`, each entry's
 * comment starting with its status), the tables of docs/errors.md, and what the mock answers. Every code
 * is documented with the status its comment names, every documented code is in a catalogue, and every
 * code (but the PIN module's `internal_error`, which only a bug could produce) is produced by a request
 * here with that status.
 */
import { readFileSync } from 'node:fs'
import {
  ERROR_CODES,
  GATEWAY_PATHS,
  HEADERS,
  PIN_ERROR_CODES,
  PIN_PATHS,
  type ErrorCode,
  type PinErrorCode,
} from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { isRuleError, type MockGateway } from '../src/index.js'
import { call, createOrder, newMerchant, newMock, paidOrder, signedCall, type Reply } from './harness.js'
import {
  as,
  BY_EMAIL,
  EMAIL,
  lockOut,
  newUser,
  openSession,
  pinCall,
  PIN,
  pinMock,
  userWithPin,
  verifiedSession,
  WRONG_PIN,
} from './pin-helpers.js'

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8')
const DOC = read('../../../docs/errors.md')

/** `code -> status` from a markdown table whose rows are `| status | ... |` with codes in backticks. */
function documented(section: string, codeColumn: number): Map<string, string> {
  const out = new Map<string, string>()
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim())
    if (!/^(\d{3}|5xx)$/.test(cells[1] ?? '')) continue
    for (const [, code] of (cells[codeColumn] ?? '').matchAll(/`(\w+)`/g)) out.set(code!, cells[1]!)
  }
  return out
}

const GATEWAY_DOC = documented(DOC.slice(0, DOC.indexOf('## PIN module')), 3)
const PIN_DOC = documented(DOC.slice(DOC.indexOf('## PIN module')), 2)

/** `code -> status` from the catalogue's comments: `/** 409: ... *\/ code: 'code',`. */
function commented(source: string, objectName: string): Map<string, string> {
  const body = source.slice(source.indexOf(`export const ${objectName} = {`))
  const out = new Map<string, string>()
  for (const [, status, code] of body
    .slice(0, body.indexOf('} as const'))
    .matchAll(/\/\*\*\s*(?:\*\s*)?(\d{3}|5xx)\b(?:(?!\*\/)[\s\S])*\*\/\s+(\w+):/g))
    out.set(code!, status!)
  return out
}

const GATEWAY_COMMENTS = commented(read('../../contract/src/error-codes.ts'), 'ERROR_CODES')
const PIN_COMMENTS = commented(read('../../contract/src/pin.ts'), 'PIN_ERROR_CODES')

describe('the catalogues and docs/errors.md list the same codes with the same statuses', () => {
  it("gateway: every ERROR_CODES entry, and nothing else, is in the gateway table, with its comment's status", () => {
    expect([...GATEWAY_DOC.keys()].sort()).toEqual(Object.keys(ERROR_CODES).sort())
    expect(Object.fromEntries(GATEWAY_COMMENTS)).toEqual(Object.fromEntries(GATEWAY_DOC))
  })

  it(
    'PIN module: every PIN_ERROR_CODES entry, and nothing else, is in the ' + "PIN table, with its comment's status",
    () => {
      expect([...PIN_DOC.keys()].sort()).toEqual(Object.keys(PIN_ERROR_CODES).sort())
      expect(Object.fromEntries(PIN_COMMENTS)).toEqual(Object.fromEntries(PIN_DOC))
    },
  )
})

/** What a trigger reports: the status and the code the mock answered with. */
interface Seen {
  status: number
  code: string | undefined
}

const gatewaySeen = (reply: Reply): Seen => ({ status: reply.status, code: reply.body?.error?.code })
const pinSeen = (reply: Reply): Seen => ({ status: reply.status, code: reply.body?.code })

async function merchantWorld() {
  const mock = newMock()
  const m = await newMerchant(mock, { usd: 100, khr: 0 })
  const paid = await paidOrder(mock, m, 40)
  return { mock, m, paid }
}

/** A release that lets the first of two requests with one key wait until the test lets it go. */
function gate() {
  let arrive!: () => void
  let release!: () => void
  const arrived = new Promise<void>((r) => (arrive = r))
  const released = new Promise<void>((r) => (release = r))
  return {
    arrived,
    release,
    sleep: () => {
      arrive()
      return released
    },
  }
}

const GATEWAY_TRIGGERS: Record<ErrorCode, () => Promise<Seen>> = {
  missing_idempotent_key: async () => {
    const { mock, m, paid } = await merchantWorld()
    return gatewaySeen(
      await signedCall(mock, m, GATEWAY_PATHS.refundOrder, { orderId: paid.orderId, refundAmount: 1 }, { key: null }),
    )
  },
  invalid_idempotent_key: async () => {
    const { mock, m, paid } = await merchantWorld()
    return gatewaySeen(
      await signedCall(mock, m, GATEWAY_PATHS.refundOrder, { orderId: paid.orderId, refundAmount: 1 }, { key: '' }),
    )
  },
  idempotency_key_in_use: async () => {
    const g = gate()
    const mock = newMock({ sleep: g.sleep })
    const m = await newMerchant(mock)
    const { orderId } = await paidOrder(mock, m, 20)
    mock.faults.add({ route: `POST ${GATEWAY_PATHS.refundOrder}`, kind: 'latency', delayMs: 10 })
    const first = signedCall(mock, m, GATEWAY_PATHS.refundOrder, { orderId, refundAmount: 1 }, { key: 'k' })
    await g.arrived
    const seen = gatewaySeen(
      await signedCall(mock, m, GATEWAY_PATHS.refundOrder, { orderId, refundAmount: 1 }, { key: 'k' }),
    )
    g.release()
    await first
    return seen
  },
  idempotency_key_mismatch: async () => {
    const { mock, m, paid } = await merchantWorld()
    await signedCall(mock, m, GATEWAY_PATHS.refundOrder, { orderId: paid.orderId, refundAmount: 1 }, { key: 'k' })
    return gatewaySeen(
      await signedCall(mock, m, GATEWAY_PATHS.refundOrder, { orderId: paid.orderId, refundAmount: 2 }, { key: 'k' }),
    )
  },
  invalid_authentication: async () => {
    const { mock, m } = await merchantWorld()
    return gatewaySeen(
      await call(mock, GATEWAY_PATHS.listStores, { apiKey: m.apiKey, headers: { [HEADERS.appId]: String(m.appId) } }),
    )
  },
  invalid_signature: async () => {
    const { mock, m, paid } = await merchantWorld()
    return gatewaySeen(
      await signedCall(
        mock,
        m,
        GATEWAY_PATHS.refundOrder,
        { orderId: paid.orderId, refundAmount: 1 },
        { secret: 'sk_wrong' },
      ),
    )
  },
  replayed_signature: async () => {
    const mock = newMock({ rejectReplayedSignatures: true })
    const m = await newMerchant(mock, { usd: 100, khr: 0 })
    const { orderId } = await paidOrder(mock, m, 40)
    await signedCall(mock, m, GATEWAY_PATHS.refundOrder, { orderId, refundAmount: 1 }, { key: 'first' })
    return gatewaySeen(
      await signedCall(mock, m, GATEWAY_PATHS.refundOrder, { orderId, refundAmount: 1 }, { key: 'second' }),
    )
  },
  invalid_timestamp: async () => {
    const { mock, m, paid } = await merchantWorld()
    return gatewaySeen(
      await signedCall(
        mock,
        m,
        GATEWAY_PATHS.refundOrder,
        { orderId: paid.orderId, refundAmount: 1 },
        { timestamp: '1000000000' },
      ),
    )
  },
  order_not_cancellable: async () => {
    const { mock, m, paid } = await merchantWorld()
    return gatewaySeen(
      await call(mock, GATEWAY_PATHS.cancelOrder, { apiKey: m.apiKey, body: { order_id: String(paid.orderId) } }),
    )
  },
  order_not_refundable: async () => {
    const { mock, m } = await merchantWorld()
    const pending = await createOrder(mock, m, 10)
    return gatewaySeen(await signedCall(mock, m, GATEWAY_PATHS.refundOrder, { orderId: pending, refundAmount: 1 }))
  },
  refund_exceeds_remaining: async () => {
    const { mock, m, paid } = await merchantWorld()
    return gatewaySeen(
      await signedCall(mock, m, GATEWAY_PATHS.refundOrder, { orderId: paid.orderId, refundAmount: 41 }),
    )
  },
  insufficient_funds: async () => {
    const { mock, m } = await merchantWorld()
    return gatewaySeen(
      await signedCall(mock, m, GATEWAY_PATHS.payout, { accountNumber: '1', amount: 1, currency: 'KHR' }),
    )
  },
  qr_expired: async () => {
    const { mock, m } = await merchantWorld()
    const orderId = await createOrder(mock, m, 10)
    await mock.clock.advance(31 * 60_000)
    try {
      await mock.payments.create({ orderId, status: 'SUCCESS' })
    } catch (error) {
      if (isRuleError(error)) return { status: error.status, code: error.code }
      throw error
    }
    return { status: 200, code: undefined }
  },
}

const verify = (mock: MockGateway, token: string, pin: unknown) =>
  pinCall(mock, PIN_PATHS.verifyPin, { token, body: { pin } })

const PIN_TRIGGERS: Record<Exclude<PinErrorCode, 'internal_error'>, () => Promise<Seen>> = {
  unauthenticated: async () => pinSeen(await pinCall(pinMock(), PIN_PATHS.verifyPin, { body: { pin: PIN } })),
  invalid_token: async () =>
    pinSeen(await pinCall(pinMock(), PIN_PATHS.verifyPin, { token: 'at_unknown', body: { pin: PIN } })),
  invalid_request: async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    return pinSeen(await pinCall(mock, PIN_PATHS.verifyPin, { token: user.accessToken, body: {} }))
  },
  invalid_pin_format: async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    return pinSeen(await verify(mock, user.accessToken, 123456))
  },
  pin_already_set: async () => {
    const mock = pinMock()
    const { api } = await userWithPin(mock)
    return pinSeen(await api.setPin(PIN))
  },
  pin_not_set: async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    return pinSeen(await verify(mock, user.accessToken, PIN))
  },
  wrong_pin: async () => {
    const mock = pinMock()
    const { api } = await userWithPin(mock)
    return pinSeen(await api.verifyPin(WRONG_PIN))
  },
  pin_locked: async () => {
    const mock = pinMock()
    const { api } = await userWithPin(mock)
    return pinSeen(await lockOut(api))
  },
  pin_unchanged: async () => {
    const mock = pinMock()
    const { api } = await userWithPin(mock)
    return pinSeen(await api.changePin(PIN, PIN))
  },
  invalid_contact: async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    return pinSeen(await as(mock, user.accessToken).forgotPin({ email: 'not-an-email' }))
  },
  contact_not_found: async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    return pinSeen(await as(mock, user.accessToken).forgotPin({ email: `other.${EMAIL}` }))
  },
  contact_not_verified: async () => {
    const mock = pinMock()
    const user = await newUser(mock, { email: EMAIL, emailVerified: false })
    return pinSeen(await as(mock, user.accessToken).forgotPin(BY_EMAIL))
  },
  otp_session_invalid: async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    return pinSeen(await as(mock, user.accessToken).verifyOtp(BY_EMAIL, '123456', crypto.randomUUID()))
  },
  otp_invalid: async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    const { sessionId, code } = await openSession(mock, user)
    return pinSeen(
      await as(mock, user.accessToken).verifyOtp(BY_EMAIL, code === '999999' ? '999998' : '999999', sessionId),
    )
  },
  reset_session_invalid: async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    const sessionId = await verifiedSession(mock, user)
    await as(mock, user.accessToken).resetPin(sessionId, PIN)
    return pinSeen(await as(mock, user.accessToken).resetPin(sessionId, PIN))
  },
  too_many_reset_requests: async () => {
    const mock = pinMock({ forgotPinLimit: { max: 1, windowSeconds: 60 } })
    const user = await newUser(mock)
    await as(mock, user.accessToken).forgotPin(BY_EMAIL)
    return pinSeen(await as(mock, user.accessToken).forgotPin(BY_EMAIL))
  },
  not_found: async () => {
    const mock = pinMock()
    const res = await mock.fetch(`${mock.baseUrl}/api/v1/auth/nothing`, { method: 'POST' })
    return { status: res.status, code: ((await res.json()) as { code: string }).code }
  },
  method_not_allowed: async () => {
    const mock = pinMock()
    const res = await mock.fetch(`${mock.baseUrl}${PIN_PATHS.verifyPin}`, { method: 'GET' })
    return { status: res.status, code: ((await res.json()) as { code: string }).code }
  },
  payload_too_large: async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    return pinSeen(
      await pinCall(mock, PIN_PATHS.verifyPin, {
        token: user.accessToken,
        rawBody: JSON.stringify({ pin: '1'.repeat(70_000) }),
      }),
    )
  },
  uri_too_long: async () => {
    const mock = pinMock()
    const res = await mock.fetch(`${mock.baseUrl}${PIN_PATHS.verifyPin}?${'x'.repeat(9000)}`, {
      method: 'POST',
      body: '{}',
    })
    return { status: res.status, code: ((await res.json()) as { code: string }).code }
  },
  unsupported_media_type: async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    const res = await mock.fetch(`${mock.baseUrl}${PIN_PATHS.verifyPin}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.accessToken}`, 'Content-Type': 'text/plain' },
      body: JSON.stringify({ pin: PIN }),
    })
    return { status: res.status, code: ((await res.json()) as { code: string }).code }
  },
  injected_fault: async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    mock.faults.add({ route: `POST ${PIN_PATHS.verifyPin}`, kind: 'error', status: 503 })
    return pinSeen(await verify(mock, user.accessToken, PIN))
  },
}

/** A documented status matches an answered one: `5xx` is any 5xx. */
function statusMatches(doc: string, status: number): boolean {
  return doc === '5xx' ? status >= 500 && status < 600 : Number(doc) === status
}

describe('the mock answers each code with its documented status', () => {
  it.each(Object.keys(GATEWAY_TRIGGERS) as ErrorCode[])('gateway %s', async (code) => {
    const seen = await GATEWAY_TRIGGERS[code]()
    expect(seen.code).toBe(code)
    expect(
      statusMatches(GATEWAY_DOC.get(code)!, seen.status),
      `${code}: answered ${seen.status}, documented ${GATEWAY_DOC.get(code)}`,
    ).toBe(true)
  })

  it.each(Object.keys(PIN_TRIGGERS) as Array<keyof typeof PIN_TRIGGERS>)('PIN module %s', async (code) => {
    const seen = await PIN_TRIGGERS[code]()
    expect(seen.code).toBe(code)
    expect(
      statusMatches(PIN_DOC.get(code)!, seen.status),
      `${code}: answered ${seen.status}, documented ${PIN_DOC.get(code)}`,
    ).toBe(true)
  })

  it('every catalogued code has a trigger here, but internal_error, which only a bug of the mock could produce', () => {
    expect(Object.keys(GATEWAY_TRIGGERS).sort()).toEqual(Object.keys(ERROR_CODES).sort())
    expect([...Object.keys(PIN_TRIGGERS), 'internal_error'].sort()).toEqual(Object.keys(PIN_ERROR_CODES).sort())
  })

  it(
    'an injected fault on a gateway route answers status-style, with no ' +
      'code (the PIN module labels its own injected_fault)',
    async () => {
      const { mock, m } = await merchantWorld()
      mock.faults.add({ route: `POST ${GATEWAY_PATHS.listStores}`, kind: 'error', status: 503 })
      const reply = await call(mock, GATEWAY_PATHS.listStores, { apiKey: m.apiKey })
      expect(reply.body).toEqual({
        statusCode: 503,
        message: expect.stringMatching(/injected fault/),
        error: 'Service Unavailable',
      })
    },
  )
})
