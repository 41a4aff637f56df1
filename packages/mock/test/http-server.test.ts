import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMockGateway } from '../src/index.js'
import {
  DEMO_MERCHANT,
  MAX_BODY_BYTES,
  startMockServer,
  type MockServer,
  type MockServerOptions,
} from '../src/server.js'
import { MONDAY } from './harness.js'

const open: Array<{ close(): Promise<void> | void }> = []
afterEach(async () => {
  vi.useRealTimers()
  while (open.length) await open.pop()!.close()
})

async function start(options: MockServerOptions = {}): Promise<MockServer> {
  const server = await startMockServer({
    port: 0,
    clock: { now: MONDAY, frozen: true },
    seed: [DEMO_MERCHANT],
    ...options,
  })
  open.push(server)
  return server
}

const listStores = (server: MockServer, apiKey = DEMO_MERCHANT.apiKey) =>
  fetch(`${server.url}${GATEWAY_PATHS.listStores}`, { method: 'POST', headers: { [HEADERS.apiKey]: apiKey } })

/** A signed refund over real HTTP; `tamper` changes the bytes after signing. */
async function signedRefund(
  server: MockServer,
  orderId: number,
  amount: number,
  key = crypto.randomUUID(),
  tamper = (raw: string) => raw,
) {
  const raw = JSON.stringify({ orderId, refundAmount: amount })
  const timestamp = String(Math.floor(Date.parse(server.mock.clock.now()) / 1000))
  return fetch(`${server.url}${GATEWAY_PATHS.refundOrder}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [HEADERS.apiKey]: DEMO_MERCHANT.apiKey,
      [HEADERS.timestamp]: timestamp,
      [HEADERS.signature]: await signer.signRequest({ secret: DEMO_MERCHANT.apiSecret, body: raw, timestamp }),
      [HEADERS.idempotentKey]: key,
    },
    body: tamper(raw),
  })
}

async function paidOrder(server: MockServer, amount = 40): Promise<number> {
  const res = await fetch(`${server.url}${GATEWAY_PATHS.createOrder}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: DEMO_MERCHANT.apiKey },
    body: JSON.stringify({ storeId: 101, amount, currency: 'USD' }),
  })
  const orderId = Number(((await res.json()) as { order_id: string }).order_id)
  const paid = await fetch(`${server.url}/__mock/payments`, {
    method: 'POST',
    body: JSON.stringify({ orderId, status: 'SUCCESS' }),
  })
  expect(paid.status).toBe(201)
  return orderId
}

