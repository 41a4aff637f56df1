/**
 * @module test/e2e/sessions.e2e.test
 * Sessions over HTTP, against the CLI server as a child process: one server, many isolated mocks, each under its
 * own base URL. Each session has its own state, clock, faults, request log, one-time codes, idempotency records,
 * webhooks and their URL; any client (plain HTTP here, the SDK) selects one by its base URL alone; the control
 * guard covers making, listing and ending them and each one's control API; the caps refuse with a 429 naming
 * the flag; an idle session ends. And the hostile test: reused, guessed and crafted ids and path tricks land in
 * the session they name or are refused, never in another.
 */
import { request } from 'node:http'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { GatewayClient } from '@merchant-gateway/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { http, startCli, stopCli, within, type Cli } from './cli-process.js'

const NOW = '2026-11-02T09:00:00.000Z'
const TOKEN = 'tok_sessions_e2e'
const AUTH = { 'X-Mock-Token': TOKEN }
const DEMO = { apiKey: 'mk_test_demo', apiSecret: 'sk_test_demo', storeId: 101 }

interface Made {
  id: string
  baseUrl: string
  createdAt: string
  merchant: { merchantId: number; apiKey: string; apiSecret: string; storeId: number; webhookUrl: string | null }
}

/** The port a CLI server listens on. */
const portOf = (cli: Cli) => Number(new URL(cli.url).port)

