/**
 * @module fuzz/hostile
 * Hostile requests for the mock's HTTP server: each one starts from a request a route takes and gets at
 * least one change the contract must refuse (no or a wrong credential, a body that is not what the route
 * takes, a method or path the server does not serve, a media type it refuses, a body over the limit, a bad
 * signature, another merchant's id), often with more noise on top (huge numbers, long strings, invalid
 * UTF-8, deep nesting, prototype-pollution keys, odd headers). A refused request changes no state, so the
 * whole run must leave the mock's state as it found it.
 */
import type { SignRequestParams } from '@merchant-gateway/contract/crypto'

/** What the fuzzer knows of the world it attacks. */
export interface FuzzWorld {
  merchant: {
    apiKey: string
    apiSecret: string
    appId: number
    storeId: number
    orderId: number
    transactionId: number
  }
  other: { apiKey: string; apiSecret: string; storeId: number; orderId: number }
  user: { accessToken: string }
  /** Unix seconds of the mock clock (frozen). */
  nowSeconds: number
}

/** One request as it goes on the wire. */
export interface HostileRequest {
  /** What was done to it, for the report. */
  label: string
  method: string
  path: string
  headers: Record<string, string>
  body?: Buffer
  /**
   * What its X-Signature signs, with which secret: the runner signs it with the contract's signer as the
   * request is sent (the signer is asynchronous; the request itself is drawn at once, so a seed always draws
   * the same requests).
   */
  signature?: SignRequestParams
}

type Rand = () => number

const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u0000\u0001\u0002',
  '\ud800',
  '😀'.repeat(50),
  'x'.repeat(70_000),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00%ZZ',
  '１２３４５６',
  'NaN',
  'Infinity',
  '1e400',
  '-1',
  '0x1A',
]
const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString']

function deep(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth)
}

/** A JSON text that is not a valid body for any route: broken, of the wrong type, or poisoned. */
function badBodyText(rand: Rand): { label: string; text: string | Buffer } {
  switch (Math.floor(rand() * 12)) {
    case 0:
      return { label: 'truncated JSON', text: '{"storeId": 101, "amount": 1' }
    case 1:
      return { label: 'JSON array', text: '[1,2,3]' }
    case 2:
      return { label: 'JSON scalar', text: pick(rand, ['null', '42', '"text"', 'true']) }
    case 3:
      return {
        label: 'invalid UTF-8',
        text: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
      }
    case 4:
      return { label: 'deep nesting', text: `{"amount": ${deep(5000)}}` }
    case 5:
      return {
        label: 'prototype pollution',
        text:
          `{"${pick(rand, POLLUTION_KEYS)}": {"isAdmin": true, "amount": 5}, ` +
          `"constructor": {"prototype": {"polluted": 1}}}`,
      }
    case 6:
      return {
        label: 'huge number amount',
        text:
          `{"storeId": 101, "orderId": 1, "amount": ` +
          `${pick(rand, ['1e308', '-1e308', '1e999', '-0', '1e-400'])}, ` +
          `"refundAmount": 1e308, "currency": "USD"}`,
      }
    case 7:
      return {
        label: 'wrong types',
        text: JSON.stringify({
          storeId: 'abc',
          orderId: [],
          amount: '5',
          refundAmount: {},
          currency: 7,
          accountNumber: 5,
          order_id: 1,
          pin: 123456,
        }),
      }
    case 8:
      return {
        label: 'odd string values',
        text: JSON.stringify({
          storeId: pick(rand, ODD_STRINGS),
          amount: pick(rand, ODD_STRINGS),
          currency: pick(rand, ODD_STRINGS),
          pin: pick(rand, ODD_STRINGS),
        }),
      }
    case 9:
      return {
        label: 'unknown currency',
        text: JSON.stringify({ storeId: 101, amount: 1, currency: pick(rand, ['EUR', 'usd', '', 'US D', 'XXX']) }),
      }
    case 10:
      return {
        label: 'duplicate keys',
        text: '{"amount": 1, "amount": -1, "currency": "USD", "currency": "EUR", "storeId": 101}',
      }
    default:
      return { label: 'empty object', text: '{}' }
  }
}

