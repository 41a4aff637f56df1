/**
 * A server's sessions in code (`server.sessions`): what `POST /__mock/sessions`, `GET /__mock/sessions` and
 * `DELETE /__mock/sessions/<id>` do over HTTP, for a test suite that starts the server in its own process.
 */
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isRuleError } from '../src/index.js'
import { DEMO_MERCHANT, startMockServer, type MockServer, type MockServerOptions } from '../src/server.js'
import { MONDAY } from './harness.js'
import '../src/vitest.js'

const open: MockServer[] = []
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

/** The status and message a promise was refused with (a `RuleError`). */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise
  } catch (error) {
    if (isRuleError(error)) return { status: error.status, message: error.message }
    throw error
  }
  throw new Error('expected a refusal')
}

const clockOf = async (base: string) => ((await (await fetch(`${base}/__mock/clock`)).json()) as { now: string }).now

describe('server.sessions: sessions made and ended in code', () => {
  it('create() makes a session served under its base URL, with its own clock; HTTP lists it', async () => {
    const server = await start()
    const session = await server.sessions.create({ now: '2027-01-04T08:00:00Z', frozen: true })
    expect(session.baseUrl).toBe(`${server.url}/s/${session.id}`)
    expect(session.merchant?.apiKey).toBe(DEMO_MERCHANT.apiKey)
    // Moved in code, read over HTTP; the root's clock stays where it was.
    await session.mock.clock.advance(60_000)
    expect(await clockOf(session.baseUrl)).toBe('2027-01-04T08:01:00.000Z')
    expect(await clockOf(server.url)).toBe(new Date(MONDAY).toISOString())
    const stores = await fetch(`${session.baseUrl}${GATEWAY_PATHS.listStores}`, {
      method: 'POST',
      headers: { [HEADERS.apiKey]: session.merchant!.apiKey },
    })
    expect(stores.status).toBe(200)
    const overHttp = (await (await fetch(`${server.url}/__mock/sessions`)).json()) as {
      sessions: Array<{ id: string }>
    }
    expect(overHttp.sessions.map((s) => s.id)).toEqual([session.id])
    expect((await server.sessions.list()).map((s) => s.id)).toEqual([session.id])
  })

  it('end() ends it: every request under /s/<id>/ answers 404 with one clear body; ending again is 404', async () => {
    const server = await start()
    const session = await server.sessions.create()
    const made = await fetch(`${session.baseUrl}${GATEWAY_PATHS.createOrder}`, {
      method: 'POST',
      headers: { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ storeId: 101, amount: 12.5, currency: 'USD' }),
    })
    const qr = new URL(((await made.json()) as { qr_code: string }).qr_code).pathname
    expect(qr.startsWith(`/s/${session.id}/`)).toBe(true)
    await server.sessions.end(session.id)
    expect(await server.sessions.list()).toEqual([])
    const gone = `No session ${session.id}: it ended, expired or never existed; POST /__mock/sessions makes one`
    for (const [method, route] of [
      ['POST', GATEWAY_PATHS.listStores],
      ['GET', '/__mock/clock'],
      ['POST', '/__mock/clock'],
      ['GET', '/__mock/ui/'],
      ['GET', '/openapi.json'],
      ['GET', qr.slice(`/s/${session.id}`.length)],
      ['DELETE', '/__mock/faults'],
      ['GET', '/'],
    ] as const) {
      const headers = { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey }
      const res = await fetch(`${session.baseUrl}${route}`, { method, headers })
      expect(res.status, `${method} ${route}`).toBe(404)
      expect(((await res.json()) as { message: string }).message, `${method} ${route}`).toBe(gone)
    }
    expect(await refusal(server.sessions.end(session.id))).toEqual({ status: 404, message: gone })
  })

  it('create() refuses 429 at a cap, naming the flag and the option to raise; a bad option is a 400', async () => {
    const server = await start({ sessions: { max: 1 } })
    await server.sessions.create()
    const capped = await refusal(server.sessions.create())
    expect(capped.status).toBe(429)
    expect(capped.message).toMatch(/^The server holds 1 session, its most \(--max-sessions, option sessions\.max\)/)
    expect(await refusal(server.sessions.create({ now: 'soon' }))).toEqual({
      status: 400,
      message: 'now must be an ISO 8601 date such as 2026-11-02T09:00:00Z, got "soon"',
    })
    expect(await server.sessions.list()).toHaveLength(1)
  })

  it('idle sessions end by a sweep each second while there are some; no timer runs while there are none', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    const server = await start({ tickMs: 0, sessions: { idleSeconds: 60 } })
    expect(vi.getTimerCount()).toBe(0)
    await server.sessions.create()
    expect(vi.getTimerCount()).toBe(1)
    vi.setSystemTime(Date.now() + 58_000)
    vi.advanceTimersByTime(1000) // 59 s without a request: it lives on
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(1000) // 60 s
    expect(vi.getTimerCount()).toBe(0) // ended by the sweep, with no request; the sweep stopped with it
    expect(await server.sessions.list()).toEqual([])
  })

  it('close() ends the sessions with the server', async () => {
    const server = await startMockServer({ port: 0 })
    const session = await server.sessions.create()
    await server.close()
    await expect(fetch(`${session.baseUrl}/__mock/clock`)).rejects.toThrow()
    expect(await server.sessions.list()).toEqual([])
  })

  it("a session's request log is its own: its matchers see its calls, the root's and another's none", async () => {
    const server = await start()
    const [one, other] = [await server.sessions.create(), await server.sessions.create()]
    const made = await fetch(`${one.baseUrl}${GATEWAY_PATHS.createOrder}`, {
      method: 'POST',
      headers: { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ storeId: 101, amount: 12.5, currency: 'USD' }),
    })
    expect(made.status).toBe(200)
    const query = `/__mock/requests?operation=createOrder`
    const logged = (await (await fetch(`${one.baseUrl}${query}`)).json()) as Array<{ status: number; body: unknown }>
    expect(logged).toMatchObject([{ status: 200, body: { storeId: 101, amount: 12.5, currency: 'USD' } }])
    expect(await (await fetch(`${server.url}${query}`)).json()).toEqual([])
    expect(await (await fetch(`${other.baseUrl}${query}`)).json()).toEqual([])
    await expect({ baseUrl: one.baseUrl }).toHaveReceived('createOrder', { amount: 12.5 })
    await expect({ baseUrl: one.baseUrl }).toHaveReceivedTimes('createOrder', 1)
    await expect({ baseUrl: other.baseUrl }).not.toHaveReceived('createOrder')
    await expect({ baseUrl: server.url }).not.toHaveReceived('createOrder')
  })

  it('matchers on a server with a control token fail saying a wrong token was refused, never showing it', async () => {
    const server = await start({ controlToken: 'secret-token-1' })
    const session = await server.sessions.create()
    const failure = (target: { baseUrl: string; controlToken?: string }) =>
      expect(target)
        .toHaveReceived('createOrder')
        .then(
          () => 'passed',
          (error: Error) => error.message,
        )
    const wrong = await failure({ baseUrl: session.baseUrl, controlToken: 'nope-nope-nope' })
    expect(wrong).toBe(
      `[mock] GET ${session.baseUrl}/__mock/requests?operation=createOrder answered 401: The control token sent ` +
        "was refused: it is not this server's (the one given with --control-token or option controlToken, or made " +
        'up and printed in its banner at start)',
    )
    expect(wrong).not.toContain('nope-nope-nope')
    expect(await failure({ baseUrl: server.url })).toMatch(/answered 401: The control API needs the control token/)
    await expect({ baseUrl: session.baseUrl, controlToken: 'secret-token-1' }).not.toHaveReceived('createOrder')
  })
})