/** A request with node:http: the target and the headers go out exactly as given (fetch would resolve `..`). */
function raw(port: number, method: string, target: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers: { ...headers, ...(body === undefined ? {} : { 'Content-Length': Buffer.byteLength(body) }) },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, body: text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** A receiver of webhooks that keeps what it was sent. */
async function receiver(): Promise<{ url: string; got: Array<{ orderId: number }>; close(): Promise<void> }> {
  const got: Array<{ orderId: number }> = []
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = ''
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      got.push(JSON.parse(body) as { orderId: number })
      res.writeHead(200).end('{"received":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    got,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('sessions on one server, over HTTP', () => {
  let cli: Cli
  const make = async (body: unknown = {}) => {
    const res = await http('POST', `${cli.url}/__mock/sessions`, body, AUTH)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body as Made
  }

  beforeAll(async () => {
    cli = await startCli(['serve', '--port', '0', '--now', NOW, '--frozen', '--control-token', TOKEN, '--quiet'])
  }, 40_000)
  afterAll(() => stopCli(cli))

  it('POST /__mock/sessions answers 201 with the id, the base URL and the demo merchant; GET lists it', async () => {
    const made = await make()
    expect(made).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      baseUrl: `${cli.url}/s/${made.id}`,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      merchant: {
        merchantId: 1,
        appId: expect.any(Number),
        name: 'Demo Merchant',
        apiKey: DEMO.apiKey,
        apiSecret: DEMO.apiSecret,
        storeId: DEMO.storeId,
        webhookUrl: null,
      },
    })
    expect(cli.output()).toContain(`sessions:      POST ${cli.url}/__mock/sessions makes an isolated mock`)
    const list = await http('GET', `${cli.url}/__mock/sessions`, undefined, AUTH)
    expect(list.status).toBe(200)
    expect(list.body.limits).toEqual({ idleSeconds: 1800, max: 100, maxMemoryMb: 256 })
    expect(list.body.sessions).toContainEqual({
      id: made.id,
      baseUrl: made.baseUrl,
      createdAt: made.createdAt,
      lastUsedAt: expect.any(String),
      expiresAt: expect.any(String),
      memoryBytes: expect.any(Number),
    })
    expect(list.body.memoryBytes).toBeGreaterThan(0)
  })

  it(
    'options in the body: the clock, the history ' + 'kept; unknown fields and bad values are 400 naming them',
    async () => {
      const made = await make({ now: '2027-01-04T08:00:00Z', requestLogLimit: 1 })
      expect((await http('GET', `${made.baseUrl}/__mock/clock`, undefined, AUTH)).body).toMatchObject({
        now: '2027-01-04T08:00:00.000Z',
        frozen: true,
      })
      for (const [body, message] of [
        [
          { webhookURL: 'http://h' },
          'has unknown field webhookURL (webhookURL: did you mean webhookUrl?; a session takes state, now, ' +
            'frozen, webhookUrl, otpDevCode, requestLogLimit, retention, keepRecordsSeconds)',
        ],
        [{ now: 'soon' }, 'now must be an ISO 8601 date such as 2026-11-02T09:00:00Z, got "soon"'],
        [{ keepRecordsSeconds: -1 }, 'keepRecordsSeconds must be a whole number of seconds >= 1, got -1'],
        ['[]', 'expected object, received array'],
        ['{', expect.stringMatching(/^The body must be JSON/)],
      ] as const) {
        const res = await http('POST', `${cli.url}/__mock/sessions`, body, AUTH)
        expect([res.status, res.body], JSON.stringify(body)).toEqual([
          400,
          { statusCode: 400, message, error: 'Bad Request' },
        ])
      }
    },
  )

  it(
    'each session has its own state, clock, faults, ' + "request log, codes and idempotency records; the root's stay",
    async () => {
      const a = await make()
      const b = await make()
      // The clock.
      await http('POST', `${a.baseUrl}/__mock/clock`, { advanceMs: 3_600_000 }, AUTH)
      expect((await http('GET', `${a.baseUrl}/__mock/clock`, undefined, AUTH)).body.now).toBe(
        '2026-11-02T10:00:00.000Z',
      )
      expect((await http('GET', `${b.baseUrl}/__mock/clock`, undefined, AUTH)).body.now).toBe(NOW)
      expect((await http('GET', `${cli.url}/__mock/clock`, undefined, AUTH)).body.now).toBe(NOW)
      // Faults: a fault armed in A cuts A's next list stores, not B's.
      await http(
        'POST',
        `${a.baseUrl}/__mock/faults`,
        { route: 'POST /api/v1/payment-gateway/stores/list', kind: 'error', status: 503 },
        AUTH,
      )
      const list = (base: string) =>
        http('POST', `${base}/api/v1/payment-gateway/stores/list`, undefined, { 'X-Api-Key': DEMO.apiKey })
      expect([(await list(a.baseUrl)).status, (await list(b.baseUrl)).status]).toEqual([503, 200])
      expect((await http('GET', `${b.baseUrl}/__mock/faults`, undefined, AUTH)).body).toEqual([])
      // The request log: each its own.
      const logged = async (base: string) =>
        ((await http('GET', `${base}/__mock/requests`, undefined, AUTH)).body as unknown[]).length
      expect([await logged(a.baseUrl), await logged(b.baseUrl)]).toEqual([1, 1])
      // Users and one-time codes.
      const user = (
        await http('POST', `${a.baseUrl}/__mock/users`, { email: 'dara@example.com', emailVerified: true }, AUTH)
      ).body as { accessToken: string }
      const forgot = await http(
        'POST',
        `${a.baseUrl}/api/v1/auth/forgot-pin`,
        { email: 'dara@example.com' },
        { Authorization: `Bearer ${user.accessToken}` },
      )
      expect(forgot.status).toBe(200)
      expect((await http('GET', `${a.baseUrl}/__mock/otp`, undefined, AUTH)).body).toHaveLength(1)
      expect((await http('GET', `${b.baseUrl}/__mock/otp`, undefined, AUTH)).body).toEqual([])
      expect((await http('GET', `${b.baseUrl}/__mock/users`, undefined, AUTH)).body).toEqual([])
      // A's token means nothing in B.
      const inB = await http(
        'POST',
        `${b.baseUrl}/api/v1/auth/forgot-pin`,
        { email: 'dara@example.com' },
        {
          Authorization: `Bearer ${user.accessToken}`,
        },
      )
      expect(inB.status).toBe(401)
    },
  )

  it('any client selects a session by its base URL alone: the SDK, with idempotency per session', async () => {
    const a = await make()
    const b = await make()
    const clients = [a, b].map(
      // Signed with the sessions' clock, frozen at NOW (a signature must be within 300 s of it).
      (s) =>
        new GatewayClient({
          baseUrl: s.baseUrl,
          apiKey: s.merchant.apiKey,
          apiSecret: s.merchant.apiSecret,
          now: () => Date.parse(NOW),
        }),
    )
    const [inA, inB] = await Promise.all(
      clients.map((client) => client.orders.create({ storeId: DEMO.storeId, amount: 12.5, currency: 'USD' })),
    )
    // Each session numbers its own orders from the start, and its QR code URL is under its base URL.
    expect([inA!.order_id, inB!.order_id]).toEqual(['1001', '1001'])
    expect(inA!.qr_code).toMatch(new RegExp(`^${a.baseUrl}/qr/`))
    expect((await fetch(inA!.qr_code)).headers.get('content-type')).toBe('image/png')
    // The same idempotency key in two sessions is two refunds: each session keeps its own records.
    for (const s of [a, b])
      await http('POST', `${s.baseUrl}/__mock/payments`, { orderId: 1001, status: 'SUCCESS' }, AUTH)
    const key = 'e2e-sessions-refund-1'
    const refunds = await Promise.all(
      clients.map((client) => client.refunds.create({ orderId: 1001, amount: 2.5 }, { idempotencyKey: key })),
    )
    expect(refunds.map((r) => r.meta.replayed)).toEqual([false, false])
    const again = await clients[0]!.refunds.create({ orderId: 1001, amount: 2.5 }, { idempotencyKey: key })
    expect(again.meta.replayed).toBe(true)
  })

  it("each session's webhooks go to its own webhookUrl, from its own dispatcher", async () => {
    const [one, two] = [await receiver(), await receiver()]
    try {
      const a = await make({ webhookUrl: one.url })
      const b = await make({ webhookUrl: two.url })
      expect([a.merchant.webhookUrl, b.merchant.webhookUrl]).toEqual([one.url, two.url])
      for (const [s, amount] of [
        [a, 1],
        [b, 2],
        [b, 3],
      ] as const) {
        const order = await http(
          'POST',
          `${s.baseUrl}/api/v1/payment-gateway/order/create`,
          { storeId: DEMO.storeId, amount, currency: 'USD' },
          { 'X-Api-Key': DEMO.apiKey },
        )
        await http(
          'POST',
          `${s.baseUrl}/__mock/payments`,
          { orderId: Number(order.body.order_id), status: 'SUCCESS' },
          AUTH,
        )
      }
      expect(one.got.map((w) => w.orderId)).toEqual([1001])
      expect(two.got.map((w) => w.orderId)).toEqual([1001, 1002])
    } finally {
      await Promise.all([one.close(), two.close()])
    }
  })

  it("a session's documents name its base URL; its inspector page is served under it", async () => {
    const s = await make()
    const service = await http('GET', `${s.baseUrl}/openapi.json`)
    expect(service.body.servers).toContainEqual(expect.objectContaining({ url: s.baseUrl }))
    const control = await http('GET', `${s.baseUrl}/__mock/openapi.json`, undefined, AUTH)
    expect(control.body.servers).toContainEqual(expect.objectContaining({ url: s.baseUrl }))
    const page = await raw(portOf(cli), 'GET', `/s/${s.id}/__mock/ui/`)
    expect([page.status, page.body]).toEqual([200, expect.stringContaining('<title>Mock inspector</title>')])
  })

  it("the guard covers sessions: making, listing, ending, and each session's control API need the token", async () => {
    const s = await make()
    for (const [method, path] of [
      ['POST', '/__mock/sessions'],
      ['GET', '/__mock/sessions'],
      ['DELETE', `/__mock/sessions/${s.id}`],
      ['GET', `/s/${s.id}/__mock/clock`],
      ['POST', `/s/${s.id}/__mock/reset`],
      ['GET', `/s/${s.id}/__mock/snapshot`],
    ] as const) {
      expect((await http(method, `${cli.url}${path}`)).status, `${method} ${path}`).toBe(401)
      const other = await raw(portOf(cli), method, path, { ...AUTH, Origin: 'http://evil.example' })
      expect(other.status, `${method} ${path} from another origin`).toBe(403)
      const rebound = await raw(portOf(cli), method, path, { ...AUTH, Host: 'evil.example' })
      expect(rebound.status, `${method} ${path} under another host`).toBe(403)
    }
    // Still there: nothing above ran.
    expect((await http('GET', `${s.baseUrl}/__mock/clock`, undefined, AUTH)).status).toBe(200)
  })

  it('DELETE ends a session: every route under it answers 404, the same body as for an id never made', async () => {
    const s = await make()
    expect((await http('DELETE', `${cli.url}/__mock/sessions/${s.id}`, undefined, AUTH)).status).toBe(204)
    const never = 'q3Vb0yJ8mXcA1s_7Tz2LkPwe'
    for (const route of ['/__mock/clock', '/api/v1/payment-gateway/stores/list', '/openapi.json']) {
      const [ended, unknown] = [
        await raw(portOf(cli), 'GET', `/s/${s.id}${route}`, AUTH),
        await raw(portOf(cli), 'GET', `/s/${never}${route}`, AUTH),
      ]
      expect([ended.status, unknown.status]).toEqual([404, 404])
      expect(JSON.parse(ended.body).message.replace(s.id, '<id>')).toBe(
        JSON.parse(unknown.body).message.replace(never, '<id>'),
      )
    }
    expect((await http('DELETE', `${cli.url}/__mock/sessions/${s.id}`, undefined, AUTH)).status).toBe(404)
  })

  it(
    'a saved state up to 32 MiB goes to a session, as to ' + 'the root: to its snapshot and to POST /__mock/sessions',
    async () => {
      const s = await make()
      const saved = (await http('GET', `${s.baseUrl}/__mock/snapshot`, undefined, AUTH)).body
      // Over the 1 MiB of an ordinary request: padding the loader does not read (a snapshot's lists for people).
      const large = JSON.stringify({ ...saved, orders: [], padding: 'x'.repeat(2 * 1024 * 1024) })
      const loaded = await http('POST', `${s.baseUrl}/__mock/snapshot`, large, AUTH)
      // The body in the message: a 500 says whether the server or a proxy in front of it (Prism) answered.
      expect(loaded.status, JSON.stringify(loaded.body)).toBe(200)
      const fromIt = await http('POST', `${cli.url}/__mock/sessions`, `{"state":${large}}`, AUTH)
      expect(fromIt.status, JSON.stringify(fromIt.body)).toBe(201)
    },
  )
})