/** A header set of a request with the credential broken, and maybe odd extra headers. */
function noisyHeaders(rand: Rand, headers: Record<string, string>): Record<string, string> {
  const out = { ...headers }
  if (rand() < 0.3) out['X-Idempotent-Key'] = pick(rand, ['', 'k'.repeat(256), 'ключ', '\t', crypto.randomUUID()])
  if (rand() < 0.2) out['X-Forwarded-For'] = '10.0.0.1, 127.0.0.1'
  if (rand() < 0.1) out['Accept-Encoding'] = 'gzip, br, zstd'
  if (rand() < 0.1) out.Origin = pick(rand, ['https://evil.example', 'null', 'http://localhost:5173'])
  return out
}

const SIGNED = ['/api/v1/payment-gateway/order/refund', '/api/v1/payment-gateway/order/payout']
const STANDARD = [
  '/api/v1/payment-gateway/stores/list',
  '/api/v1/payment-gateway/balance-inquiry',
  '/api/v1/payment-gateway/order/create',
  '/api/v1/payment-gateway/payment/generate-qr',
  '/api/v1/payment-gateway/payment/transaction-detail',
  '/api/v1/payment-gateway/order/cancel',
]
const PIN = [
  '/api/v1/auth/set-pin',
  '/api/v1/auth/verify-pin',
  '/api/v1/auth/change-pin',
  '/api/v1/auth/forgot-pin',
  '/api/v1/auth/verify-otp',
  '/api/v1/auth/reset-pin',
]

/** An X-Signature to make with the contract's signer as the request is sent. */
function sign(secret: string, body: Buffer, timestamp: string): SignRequestParams {
  return { secret, body, timestamp }
}

