/**
 * The route table has two compilations: msw handlers (`mock.handlers`, for setupServer and setupWorker)
 * and the direct dispatcher behind `mock.fetch` and the HTTP server (which writes its answers without
 * making a Response). They must not drift: the same requests, sent to identical mocks, one through msw, one
 * through `mock.fetch`, one over HTTP to the server, get the same answers byte for byte (status, headers,
 * body), once the values that are random by design (trace ids, QR data, session ids, codes, tokens) are
 * masked and the headers of the HTTP connection itself (date, keep-alive, length, CORS) are left aside.
 */
import { GATEWAY_PATHS, HEADERS, PIN_PATHS } from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { createMockFetch, createMockGateway, type MockGateway } from '../src/index.js'
import { startMockServer, type MockServer } from '../src/server.js'

const SEED = [
  {
    name: 'Parity Merchant',
    apiKey: 'mk_parity',
    apiSecret: 'sk_parity',
    appId: 100001,
    balances: { usd: 500, khr: 100_000 },
    stores: [{ storeName: 'Main', address: '1 Main St' }],
    accounts: [{ accountNumber: '100200300', accountName: 'Parity Co' }],
  },
  {
    name: 'Other',
    apiKey: 'mk_other',
    apiSecret: 'sk_other',
    appId: 100002,
    stores: [{ storeName: 'Other', address: '2 Side St' }],
  },
]

interface Side {
  mock: MockGateway
  fetch: typeof fetch
  /** Values this side's answers gave, for later requests (order ids, QR data, tokens, session ids). */
  vars: Record<string, string>
}

const servers: MockServer[] = []
afterAll(async () => {
  for (const server of servers) await server.close()
})

async function side(via: 'msw' | 'direct' | 'server', baseUrl = 'https://gateway.mock'): Promise<Side> {
  const mock = createMockGateway({
    baseUrl,
    clock: { now: '2026-11-02T09:00:00Z', frozen: true },
    seed: SEED,
    pinHashIterations: 1000,
  })
  if (via === 'direct') return { mock, fetch: mock.fetch, vars: {} }
  if (via === 'msw') return { mock, fetch: createMockFetch(mock.handlers, mock.baseUrl), vars: {} }
  const server = await startMockServer({ port: 0, mock, tickMs: 0 })
  servers.push(server)
  const origin = new URL(baseUrl).origin
  const overHttp = ((input: string, init?: RequestInit) =>
    fetch(input.replace(origin, server.url), init)) as typeof fetch
  return { mock, fetch: overHttp, vars: {} }
}

/** Headers of the HTTP connection, not of the answer: left aside when the server's answers are compared. */
const CONNECTION_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'vary',
])

/** A request built from a side's own earlier answers. */
type Step = (s: Side) => Promise<{ method: string; path: string; headers?: Record<string, string>; body?: string }>

const json = { 'Content-Type': 'application/json' }
const key = (apiKey = 'mk_parity') => ({ ...json, [HEADERS.apiKey]: apiKey })

async function signed(s: Side, path: string, body: unknown, idempotencyKey: string) {
  const raw = JSON.stringify(body)
  const timestamp = String(Math.floor(Date.parse(s.mock.clock.now()) / 1000))
  const headers: Record<string, string> = {
    ...key(),
    [HEADERS.timestamp]: timestamp,
    [HEADERS.signature]: await signer.signRequest({ secret: 'sk_parity', body: raw, timestamp }),
    [HEADERS.idempotentKey]: idempotencyKey,
  }
  return { method: 'POST', path, headers, body: raw }
}