describe('the hostile test: one session never reads or changes another', () => {
  let cli: Cli
  let a: Made
  let b: Made
  const state = async (base: string) => ({
    clock: (await http('GET', `${base}/__mock/clock`, undefined, AUTH)).body.now as string,
    faults: (await http('GET', `${base}/__mock/faults`, undefined, AUTH)).body as unknown[],
    merchants: ((await http('GET', `${base}/__mock/snapshot?limit=50`, undefined, AUTH)).body.merchants as unknown[])
      .length,
  })

  beforeAll(async () => {
    cli = await startCli(['serve', '--port', '0', '--now', NOW, '--frozen', '--control-token', TOKEN, '--quiet'])
    const make = async () => (await http('POST', `${cli.url}/__mock/sessions`, {}, AUTH)).body as Made
    a = await make()
    b = await make()
  }, 40_000)
  afterAll(() => stopCli(cli))

  it(
    'path tricks, encoded slashes, double slashes, ids ' + 'in queries and headers, crafted ids: refused or in A',
    async () => {
      const port = portOf(cli)
      const before = { root: await state(cli.url), a: await state(a.baseUrl), b: await state(b.baseUrl) }
      const move = JSON.stringify({ advanceMs: 86_400_000 })
      const fault = JSON.stringify({ route: '*', kind: 'error', status: 500 })
      const flipped = [...b.id].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('')
      // Each aims at B's state (or the root's) from A's base URL, or with B's id where it must not count; the
      // status each must get: 400 a dot segment under /s/, 404 no such session (or A's own gateway: no such route).
      const attempts: Array<[string, string, number]> = [
        [`/s/${a.id}/../${b.id}/__mock/clock`, move, 400],
        [`/s/${a.id}/%2e%2e/${b.id}/__mock/clock`, move, 400],
        [`/s/${a.id}/%2E%2E/%2e%2e/__mock/clock`, move, 400],
        [`/s/${a.id}/../../__mock/clock`, move, 400],
        [`/s/${a.id}\\..\\${b.id}\\__mock/clock`, move, 400],
        [`/s/${a.id}/./../${b.id}/__mock/faults`, fault, 400],
        [`/x/../s/${b.id}/__mock/clock`, move, 400],
        [`/s/${a.id}%2F..%2F${b.id}/__mock/clock`, move, 404],
        [`/s/${a.id}/..%2F${b.id}/__mock/clock`, move, 404],
        [`/s/${a.id}/%2F${b.id}/__mock/clock`, move, 404],
        [`/s/${a.id}//${b.id}/__mock/clock`, move, 404],
        [`/s//${b.id}/__mock/clock`, move, 404],
        [`/s/${flipped}/__mock/clock`, move, 404],
        [`/s/${b.id}x/__mock/clock`, move, 404],
        [`/s/${b.id.slice(0, 23)}/__mock/clock`, move, 404],
        [
          `/s/${encodeURIComponent(b.id).replace(/[A-Za-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)}/__mock/clock`,
          move,
          404,
        ],
      ]
      const json = { ...AUTH, 'Content-Type': 'application/json', 'X-Session-Id': b.id, Cookie: `session=${b.id}` }
      for (const [target, body, status] of attempts) {
        expect((await raw(port, 'POST', target, json, body)).status, target).toBe(status)
      }
      // A session's id in a query or a header selects nothing: this moves A's clock (the path's), not B's.
      expect((await raw(port, 'POST', `/s/${a.id}/__mock/clock?session=${b.id}`, json, move)).status).toBe(200)
      expect((await raw(port, 'POST', `/__mock/clock?session=${b.id}`, json, '{"advanceMs":0}')).status).toBe(200)
      // B and the root are as they were: not a minute of clock, no fault, no merchant more or less; A moved a day.
      expect({ root: await state(cli.url), b: await state(b.baseUrl) }).toEqual({ root: before.root, b: before.b })
      expect((await state(a.baseUrl)).clock).toBe('2026-11-03T09:00:00.000Z')
      expect(before.a.clock).toBe(NOW)
    },
  )

  it("A's credentials and records mean nothing in B: a token, an order id, a webhook id, a QR code", async () => {
    const created = await http(
      'POST',
      `${a.baseUrl}/api/v1/payment-gateway/order/create`,
      { storeId: DEMO.storeId, amount: 7, currency: 'USD' },
      { 'X-Api-Key': DEMO.apiKey },
    )
    const qr = created.body.qr_code as string
    expect(qr.startsWith(`${a.baseUrl}/qr/`)).toBe(true)
    const inB = qr.replace(a.id, b.id)
    expect((await fetch(inB)).status).toBe(404)
    expect((await http('GET', `${b.baseUrl}/__mock/orders/1001`, undefined, AUTH)).status).toBe(404)
    const pay = await http('POST', `${b.baseUrl}/__mock/payments`, { orderId: 1001, status: 'SUCCESS' }, AUTH)
    expect(pay.status).toBe(404)
  })

  it('a reused id (after DELETE) and a guessed one are 404; listing gives no other session away', async () => {
    const gone = (await http('POST', `${cli.url}/__mock/sessions`, {}, AUTH)).body as Made
    await http('DELETE', `${cli.url}/__mock/sessions/${gone.id}`, undefined, AUTH)
    for (const id of [gone.id, 'AAAAAAAAAAAAAAAAAAAAAAAA', `${a.id.slice(0, 12)}${b.id.slice(12)}`]) {
      expect((await http('GET', `${cli.url}/s/${id}/__mock/clock`, undefined, AUTH)).status, id).toBe(404)
      expect((await http('POST', `${cli.url}/s/${id}/__mock/reset`, undefined, AUTH)).status, id).toBe(404)
    }
    // A session's own control API knows of no other session, and makes none.
    // (Sent directly: the session routes are the root's alone, so the documents have them only there.)
    expect((await raw(portOf(cli), 'GET', `/s/${a.id}/__mock/sessions`, AUTH)).status).toBe(404)
    expect((await raw(portOf(cli), 'POST', `/s/${a.id}/__mock/sessions`, AUTH, '{}')).status).toBe(404)
    // The root's reset resets the root alone.
    await http('POST', `${b.baseUrl}/__mock/clock`, { advanceMs: 1000 }, AUTH)
    await http('POST', `${cli.url}/__mock/reset`, undefined, AUTH)
    expect((await http('GET', `${b.baseUrl}/__mock/clock`, undefined, AUTH)).body.now).toBe('2026-11-02T09:00:01.000Z')
  })
})