/** A service request (gateway or PIN) that the contract must refuse. */
function serviceAttack(rand: Rand, world: FuzzWorld): HostileRequest {
  const json = { 'Content-Type': 'application/json' }
  const m = world.merchant
  switch (Math.floor(rand() * 14)) {
    case 0: {
      const path = pick(rand, [...STANDARD, ...SIGNED])
      const { label, text } = badBodyText(rand)
      return {
        label: `no X-Api-Key, ${label}`,
        method: 'POST',
        path,
        headers: noisyHeaders(rand, json),
        body: Buffer.from(text),
      }
    }
    case 1: {
      const path = pick(rand, [...STANDARD, ...SIGNED])
      return {
        label: 'unknown X-Api-Key',
        method: 'POST',
        path,
        headers: noisyHeaders(rand, {
          ...json,
          'X-Api-Key': pick(rand, ['mk_nobody', 'x'.repeat(5000), "mk' OR '1'='1", '\u00e9']),
        }),
        body: Buffer.from('{"storeId":101,"amount":1,"currency":"USD"}'),
      }
    }
    case 2: {
      const path = pick(
        rand,
        STANDARD.filter((p) => !p.endsWith('list') && !p.endsWith('inquiry')),
      )
      const { label, text } = badBodyText(rand)
      return {
        label: `bad body on ${path}: ${label}`,
        method: 'POST',
        path,
        headers: noisyHeaders(rand, { ...json, 'X-Api-Key': m.apiKey }),
        body: Buffer.from(text),
      }
    }
    case 3: {
      const path = pick(rand, SIGNED)
      const body = Buffer.from(
        pick(rand, [
          JSON.stringify({ orderId: m.orderId, refundAmount: 1 }),
          JSON.stringify({ accountNumber: '100200300', amount: 1, currency: 'USD' }),
        ]),
      )
      const timestamp = String(world.nowSeconds)
      const flavour = pick(rand, [
        'bad signature',
        'wrong secret',
        'stale timestamp',
        'ms timestamp',
        'no signature',
        'signature of other bytes',
      ])
      const headers: Record<string, string> = {
        ...json,
        'X-Api-Key': m.apiKey,
        'X-Idempotent-Key': crypto.randomUUID(),
        'X-Timestamp': timestamp,
      }
      let signature: SignRequestParams | undefined
      if (flavour === 'bad signature') headers['X-Signature'] = 'ab'.repeat(32)
      if (flavour === 'wrong secret') signature = sign('sk_wrong', body, timestamp)
      if (flavour === 'stale timestamp') {
        headers['X-Timestamp'] = String(world.nowSeconds - 301)
        signature = sign(m.apiSecret, body, String(world.nowSeconds - 301))
      }
      if (flavour === 'ms timestamp') {
        headers['X-Timestamp'] = `${world.nowSeconds}000`
        signature = sign(m.apiSecret, body, `${world.nowSeconds}000`)
      }
      if (flavour === 'signature of other bytes')
        signature = sign(m.apiSecret, Buffer.from(`${body.toString()} `), timestamp)
      return {
        label: `signed ${path}: ${flavour}`,
        method: 'POST',
        path,
        headers: noisyHeaders(rand, headers),
        body,
        ...(signature ? { signature } : {}),
      }
    }
    case 4: {
      // Correctly signed, but the body is not what the route takes: refused after the signature.
      const path = pick(rand, SIGNED)
      const { label, text } = badBodyText(rand)
      const body = Buffer.isBuffer(text) ? text : Buffer.from(text)
      const timestamp = String(world.nowSeconds)
      return {
        label: `signed ${path}, ${label}`,
        method: 'POST',
        path,
        headers: {
          ...json,
          'X-Api-Key': m.apiKey,
          'X-Idempotent-Key': crypto.randomUUID(),
          'X-Timestamp': timestamp,
        },
        body,
        signature: sign(m.apiSecret, body, timestamp),
      }
    }
    case 5: {
      // Another merchant's ids with this merchant's key: 404, never someone else's money.
      const o = world.other
      const timestamp = String(world.nowSeconds)
      const which = pick(rand, ['cancel', 'refund', 'detail', 'order'])
      if (which === 'cancel')
        return {
          label: "cancel another merchant's order",
          method: 'POST',
          path: '/api/v1/payment-gateway/order/cancel',
          headers: { ...json, 'X-Api-Key': m.apiKey },
          body: Buffer.from(JSON.stringify({ order_id: String(o.orderId) })),
        }
      if (which === 'detail')
        return {
          label: "another merchant's transaction",
          method: 'GET',
          path: `/api/v1/payment-gateway/payment/transaction-detail?transaction_id=${o.orderId}`,
          headers: { 'X-Api-Key': m.apiKey },
        }
      if (which === 'order')
        return {
          label: "order for another merchant's store",
          method: 'POST',
          path: '/api/v1/payment-gateway/order/create',
          headers: { ...json, 'X-Api-Key': m.apiKey },
          body: Buffer.from(JSON.stringify({ storeId: o.storeId, amount: 1, currency: 'USD' })),
        }
      const body = Buffer.from(JSON.stringify({ orderId: o.orderId, refundAmount: 1 }))
      return {
        label: "refund another merchant's order",
        method: 'POST',
        path: SIGNED[0]!,
        headers: {
          ...json,
          'X-Api-Key': m.apiKey,
          'X-Idempotent-Key': crypto.randomUUID(),
          'X-Timestamp': timestamp,
        },
        body,
        signature: sign(m.apiSecret, body, timestamp),
      }
    }
    case 6:
      return {
        label: 'obsolete X-App-Id',
        method: 'POST',
        path: pick(rand, STANDARD),
        headers: { ...json, 'X-Api-Key': m.apiKey, 'X-App-Id': String(m.appId) },
        body: Buffer.from('{"storeId":101,"amount":1,"currency":"USD"}'),
      }
    case 7: {
      const method = pick(rand, ['GET', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'PROPFIND', 'MKCOL', 'OPTIONS'])
      const path = pick(rand, [...STANDARD.filter((p) => !p.endsWith('transaction-detail')), ...SIGNED, ...PIN])
      return {
        label: `${method} on ${path}`,
        method,
        path,
        headers: { 'X-Api-Key': m.apiKey, Authorization: `Bearer ${world.user.accessToken}` },
      }
    }
    case 8: {
      const path = pick(rand, [
        '/api/v1/payment-gateway/order/%ZZ',
        `/api/v1/${'a'.repeat(9000)}`,
        '/api/v1/payment-gateway/order/create/../refund',
        '/api//v1/payment-gateway/stores/list',
        '/%00',
        `/qr/${'%FF'.repeat(40)}.png`,
        `/qr/${'A'.repeat(9000)}.png`,
        '/api/v1/payment-gateway/payment/transaction-detail?transaction_id=%ZZ',
      ])
      return { label: 'odd path', method: pick(rand, ['GET', 'POST']), path, headers: { 'X-Api-Key': m.apiKey } }
    }
    case 9:
      return {
        label: 'form-encoded body',
        method: 'POST',
        path: '/api/v1/payment-gateway/order/create',
        headers: {
          'X-Api-Key': m.apiKey,
          'Content-Type': pick(rand, [
            'application/x-www-form-urlencoded',
            'text/plain',
            'multipart/form-data; boundary=x',
          ]),
        },
        body: Buffer.from(JSON.stringify({ storeId: m.storeId, amount: 1, currency: 'USD' })),
      }
    case 10: {
      const size = pick(rand, [70_000, 200_000, 1_100_000, 2_500_000])
      return {
        label: `oversized body (${size} bytes)`,
        method: 'POST',
        path: pick(rand, [...STANDARD, ...SIGNED, ...PIN]),
        headers: { ...json, 'X-Api-Key': m.apiKey },
        body: Buffer.alloc(size, 0x20),
      }
    }
    case 11: {
      const path = pick(rand, PIN)
      const { label, text } = badBodyText(rand)
      return {
        label: `PIN without a valid token, ${label}`,
        method: 'POST',
        path: path === '/api/v1/auth/reset-pin' ? PIN[1]! : path,
        headers: noisyHeaders(rand, {
          ...json,
          Authorization: pick(rand, ['Bearer at_nobody', 'Basic Zm9vOmJhcg==', 'Bearer', 'bearer  x y', '']),
        }),
        body: Buffer.from(text),
      }
    }
    case 12: {
      // The signed-in user, with PIN bodies that are malformed: a 400 that never counts as a wrong attempt.
      const path = pick(rand, ['/api/v1/auth/set-pin', '/api/v1/auth/verify-pin', '/api/v1/auth/change-pin'])
      const pin = pick(rand, [
        '12345',
        '1234567',
        '12a456',
        ' 12345',
        123456,
        null,
        ['123456'],
        '١٢٣٤٥٦',
        '１２３４５６',
        '',
      ])
      return {
        label: `malformed PIN ${JSON.stringify(pin)}`,
        method: 'POST',
        path,
        headers: { ...json, Authorization: `Bearer ${world.user.accessToken}` },
        body: Buffer.from(JSON.stringify({ pin, current_pin: pin, new_pin: pin })),
      }
    }
    default: {
      const path = pick(rand, ['/api/v1/auth/forgot-pin', '/api/v1/auth/verify-otp', '/api/v1/auth/reset-pin'])
      const body = pick(rand, [
        { email: 'not-an-email' },
        { email: 'a@b.co', phone_code: '855' },
        { phone_code: 'x', country_code: 'KHM', phone_number: '' },
        { session_id: 'nope', new_pin: '123' },
        { email: 'nobody@example.com', otp_code: '12', session_id: 5 },
      ])
      return {
        label: `reset flow, bad input on ${path}`,
        method: 'POST',
        path,
        headers: { ...json, Authorization: `Bearer ${world.user.accessToken}` },
        body: Buffer.from(JSON.stringify(body)),
      }
    }
  }
}