const STEPS: Array<[string, Step]> = [
  ['list stores', async () => ({ method: 'POST', path: GATEWAY_PATHS.listStores, headers: key() })],
  [
    'list stores with a trailing slash',
    async () => ({ method: 'POST', path: `${GATEWAY_PATHS.listStores}/`, headers: key() }),
  ],
  [
    'list stores, percent-encoded slash',
    async () => ({ method: 'POST', path: '/api/v1/payment-gateway/stores%2Flist', headers: key() }),
  ],
  [
    'list stores, encoded letter',
    async () => ({ method: 'POST', path: '/api/v1/payment-gateway/stores/%6Cist', headers: key() }),
  ],
  [
    'list stores, double slash',
    async () => ({ method: 'POST', path: '/api/v1/payment-gateway//stores/list', headers: key() }),
  ],
  [
    'list stores, two trailing slashes',
    async () => ({ method: 'POST', path: `${GATEWAY_PATHS.listStores}//`, headers: key() }),
  ],
  [
    'list stores, upper case',
    async () => ({ method: 'POST', path: '/API/v1/payment-gateway/stores/list', headers: key() }),
  ],
  [
    'list stores with a query',
    async () => ({ method: 'POST', path: `${GATEWAY_PATHS.listStores}?page=2`, headers: key() }),
  ],
  [
    'list stores, malformed escape',
    async () => ({ method: 'POST', path: '/api/v1/payment-gateway/stores/%ZZ', headers: key() }),
  ],
  ['balance with GET', async () => ({ method: 'GET', path: GATEWAY_PATHS.balanceInquiry, headers: key() })],
  ['balance with PUT', async () => ({ method: 'PUT', path: GATEWAY_PATHS.balanceInquiry, headers: key() })],
  ['balance with DELETE', async () => ({ method: 'DELETE', path: GATEWAY_PATHS.balanceInquiry, headers: key() })],
  ['balance with OPTIONS', async () => ({ method: 'OPTIONS', path: GATEWAY_PATHS.balanceInquiry, headers: key() })],
  ['balance', async () => ({ method: 'POST', path: GATEWAY_PATHS.balanceInquiry, headers: key() })],
  [
    'create order',
    async () => ({
      method: 'POST',
      path: GATEWAY_PATHS.createOrder,
      headers: key(),
      body: JSON.stringify({ storeId: 101, amount: 25, currency: 'USD' }),
    }),
  ],
  [
    'create order, bad body',
    async () => ({ method: 'POST', path: GATEWAY_PATHS.createOrder, headers: key(), body: '{"storeId":' }),
  ],
  [
    'create order, other merchant',
    async () => ({
      method: 'POST',
      path: GATEWAY_PATHS.createOrder,
      headers: key('mk_other'),
      body: JSON.stringify({ storeId: 101, amount: 1, currency: 'USD' }),
    }),
  ],
  [
    'create order, form body',
    async () => ({
      method: 'POST',
      path: GATEWAY_PATHS.createOrder,
      headers: { [HEADERS.apiKey]: 'mk_parity', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'storeId=101',
    }),
  ],
  [
    'generate QR',
    async () => ({
      method: 'POST',
      path: GATEWAY_PATHS.generateQr,
      headers: key(),
      body: JSON.stringify({ store_id: 101, amount: 5, currency: 'USD' }),
    }),
  ],
  [
    'pay the order (control API)',
    async (s) => {
      await s.mock.payments.create({ orderId: 1001, status: 'SUCCESS' })
      return { method: 'GET', path: `${GATEWAY_PATHS.transactionDetail}?transaction_id=700001`, headers: key() }
    },
  ],
  [
    'transaction detail POST',
    async () => ({
      method: 'POST',
      path: GATEWAY_PATHS.transactionDetail,
      headers: key(),
      body: '{"transaction_id":"700001"}',
    }),
  ],
  [
    'transaction detail PATCH',
    async () => ({ method: 'PATCH', path: GATEWAY_PATHS.transactionDetail, headers: key() }),
  ],
  ['refund', (s) => signed(s, GATEWAY_PATHS.refundOrder, { orderId: 1001, refundAmount: 5 }, 'refund-1')],
  [
    'refund again, same key (replay)',
    (s) => signed(s, GATEWAY_PATHS.refundOrder, { orderId: 1001, refundAmount: 5 }, 'refund-1'),
  ],
  [
    'refund, same key, other amount',
    (s) => signed(s, GATEWAY_PATHS.refundOrder, { orderId: 1001, refundAmount: 6 }, 'refund-1'),
  ],
  ['refund too much', (s) => signed(s, GATEWAY_PATHS.refundOrder, { orderId: 1001, refundAmount: 500 }, 'refund-2')],
  [
    'payout',
    (s) => signed(s, GATEWAY_PATHS.payout, { accountNumber: '100200300', amount: 10, currency: 'USD' }, 'payout-1'),
  ],
  [
    'payout without a key',
    async (s) => {
      const request = await signed(
        s,
        GATEWAY_PATHS.payout,
        { accountNumber: '100200300', amount: 10, currency: 'USD' },
        'x',
      )
      delete request.headers[HEADERS.idempotentKey]
      return request
    },
  ],
  [
    'cancel the paid order',
    async () => ({ method: 'POST', path: GATEWAY_PATHS.cancelOrder, headers: key(), body: '{"order_id":"1001"}' }),
  ],
  ['unknown path', async () => ({ method: 'POST', path: '/api/v1/payment-gateway/nothing', headers: key() })],
  ['root', async () => ({ method: 'GET', path: '/' })],
  ['QR image', async (s) => ({ method: 'GET', path: new URL(s.vars.qr!).pathname })],
  ['QR image with a trailing slash', async (s) => ({ method: 'GET', path: `${new URL(s.vars.qr!).pathname}/` })],
  ['QR image, POST', async (s) => ({ method: 'POST', path: new URL(s.vars.qr!).pathname })],
  ['QR prefix alone', async () => ({ method: 'GET', path: '/qr/' })],
  ['QR without the slash', async () => ({ method: 'GET', path: '/qr' })],
  ['QR, unknown data', async () => ({ method: 'GET', path: '/qr/NOPE.png' })],
  ['QR, nested path', async () => ({ method: 'GET', path: '/qr/a/b.png' })],
  ['QR, encoded', async () => ({ method: 'GET', path: '/qr%2FNOPE.png' })],
  [
    'set-pin without a token',
    async () => ({ method: 'POST', path: PIN_PATHS.setPin, headers: json, body: '{"pin":"123456"}' }),
  ],
  [
    'set-pin',
    async (s) => ({
      method: 'POST',
      path: PIN_PATHS.setPin,
      headers: { ...json, Authorization: `Bearer ${s.vars.token}` },
      body: '{"pin":"123456"}',
    }),
  ],
  [
    'set-pin with a trailing slash',
    async (s) => ({
      method: 'POST',
      path: `${PIN_PATHS.setPin}/`,
      headers: { ...json, Authorization: `Bearer ${s.vars.token}` },
      body: '{"pin":"123456"}',
    }),
  ],
  [
    'verify-pin wrong',
    async (s) => ({
      method: 'POST',
      path: PIN_PATHS.verifyPin,
      headers: { ...json, Authorization: `Bearer ${s.vars.token}` },
      body: '{"pin":"654321"}',
    }),
  ],
  ['verify-pin GET', async () => ({ method: 'GET', path: PIN_PATHS.verifyPin })],
  [
    'forgot-pin',
    async (s) => ({
      method: 'POST',
      path: PIN_PATHS.forgotPin,
      headers: { ...json, Authorization: `Bearer ${s.vars.token}` },
      body: '{"email":"dara@example.com"}',
    }),
  ],
  [
    'verify-otp',
    async (s) => {
      const { code, sessionId } = s.mock.otp.list().at(-1)!
      return {
        method: 'POST',
        path: PIN_PATHS.verifyOtp,
        headers: { ...json, Authorization: `Bearer ${s.vars.token}` },
        body: JSON.stringify({ email: 'dara@example.com', otp_code: code, session_id: sessionId }),
      }
    },
  ],
  ['unknown PIN path', async () => ({ method: 'POST', path: '/api/v1/auth/forgot-password', body: '{}' })],
]

/** Masks the values that are random by design, so two mocks' answers compare byte for byte. */
function masked(text: string, s: Side): string {
  let out = text
    .replace(/trc_[0-9a-f]{24}/g, 'trc_*')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'uuid')
  for (const [name, value] of Object.entries(s.vars)) if (value.length > 3) out = out.split(value).join(`<${name}>`)
  return out
}