/** A webhook receiver on loopback that answers the scripted statuses in turn (then the last one). */
async function receiver(...statuses: number[]) {
  const received: Array<{ body: string; signature: string | undefined }> = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      received.push({ body, signature: req.headers['x-signature'] as string | undefined })
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!
      res.writeHead(status, { 'Content-Type': 'application/json' }).end('{"received":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const handle = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
  open.push({
    close: () => {
      server.closeAllConnections()
      return handle.close()
    },
  })
  return handle
}

describe('the mock over real HTTP answers what it answers in-process', () => {
  it('serves the gateway routes at the root, with the trace id and the demo merchant seeded', async () => {
    const server = await start()
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
    const res = await listStores(server)
    expect(res.status).toBe(200)
    expect(res.headers.get('X-Trace-Id')).toMatch(/^trc_/)
    expect(await res.json()).toMatchObject({
      statusCode: 200,
      data: [{ storeId: 101, storeName: 'Demo Store', address: '1 Demo Street, Phnom Penh' }],
    })
    expect((await listStores(server, 'mk_unknown')).status).toBe(401)
  })

  it('passes the exact body bytes through, so a signed refund verifies; a tampered one is 401', async () => {
    const server = await start()
    const orderId = await paidOrder(server)
    const refund = await signedRefund(server, orderId, 15)
    expect(refund.status).toBe(200)
    expect(((await refund.json()) as { data: { amount: number } }).data).toMatchObject({ amount: 15 })
    const tampered = await signedRefund(server, orderId, 1, undefined, (raw) => raw.replace('1}', '2}'))
    expect(tampered.status).toBe(401)
    expect(server.mock.audit()).toEqual([])
  })

  it("hands out URLs on the server's own address: an order's qr_code is a PNG served by this server", async () => {
    const server = await start()
    expect(server.mock.baseUrl).toBe(server.url)
    const res = await fetch(`${server.url}${GATEWAY_PATHS.createOrder}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: DEMO_MERCHANT.apiKey },
      body: JSON.stringify({ storeId: 101, amount: 5, currency: 'USD' }),
    })
    const { qr_code: qrCode } = (await res.json()) as { qr_code: string }
    expect(qrCode.startsWith(`${server.url}/qr/`)).toBe(true)
    const image = await fetch(qrCode)
    expect(image.status).toBe(200)
    expect(image.headers.get('Content-Type')).toBe('image/png')
    expect([...new Uint8Array(await image.arrayBuffer()).slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10])
  })

  it('refuses bad mock options without leaving the port taken', async () => {
    const port = (await start()).port
    await open.pop()!.close()
    await expect(startMockServer({ port, webhookRetrySchedule: [-1] })).rejects.toThrow(/webhookRetrySchedule/)
    const again = await start({ port })
    expect(again.port).toBe(port)
  })

  it('serves the control API under /__mock and the service sees its changes', async () => {
    const server = await start()
    const created = await fetch(`${server.url}/__mock/merchants`, {
      method: 'POST',
      body: JSON.stringify({ balances: { usd: 5 } }),
    })
    expect(created.status).toBe(201)
    const merchant = (await created.json()) as { merchantId: number; apiKey: string }
    // No store yet: list stores answers 404, as the service does.
    expect((await listStores(server, merchant.apiKey)).status).toBe(404)
    await fetch(`${server.url}/__mock/merchants/${merchant.merchantId}/stores`, {
      method: 'POST',
      body: JSON.stringify({ storeName: 'Kiosk', address: '2 Quay' }),
    })
    expect((await (await listStores(server, merchant.apiKey)).json()) as object).toMatchObject({
      data: [{ storeName: 'Kiosk' }],
    })
  })

  it('serves a given instance, whose in-process control API works alongside the HTTP one', async () => {
    const mock = createMockGateway({ clock: { now: MONDAY, frozen: true }, seed: [DEMO_MERCHANT] })
    const server = await start({ mock })
    expect(server.mock).toBe(mock)
    await mock.clock.advance(60_000)
    expect(await (await fetch(`${server.url}/__mock/clock`)).json()).toMatchObject({ now: '2026-11-02T09:01:00.000Z' })
  })
})

describe('injected network faults cut the TCP connection, as a failing network does', () => {
  it('a network fault: the client sees a failed fetch and nothing is processed', async () => {
    const server = await start()
    const orderId = await paidOrder(server)
    await fetch(`${server.url}/__mock/faults`, {
      method: 'POST',
      body: JSON.stringify({ route: `POST ${GATEWAY_PATHS.refundOrder}`, kind: 'network' }),
    })
    await expect(signedRefund(server, orderId, 10)).rejects.toThrow(TypeError)
    expect((await server.mock.balances(1)).usd.balance).toBe(1040)
  })

  it(
    'drop-response: the refund is committed, the answer never arrives, and ' + 'a retry with the same key replays it',
    async () => {
      const server = await start()
      const orderId = await paidOrder(server)
      await fetch(`${server.url}/__mock/faults`, {
        method: 'POST',
        body: JSON.stringify({ route: `POST ${GATEWAY_PATHS.refundOrder}`, kind: 'drop-response' }),
      })
      const key = crypto.randomUUID()
      await expect(signedRefund(server, orderId, 10, key)).rejects.toThrow(TypeError)
      // Committed although the client never heard: the refund's 10 is frozen until it settles.
      expect((await server.mock.balances(1)).usd).toMatchObject({ balance: 1040, usable: 1030, freeze: 10 })
      const retry = await signedRefund(server, orderId, 10, key)
      expect(retry.status).toBe(200)
      expect(retry.headers.get(HEADERS.idempotentReplayed)).toBe('true')
      expect((await server.mock.balances(1)).usd).toMatchObject({ balance: 1040, usable: 1030, freeze: 10 })
      expect(server.mock.audit()).toEqual([])
    },
  )
})

describe('the server guards its edges', () => {
  it(`a body over ${MAX_BODY_BYTES} bytes is 413 with the status-style body, before the mock sees it`, async () => {
    const server = await start()
    const res = await fetch(`${server.url}/__mock/merchants`, {
      method: 'POST',
      body: JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) }),
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({
      statusCode: 413,
      message: `The body is larger than ${MAX_BODY_BYTES} bytes`,
      error: 'Payload Too Large',
    })
    expect((await fetch(`${server.url}/__mock/merchants/2`)).status).toBe(404)
  })

  it(
    `a body over ${MAX_BODY_BYTES} bytes on a PIN path is 413 in the PIN ` + `module's envelope (payload_too_large)`,
    async () => {
      const server = await start()
      const res = await fetch(`${server.url}/api/v1/auth/verify-pin`, {
        method: 'POST',
        body: 'x'.repeat(MAX_BODY_BYTES + 1),
      })
      expect(res.status).toBe(413)
      expect(await res.json()).toEqual({
        status_code: 413,
        message: `The body is larger than ${MAX_BODY_BYTES} bytes`,
        code: 'payload_too_large',
        data: null,
      })
    },
  )

  it('answers CORS preflights and exposes the trace headers, unless cors is false', async () => {
    const server = await start()
    const preflight = await fetch(`${server.url}${GATEWAY_PATHS.refundOrder}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-api-key, x-signature',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toBe('x-api-key, x-signature')
    const exposed = (await listStores(server)).headers.get('Access-Control-Expose-Headers')
    for (const name of ['X-Trace-Id', 'X-Idempotent-Replayed', 'X-Service-Deprecation-Warning', 'Retry-After'])
      expect(exposed).toContain(name)
    const closed = await start({ cors: false })
    expect((await listStores(closed)).headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  it('logs one line per request: method, path, status, time and trace id', async () => {
    const lines: string[] = []
    const server = await start({ log: (line) => lines.push(line) })
    await listStores(server)
    await fetch(`${server.url}/__mock/clock`)
    await fetch(`${server.url}/__mock/faults`, {
      method: 'POST',
      body: JSON.stringify({ route: '*', kind: 'network' }),
    })
    await listStores(server).catch(() => undefined)
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(/^POST \/api\/v1\/payment-gateway\/stores\/list 200 \d+\.\d ms trc_\w+$/)
    expect(lines[1]).toMatch(/^GET \/__mock\/clock 200 \d+\.\d ms$/)
    expect(lines[2]).toMatch(/^POST \/__mock\/faults 201 /)
    expect(lines[3]).toMatch(
      /^POST \/api\/v1\/payment-gateway\/stores\/list dropped \d+\.\d ms connection cut \(injected fault\)$/,
    )
  })

  it(
    "puts the warnings the service logged on the request's line (a " + 'deprecated header the era still accepts)',
    async () => {
      const lines: string[] = []
      const server = await start({
        log: (line) => lines.push(line),
        clock: { now: '2026-03-03T09:00:00Z', frozen: true },
      })
      const { appId } = await server.mock.merchants.get(1)
      const res = await fetch(`${server.url}${GATEWAY_PATHS.listStores}`, {
        method: 'POST',
        headers: { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey, [HEADERS.appId]: String(appId) },
      })
      expect(res.status).toBe(200)
      expect(lines).toEqual([
        expect.stringMatching(
          new RegExp(
            '^POST /api/v1/payment-gateway/stores/list 200 \\d+\\.\\d ms trc_\\w+ warning: X-App-Id on ' +
              '/api/v1/payment-gateway/stores/list: deprecated by release 1\\.4\\.0; ' +
              'refused with 401 invalid_authentication from 2026-03-16T00:00:00Z$',
          ),
        ),
      ])
      const logged = (await (await fetch(`${server.url}/__mock/requests?withWarnings=true`)).json()) as Array<{
        warnings: string[]
      }>
      expect(logged).toHaveLength(1)
      expect(logged[0]!.warnings[0]).toMatch(/^X-App-Id on/)
    },
  )

  it('an absolute-form request target (as sent to a proxy) still addresses this server', async () => {
    const server = await start()
    const { request } = await import('node:http')
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: server.port, method: 'GET', path: 'http://elsewhere.example/__mock/clock' },
        (res) => {
          let body = ''
          res
            .setEncoding('utf8')
            .on('data', (chunk: string) => (body += chunk))
            .on('end', () => resolve({ status: res.statusCode!, body }))
        },
      )
      req.on('error', reject).end()
    })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ now: MONDAY })
  })

  it('refuses a port in use with EADDRINUSE, and close() frees the port and ends kept-alive connections', async () => {
    const server = await start()
    await expect(startMockServer({ port: server.port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
    await listStores(server) // leaves a kept-alive connection open
    await server.close()
    open.pop()
    const again = await start({ port: server.port })
    expect(again.port).toBe(server.port)
  })

  it('refuses a port out of range', async () => {
    await expect(startMockServer({ port: 70_000 })).rejects.toThrow(/port must be an integer/)
  })
})

describe('the tick runs what falls due as the running clock moves on by itself', () => {
  it('a webhook retry due a minute later is delivered by the tick, with no control call', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(Date.parse(MONDAY))
    const hooks = await receiver(500, 200)
    const server = await start({
      clock: { now: MONDAY },
      seed: [{ ...DEMO_MERCHANT, webhookUrl: hooks.url }],
      tickMs: 1000,
    })
    await paidOrder(server)
    expect(hooks.received).toHaveLength(1)
    expect(server.mock.webhooks.list()[0]).toMatchObject({
      status: 'recorded',
      nextAttemptAt: Date.parse(MONDAY) + 60_000,
    })

    vi.setSystemTime(Date.parse(MONDAY) + 61_000) // the mock clock runs with (fake) real time
    vi.advanceTimersByTime(1000) // the tick fires
    await server.tick() // waits for the tick in flight
    expect(hooks.received).toHaveLength(2)
    expect(JSON.parse(hooks.received[1]!.body)).toEqual({
      ...JSON.parse(hooks.received[0]!.body),
      createTimeMilli: Date.parse(MONDAY) + 62_000,
    })
    expect(server.mock.webhooks.list()[0]).toMatchObject({
      status: 'delivered',
      attempts: [
        { outcome: 'failed', detail: 'HTTP 500' },
        { outcome: 'delivered', detail: 'HTTP 200', at: Date.parse(MONDAY) + 62_000 },
      ],
    })
  })

  it('no tick runs when autoSettle is false: due work waits for POST /__mock/settle', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(Date.parse(MONDAY))
    const hooks = await receiver(500, 200)
    const server = await start({
      clock: { now: MONDAY },
      seed: [{ ...DEMO_MERCHANT, webhookUrl: hooks.url }],
      autoSettle: false,
    })
    await paidOrder(server)
    vi.setSystemTime(Date.parse(MONDAY) + 61_000)
    vi.advanceTimersByTime(5000)
    expect(vi.getTimerCount()).toBe(0)
    expect(hooks.received).toHaveLength(1)
    expect(await (await fetch(`${server.url}/__mock/settle`, { method: 'POST' })).json()).toEqual({ settled: 0 })
    expect(hooks.received).toHaveLength(2)
  })
})