/** A control-API request that must be refused: a bad id, a body with a field no route takes, a bad query. */
function controlAttack(rand: Rand): HostileRequest {
  const json = { 'Content-Type': 'application/json' }
  const badId = pick(rand, ['0', '-1', 'abc', '%ZZ', '99999999', '1e3', '9'.repeat(30), '%E0%A4%A'])
  const poison = { fuzz: pick(rand, [...ODD_STRINGS.slice(0, 6), 1e308, null]) }
  switch (Math.floor(rand() * 8)) {
    case 0:
      return {
        label: 'control: bad merchant id',
        method: pick(rand, ['GET', 'PATCH', 'DELETE']),
        path: `/__mock/merchants/${badId}`,
        headers: json,
        body: Buffer.from('{}'),
      }
    case 1:
      return {
        label: 'control: bad store id',
        method: pick(rand, ['PATCH', 'DELETE']),
        path: `/__mock/merchants/1/stores/${badId}`,
        headers: json,
        body: Buffer.from('{"storeName":"x"}'),
      }
    case 2: {
      const path = pick(rand, [
        '/__mock/merchants',
        '/__mock/merchants/1/stores',
        '/__mock/merchants/1/accounts',
        '/__mock/payments',
        '/__mock/users',
        '/__mock/faults',
        '/__mock/clock',
        '/__mock/reset',
        '/__mock/settle',
        '/__mock/webhooks/stale-next',
        '/__mock/webhooks/hold-next',
        '/__mock/webhooks/duplicate-next',
        '/__mock/webhooks/deliver-due',
      ])
      return {
        label: `control: unknown field on ${path}`,
        method: 'POST',
        path,
        headers: json,
        body: Buffer.from(JSON.stringify(poison)),
      }
    }
    case 3: {
      const body = pick(rand, [
        { advanceMs: 1e308 },
        { advanceMs: -1 },
        { now: '+275760-09-13T00:00:00Z' },
        { now: 'yesterday' },
        { now: 1 },
        { advanceMs: 1, now: '2026-01-01' },
      ])
      return {
        label: 'control: clock out of range',
        method: 'POST',
        path: '/__mock/clock',
        headers: json,
        body: Buffer.from(JSON.stringify(body)),
      }
    }
    case 4: {
      const body = pick(rand, [{ seconds: 1e20 }, { seconds: -5 }, { seconds: 'x' }])
      return {
        label: 'control: stale-next out of range',
        method: 'POST',
        path: '/__mock/webhooks/stale-next',
        headers: json,
        body: Buffer.from(JSON.stringify(body)),
      }
    }
    case 5: {
      const body = pick(rand, [
        { orderId: '1001', status: 'SUCCESS' },
        { orderId: 1001, status: 'paid' },
        { status: 'SUCCESS' },
        { orderId: 1e308, status: 'SUCCESS' },
        { qrData: '\u0000', status: 'SUCCESS' },
      ])
      return {
        label: 'control: bad payment',
        method: 'POST',
        path: '/__mock/payments',
        headers: json,
        body: Buffer.from(JSON.stringify(body)),
      }
    }
    case 6: {
      const body = pick(rand, [
        { name: '\u0000' },
        { balances: { usd: 1e308 } },
        { apiKey: 'a\nb' },
        { webhookUrl: 'javascript:alert(1)' },
        { appId: 1e20 },
      ])
      return {
        label: 'control: bad merchant',
        method: 'POST',
        path: '/__mock/merchants',
        headers: json,
        body: Buffer.from(JSON.stringify(body)),
      }
    }
    default:
      return {
        label: 'control: bad query or route',
        method: 'GET',
        path: pick(rand, [
          '/__mock/requests?status=abc',
          '/__mock/requests?nope=1',
          '/__mock/requests?limit=0',
          '/__mock/nothing',
          `/__mock/${'x'.repeat(9000)}`,
          '/__mock/orders/%ZZ',
        ]),
        headers: {},
      }
  }
}