async function run(s: Side): Promise<string[]> {
  const user = await s.mock.users.create({ email: 'dara@example.com', emailVerified: true })
  s.vars.token = user.accessToken
  const transcript: string[] = []
  for (const [label, step] of STEPS) {
    const request = await step(s)
    const res = await s.fetch(`${s.mock.baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    })
    const bytes = new Uint8Array(await res.arrayBuffer())
    const body = new TextDecoder().decode(bytes)
    if (label === 'create order') s.vars.qr = JSON.parse(body).qr_code
    if (label === 'generate QR') s.vars.qrData = JSON.parse(body).qr_data
    if (s.vars.qr) s.vars.qrPath = new URL(s.vars.qr).pathname.slice('/qr/'.length, -'.png'.length)
    const headers = [...res.headers]
      .filter(([name]) => !CONNECTION_HEADERS.has(name))
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n')
    const shown = res.headers.get('content-type') === 'image/png' ? `<png ${bytes.byteLength} bytes>` : body
    transcript.push(masked(`${label}\n${request.method} ${request.path}\n${res.status}\n${headers}\n${shown}`, s))
  }
  return transcript
}

describe('msw handlers and the direct dispatcher answer alike', () => {
  it.each(['https://gateway.mock', 'https://gateway.mock/sandbox'])(
    'every step of a session gives the same status, headers and body ' +
      'through msw, mock.fetch and the HTTP server (base URL %s)',
    async (baseUrl) => {
      const viaMsw = await run(await side('msw', baseUrl))
      const direct = await run(await side('direct', baseUrl))
      const server = await run(await side('server', baseUrl))
      expect(direct).toHaveLength(STEPS.length)
      for (let i = 0; i < STEPS.length; i++) {
        expect(direct[i], `mock.fetch: ${STEPS[i]![0]}`).toBe(viaMsw[i])
        expect(server[i], `HTTP server: ${STEPS[i]![0]}`).toBe(viaMsw[i])
      }
    },
  )

  it('a path outside the base URL is taken by none: each fails like a network error', async () => {
    for (const via of ['msw', 'direct', 'server'] as const) {
      const s = await side(via, 'https://gateway.mock/sandbox')
      await expect(s.fetch('https://gateway.mock/elsewhere', { method: 'POST' })).rejects.toThrow(TypeError)
    }
  })
})
