/**
 * @module adapters/sessions/server-app.test
 * The server's app with sessions: a request under /s/<id>/ reaches that session's app and no other; the root is
 * today's app; a session gone answers one 404 for every route, after the guard; a target with dot segments under
 * /s/ is refused before anything runs.
 */
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { DEMO_MERCHANT } from '../../cli/demo-merchant.js'
import { createMockGateway } from '../../create-mock-gateway.js'
import { NO_ANSWER, type IncomingRequest } from '../../http/answer.js'
import { createMockApp } from '../app/app.js'
import type { AppAnswer } from '../app/part.js'
import { SessionRegistry } from './registry.js'
import { serverApp, type TargetedRequest } from './server-app.js'
import { sessionRoutes, sessionsPart } from './sessions-part.js'

const FRIDAY = '2026-11-06T17:00:00.000Z'

const SERVER = 'http://127.0.0.1:4010'
const GUARD = { allowedOrigins: [], allowedHosts: [], boundHost: '127.0.0.1', port: 4010, token: 'tok_0123456789' }
const TOKEN = { Host: '127.0.0.1:4010', 'X-Mock-Token': 'tok_0123456789' }

/** A request as the Node adapter gives one: the target as sent, its URL as the URL standard resolves it. */
function incoming(method: string, target: string, headers: Record<string, string> = {}, body = ''): TargetedRequest {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
  const get = (name: string) => lower[name.toLowerCase()] ?? null
  const { pathname, search } = new URL(target, 'http://target.invalid')
  const bytes = new TextEncoder().encode(body).buffer as ArrayBuffer
  return {
    method,
    url: `${SERVER}${pathname}${search}`,
    target,
    headers: {
      get,
      has: (name) => get(name) !== null,
      forEach: (callback) => {
        for (const [name, value] of Object.entries(lower)) callback(value, name)
      },
    },
    arrayBuffer: async () => bytes,
  } satisfies IncomingRequest & { target: string }
}

function bodyOf(answer: AppAnswer): { status: number; json: unknown } {
  if (answer === NO_ANSWER) throw new Error('no answer')
  return { status: answer.status, json: answer.body === '' ? undefined : JSON.parse(String(answer.body)) }
}

async function server() {
  // The root's clock stands still (Friday), so that reading it twice gives one time on a busy machine too.
  const rootMock = createMockGateway({ baseUrl: SERVER, seed: [DEMO_MERCHANT], clock: { now: FRIDAY, frozen: true } })
  const root = createMockApp(rootMock, { serverUrl: SERVER })
  const sessions = new SessionRegistry({
    origin: SERVER,
    serverUrl: SERVER,
    start: { seed: [DEMO_MERCHANT], clock: { now: '2026-11-02T09:00:00Z', frozen: true } },
    limits: { idleSeconds: 0, max: 10, maxMemoryMb: 64 },
    make: createMockGateway,
    app: (mock, prefix) => createMockApp(mock, { serverUrl: mock.baseUrl, prefix, guard: GUARD }),
  })
  const rootApp = createMockApp(root.mock, {
    serverUrl: SERVER,
    guard: GUARD,
    serverParts: { parts: [sessionsPart(sessions)], listed: sessionRoutes() },
  })
  const app = serverApp(rootApp, sessions, { cors: true, guard: GUARD })
  const call = async (method: string, target: string, headers: Record<string, string> = {}, body?: unknown) =>
    bodyOf(await app.handle(incoming(method, target, headers, body === undefined ? '' : JSON.stringify(body))))
  const make = async () => (await call('POST', '/__mock/sessions', TOKEN)).json as { id: string; baseUrl: string }
  return { app, root: root.mock, sessions, call, make }
}