/**
 * A body over the server's 1 MiB limit on any method and route, framed by `Content-Length`, chunked, or
 * not framed at all: Node's http client sends a GET, DELETE or OPTIONS body without either header, so to
 * the server it is bytes after a complete request, which its parser refuses. A framed one must be 413
 * (a GET's included); after an unframed one the request still gets its own answer (those below are all
 * refusals), and either way the client, still sending when the answer comes, must read it rather than a
 * reset.
 */
function oversizedAnywhere(rand: Rand): HostileRequest {
  const size = pick(rand, [1_100_000, 3 * 1024 * 1024])
  const body = Buffer.alloc(size, 0x7b)
  const framing = pick(rand, ['content-length', 'chunked', 'none'] as const)
  if (framing === 'none') {
    const method = pick(rand, ['GET', 'DELETE', 'OPTIONS'])
    const path = pick(rand, [
      '/__mock/nothing',
      '/__mock/merchants/abc',
      '/api/v1/payment-gateway/order/create',
      '/nowhere',
    ])
    return { label: `unframed ${size}-byte body on ${method} ${path}`, method, path, headers: {}, body }
  }
  const method = pick(rand, ['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'POST', 'PATCH', 'PUT'])
  const path = pick(rand, [
    ...STANDARD,
    ...PIN,
    '/__mock/otp',
    '/__mock/clock',
    '/__mock/merchants',
    '/__mock/ui/app.js',
    '/openapi.json',
    '/__mock/openapi.json',
    '/qr/x.png',
    '/nowhere',
  ])
  const headers: Record<string, string> =
    framing === 'chunked' ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(size) }
  return { label: `${size}-byte body (${framing}) on ${method} ${path}`, method, path, headers, body }
}

/**
 * The `n`th hostile request of a run: three service requests to one control request, and now and then
 * (3 in 100) an oversized body on any method and route.
 *
 * @example
 * ```ts
 * const rand = seededRandom(42)
 * const request = hostileRequest(rand, world)
 * ```
 */
export function hostileRequest(rand: Rand, world: FuzzWorld): HostileRequest {
  const draw = rand()
  if (draw < 0.03) return oversizedAnywhere(rand)
  return draw < 0.75 ? serviceAttack(rand, world) : controlAttack(rand)
}