describe('the caps and idle expiry, by their flags', () => {
  it('--max-sessions: one more is refused 429, naming the flag, with Retry-After until an idle one ends', async () => {
    const cli = await startCli(['serve', '--port', '0', '--max-sessions', '2', '--session-idle-seconds', '600', '-q'])
    try {
      for (let i = 0; i < 2; i++) expect((await http('POST', `${cli.url}/__mock/sessions`)).status).toBe(201)
      const refused = await http('POST', `${cli.url}/__mock/sessions`)
      expect(refused.status).toBe(429)
      expect(refused.body.message).toMatch(/--max-sessions/)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500)
      expect((await http('GET', `${cli.url}/__mock/sessions`)).body.sessions).toHaveLength(2)
    } finally {
      await stopCli(cli)
    }
  })

  it(
    '--max-session-memory-mb: a session past the memory ' + 'the sessions may hold is refused 429, naming the flag',
    async () => {
      const cli = await startCli(['serve', '--port', '0', '--max-session-memory-mb', '1', '-q'])
      try {
        let status = 201
        let made = 0
        for (; status === 201 && made < 20; made++) status = (await http('POST', `${cli.url}/__mock/sessions`)).status
        expect([status, made]).toEqual([429, 7])
        const refused = await http('POST', `${cli.url}/__mock/sessions`)
        expect(refused.body.message).toMatch(/over the 1 MB they may hold \(--max-session-memory-mb/)
      } finally {
        await stopCli(cli)
      }
    },
  )

  it('--session-idle-seconds: a session no one calls ends by itself and answers 404', async () => {
    const cli = await startCli(['serve', '--port', '0', '--session-idle-seconds', '1', '-q'])
    try {
      const made = (await http('POST', `${cli.url}/__mock/sessions`)).body as Made
      expect(
        await within(20_000, async () => (await http('GET', `${cli.url}/__mock/sessions`)).body.sessions.length === 0),
      ).toBe(true)
      expect((await http('GET', `${made.baseUrl}/__mock/clock`)).status).toBe(404)
    } finally {
      await stopCli(cli)
    }
  })
})