describe('the server with sessions', () => {
  it("routes /s/<id>/... to that session's app, everything else to the root's, unchanged", async () => {
    const { call, make, root } = await server()
    const a = await make()
    const b = await make()
    expect(a.baseUrl).toBe(`http://127.0.0.1:4010/s/${a.id}`)
    await call('POST', `/s/${a.id}/__mock/clock`, TOKEN, { advanceMs: 3_600_000 })
    expect((await call('GET', `/s/${a.id}/__mock/clock`, TOKEN)).json).toMatchObject({
      now: '2026-11-02T10:00:00.000Z',
    })
    expect((await call('GET', `/s/${b.id}/__mock/clock`, TOKEN)).json).toMatchObject({
      now: '2026-11-02T09:00:00.000Z',
    })
    expect((await call('GET', '/__mock/clock', TOKEN)).json).toMatchObject({ now: FRIDAY })
    const stores = await call('POST', `/s/${a.id}${GATEWAY_PATHS.listStores}`, {
      [HEADERS.apiKey]: DEMO_MERCHANT.apiKey,
    })
    expect(stores).toMatchObject({ status: 200, json: { data: [{ storeId: 101 }] } })
    expect(root.requests.list()).toEqual([])
  })

  it("/s/<id> itself is the session's root, as / is the server's", async () => {
    const { call, make } = await server()
    const { id } = await make()
    expect(await call('GET', `/s/${id}`)).toEqual(await call('GET', `/s/${id}/`))
    expect((await call('GET', `/s/${id}/`)).json).toMatchObject({ statusCode: 404, message: `Cannot GET /s/${id}/` })
  })

  it('a session that ended, and one that never was, answer one 404 body, whatever the route', async () => {
    const { call, make } = await server()
    const { id } = await make()
    expect((await call('DELETE', `/__mock/sessions/${id}`, TOKEN)).status).toBe(204)
    const never = 'q3Vb0yJ8mXcA1s_7Tz2LkPwe'
    const gone = (which: string) => ({
      status: 404,
      json: {
        statusCode: 404,
        message: `No session ${which}: it ended, expired or never existed; POST /__mock/sessions makes one`,
        error: 'Not Found',
      },
    })
    for (const route of [
      '/__mock/clock',
      GATEWAY_PATHS.listStores,
      '/api/v1/auth/set-pin',
      '/__mock/ui/',
      '/openapi.json',
    ]) {
      expect(await call('POST', `/s/${id}${route}`, TOKEN), route).toEqual(gone(id))
      expect(await call('POST', `/s/${never}${route}`, TOKEN), route).toEqual(gone(never))
    }
    expect(await call('DELETE', `/__mock/sessions/${id}`, TOKEN)).toEqual(gone(id))
    // `/s/` alone names no session: the message says so instead of an empty id.
    expect(await call('GET', '/s/', TOKEN)).toMatchObject({
      status: 404,
      json: { message: 'No session id after /s/: POST /__mock/sessions makes one and answers its baseUrl' },
    })
  })

  it("the guard answers first: a gone session's control route without the token is 401, as a live one's", async () => {
    const { call, make } = await server()
    const { id } = await make()
    const live = await call('GET', `/s/${id}/__mock/clock`, { Host: '127.0.0.1:4010' })
    const never = await call('GET', '/s/q3Vb0yJ8mXcA1s_7Tz2LkPwe/__mock/clock', { Host: '127.0.0.1:4010' })
    expect([live.status, never.status]).toEqual([401, 401])
    expect((await call('GET', `/s/${id}/__mock/clock`, { Host: 'evil.example' })).status).toBe(403)
    expect((await call('POST', '/__mock/sessions', { Host: '127.0.0.1:4010' })).status).toBe(401)
    // A session's service routes need no token, as the root's do not.
    expect(
      (await call('POST', `/s/${id}${GATEWAY_PATHS.listStores}`, { [HEADERS.apiKey]: 'mk_test_demo' })).status,
    ).toBe(200)
  })

  it.each([
    ['2026-02-30T00:00:00Z', ': the calendar has no day 2026-02-30'],
    [
      '2026-11-02T09:00:00',
      ': a time needs its zone (Z for UTC, or an offset such as +07:00); it is not read as local time',
    ],
    ['Nov 2 2026', ''],
  ])('POST /__mock/sessions {now: %j} is a 400 naming it; no session is made, no clock moves', async (now, why) => {
    const { call, root, sessions } = await server()
    expect(await call('POST', '/__mock/sessions', TOKEN, { now })).toEqual({
      status: 400,
      json: {
        statusCode: 400,
        message: `now must be an ISO 8601 date such as 2026-11-02T09:00:00Z, got "${now}"${why}`,
        error: 'Bad Request',
      },
    })
    expect(await sessions.list()).toEqual([])
    expect(root.clock.now()).toBe(FRIDAY)
  })

  it('POST /__mock/sessions takes now with Z or an offset, fractional seconds, or a date alone', async () => {
    const { call } = await server()
    for (const [now, read] of [
      ['2026-11-02T09:00:00Z', '2026-11-02T09:00:00.000Z'],
      ['2026-11-02T09:00:00.123+07:00', '2026-11-02T02:00:00.123Z'],
      ['2026-11-03', '2026-11-03T00:00:00.000Z'],
    ]) {
      const made = await call('POST', '/__mock/sessions', TOKEN, { now })
      expect(made.status).toBe(201)
      const { id } = made.json as { id: string }
      expect((await call('GET', `/s/${id}/__mock/clock`, TOKEN)).json).toMatchObject({ now: read })
    }
  })

  it('a target under /s/ with a dot segment is refused 400 before any session runs it', async () => {
    const { call, make, sessions } = await server()
    const a = await make()
    const b = await make()
    const before = await b.id
    for (const target of [
      `/s/${a.id}/../${b.id}/__mock/reset`,
      `/s/${a.id}/%2e%2e/${b.id}/__mock/reset`,
      `/s/${a.id}/../../__mock/reset`,
      `/s/${a.id}\\..\\..\\__mock/reset`,
      `/x/../s/${b.id}/__mock/reset`,
      `/s/${a.id}/./__mock/reset`,
    ]) {
      expect(await call('POST', target, TOKEN), target).toEqual({
        status: 400,
        json: expect.objectContaining({
          message: expect.stringMatching(/^A path under \/s\/ may not have \. or \.\./),
        }),
      })
    }
    expect((await sessions.list()).map((s) => s.id)).toEqual([a.id, before])
  })

  it(
    'an id in a query or a header selects nothing: the ' + 'root answers; an encoded slash is part of an unknown id',
    async () => {
      const { call, make } = await server()
      const { id } = await make()
      await call('POST', `/s/${id}/__mock/clock`, TOKEN, { advanceMs: 60_000 })
      const viaQuery = await call('GET', `/__mock/clock?session=${id}&s=${id}`, { ...TOKEN, 'X-Session-Id': id })
      expect(viaQuery.json).not.toMatchObject({ now: '2026-11-02T09:01:00.000Z' })
      expect((await call('GET', `/s/${id}%2F__mock/clock`, TOKEN)).status).toBe(404)
      expect((await call('GET', `/s/${id.slice(0, 23)}/__mock/clock`, TOKEN)).status).toBe(404)
      expect((await call('GET', `/s//${id}/__mock/clock`, TOKEN)).status).toBe(404)
    },
  )

  it('GET /__mock lists the session routes on the root, not in a session', async () => {
    const { call, make } = await server()
    const { id } = await make()
    const paths = (answer: { json: unknown }) => (answer.json as Array<{ path: string }>).map((r) => r.path)
    expect(paths(await call('GET', '/__mock', TOKEN))).toEqual(
      expect.arrayContaining(['/__mock/sessions', '/__mock/sessions/{sessionId}']),
    )
    expect(paths(await call('GET', `/s/${id}/__mock`, TOKEN))).not.toContain('/__mock/sessions')
    expect((await call('POST', `/s/${id}/__mock/sessions`, TOKEN)).status).toBe(404)
  })
})
