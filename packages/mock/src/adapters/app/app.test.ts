/**
 * @module app/app.test
 * The app of one mock instance, Request in and Response out: its parts on one router (the documents, the
 * inspector, the control API, the service), behind the server's steps (CONNECT refused, the control guard,
 * CORS, the body read whole, the preflight), and mounted where it is told to stand.
 */
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { createMockGateway } from '../../create-mock-gateway.js'
import { RuleError } from '../../domain/rule-error.js'
import { NO_ANSWER, type IncomingRequest } from '../../http/answer.js'
import { createMockApp } from './app.js'
import { appSteps } from './steps.js'

const KEY = 'mk_app_test'
const SERVER = 'http://127.0.0.1:4010'

/** A request as the Node adapter gives one: any method, any header (Host too), a body read on demand. */
function incoming(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body: () => Promise<ArrayBuffer> = async () => new ArrayBuffer(0),
): IncomingRequest {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
  const get = (name: string) => lower[name.toLowerCase()] ?? null
  const forEach = (callback: (value: string, name: string) => void) => {
    for (const [name, value] of Object.entries(lower)) callback(value, name)
  }
  return {
    method,
    url: `${SERVER}${path}`,
    headers: { get, has: (name) => get(name) !== null, forEach },
    arrayBuffer: body,
  }
}

const GUARD = { allowedOrigins: ['http://localhost:5173'], allowedHosts: [], boundHost: '127.0.0.1', port: 4010 }

describe('the app of one mock instance', () => {
  const mock = createMockGateway({ baseUrl: SERVER, seed: [{ apiKey: KEY }], clock: { frozen: true } })
  const app = createMockApp(mock, { serverUrl: SERVER })

  it('routes each path to its part: the documents, the inspector, the control API, the service', async () => {
    const service = await app.fetch(new Request(`${SERVER}/openapi.json`))
    expect(service.status).toBe(200)
    expect((await service.json()).servers).toContainEqual(expect.objectContaining({ url: SERVER }))
    expect((await app.fetch(new Request(`${SERVER}/__mock/openapi.json`))).status).toBe(200)
    const folder = await app.fetch(new Request(`${SERVER}/__mock/ui`, { redirect: 'manual' }))
    expect([folder.status, folder.headers.get('location')]).toEqual([308, '/__mock/ui/'])
    expect((await app.fetch(new Request(`${SERVER}/__mock/ui/`))).headers.get('content-type')).toMatch(/text\/html/)
    expect((await app.fetch(new Request(`${SERVER}/__mock/ui/nope.js`))).status).toBe(404)
    expect(await (await app.fetch(new Request(`${SERVER}/__mock/clock`))).json()).toMatchObject({ frozen: true })
    const stores = await app.fetch(
      new Request(`${SERVER}${GATEWAY_PATHS.listStores}`, { method: 'POST', headers: { [HEADERS.apiKey]: KEY } }),
    )
    expect([stores.status, stores.headers.get(HEADERS.traceId)]).toEqual([404, expect.stringMatching(/^trc_/)])
  })

  it('answers CONNECT itself: 405, not a proxy', async () => {
    const answer = await app.handle(incoming('CONNECT', '/'))
    expect(answer).toMatchObject({ status: 405, headers: { Allow: 'GET, POST, PATCH, DELETE, OPTIONS' } })
    expect(answer !== NO_ANSWER && JSON.parse(String(answer.body))).toEqual({
      statusCode: 405,
      message: 'CONNECT is not served: this is not a proxy',
      error: 'Method Not Allowed',
    })
  })

  it('a method the Fetch API cannot carry (TRACE) is routed as any other: 405 with Allow on a known path', async () => {
    const answer = await app.handle(incoming('TRACE', GATEWAY_PATHS.listStores))
    expect(answer).toMatchObject({ status: 405, headers: { Allow: 'POST' } })
    expect(await app.handle(incoming('TRACE', '/__mock/faults'))).toMatchObject({
      status: 405,
      headers: { Allow: 'GET, POST, DELETE' },
    })
  })

  it('a body the reader refuses (over its limit) is 413 in the style of the path, before any part', async () => {
    const tooLarge = async (): Promise<ArrayBuffer> => {
      throw new RuleError(413, 'The body is larger than 10 bytes')
    }
    const logged = mock.requests.list().length
    const answer = await app.handle(incoming('POST', '/api/v1/auth/set-pin', {}, tooLarge))
    expect(answer !== NO_ANSWER && JSON.parse(String(answer.body))).toEqual({
      status_code: 413,
      message: 'The body is larger than 10 bytes',
      code: 'payload_too_large',
      data: null,
    })
    expect(mock.requests.list()).toHaveLength(logged)
  })
})

describe('the server steps before the parts', () => {
  const mock = createMockGateway({ baseUrl: SERVER, seed: [{ apiKey: KEY }] })
  const app = createMockApp(mock, { serverUrl: SERVER, guard: { ...GUARD, token: 'tok_0123456789' } })

  it('run in one named order', () => {
    expect(appSteps({ prefix: '', cors: true }).map((step) => step.name)).toEqual([
      'inspector polls',
      'CONNECT refused',
      'control guard',
      'CORS',
      'body',
      'CORS preflight',
    ])
  })

  it('the guard refuses a control request without the token, its body unread; not a service request', async () => {
    let read = false
    const body = async () => {
      read = true
      return new ArrayBuffer(0)
    }
    const refused = await app.handle(incoming('POST', '/__mock/reset', { Host: '127.0.0.1:4010' }, body))
    expect([refused !== NO_ANSWER && refused.status, read]).toEqual([401, false])
    expect(refused !== NO_ANSWER && refused.note?.()).toMatch(/needs the control token/)
    const host = await app.handle(incoming('GET', '/__mock/clock', { Host: 'evil.example' }))
    expect(host).toMatchObject({ status: 403 })
    const page = await app.handle(incoming('GET', '/__mock/ui/', { Host: 'localhost:4010' }))
    expect(page).toMatchObject({ status: 200 })
    const token = await app.handle(
      incoming('GET', '/__mock/clock', { Host: 'localhost', 'X-Mock-Token': 'tok_0123456789' }),
    )
    expect(token).toMatchObject({ status: 200 })
    const poll = { Host: 'localhost', 'X-Mock-Token': 'tok_0123456789', 'X-Mock-Inspector': 'poll' }
    expect(await app.handle(incoming('GET', '/__mock/version', poll))).toMatchObject({ status: 200, quiet: true })
    const refusedPoll = await app.handle(incoming('GET', '/__mock/version', { ...poll, 'X-Mock-Token': 'wrong-token' }))
    expect(refusedPoll).toMatchObject({ status: 401 })
    expect(refusedPoll !== NO_ANSWER && refusedPoll.quiet).toBeUndefined()
    const service = await app.handle(incoming('POST', GATEWAY_PATHS.listStores, { [HEADERS.apiKey]: KEY }))
    expect(service).toMatchObject({ status: 404, headers: { 'Access-Control-Allow-Origin': '*' } })
  })

  it('CORS: an allowed origin on the control API, any on the service; a preflight is 204', async () => {
    const headers = { Host: 'localhost:4010', Origin: 'http://localhost:5173', 'X-Mock-Token': 'tok_0123456789' }
    expect(await app.handle(incoming('GET', '/__mock/clock', headers))).toMatchObject({
      status: 200,
      headers: { 'Access-Control-Allow-Origin': 'http://localhost:5173', Vary: 'Origin' },
    })
    const preflight = await app.handle(
      incoming('OPTIONS', '/__mock/clock', {
        Host: 'localhost:4010',
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
      }),
    )
    expect(preflight).toMatchObject({
      status: 204,
      headers: { 'Access-Control-Allow-Origin': 'http://localhost:5173', 'Access-Control-Max-Age': '600' },
    })
    const plain = createMockApp(mock, { serverUrl: SERVER, cors: false })
    const answer = await plain.handle(incoming('POST', GATEWAY_PATHS.listStores, { [HEADERS.apiKey]: KEY }))
    expect(answer !== NO_ANSWER && answer.headers['Access-Control-Allow-Origin']).toBeUndefined()
  })
})

describe('an app mounted under a prefix', () => {
  const base = `${SERVER}/s/abc`
  const mock = createMockGateway({ baseUrl: base, seed: [{ apiKey: KEY }] })
  const app = createMockApp(mock, { serverUrl: base, prefix: '/s/abc' })
  const get = (path: string) => app.fetch(new Request(`${SERVER}${path}`, { redirect: 'manual' }))

  it('serves every part there: the service, the control API, the documents, the inspector', async () => {
    const stores = await app.fetch(
      new Request(`${base}${GATEWAY_PATHS.listStores}`, { method: 'POST', headers: { [HEADERS.apiKey]: KEY } }),
    )
    expect(stores.status).toBe(404)
    expect((await get('/s/abc/__mock/clock')).status).toBe(200)
    expect((await (await get('/s/abc/openapi.json')).json()).servers).toContainEqual(
      expect.objectContaining({ url: base }),
    )
    expect((await get('/s/abc/__mock/ui')).headers.get('location')).toBe('/s/abc/__mock/ui/')
    expect(await (await get('/s/abc/__mock/nowhere')).json()).toMatchObject({
      message: 'No control route GET /s/abc/__mock/nowhere; GET /s/abc/__mock lists them',
    })
  })

  it('answers nothing outside its prefix, nor through an encoded slash', async () => {
    for (const path of ['/__mock/clock', '/openapi.json', '/s/abc%2F__mock/clock', '/s/abcd/__mock/clock']) {
      expect((await get(path)).type, path).toBe('error')
    }
  })
})

describe("the documents name this server's real address", () => {
  const root = 'http://127.0.0.1:4610'
  /** Every server URL of a document: its own, each path's and each operation's. */
  async function serverUrls(app: ReturnType<typeof createMockApp>, url: string) {
    const document = (await (await app.fetch(new Request(url))).json()) as {
      servers: Array<{ url: string }>
      paths: Record<string, Record<string, { servers?: Array<{ url: string }> }>>
    }
    const inPaths = Object.values(document.paths).flatMap((path) =>
      Object.values(path).flatMap((operation) => operation.servers ?? []),
    )
    return { top: document.servers.map((s) => s.url), inPaths: [...new Set(inPaths.map((s) => s.url))] }
  }

  it("the control API's document names sessions under the server's real origin, at its root and in one", async () => {
    const atRoot = createMockApp(createMockGateway({ baseUrl: root }), { serverUrl: root })
    expect(await serverUrls(atRoot, `${root}/__mock/openapi.json`)).toEqual({
      top: [root, `${root}/s/{sessionId}`],
      inPaths: [root],
    })
    const base = `${root}/s/abc`
    const inSession = createMockApp(createMockGateway({ baseUrl: base }), { serverUrl: base, prefix: '/s/abc' })
    expect(await serverUrls(inSession, `${base}/__mock/openapi.json`)).toEqual({
      top: [base, `${root}/s/{sessionId}`],
      inPaths: [root],
    })
    const service = (await (await inSession.fetch(new Request(`${base}/openapi.json`))).json()) as {
      servers: Array<{ url: string }>
    }
    expect(service.servers.map((s) => s.url).filter((url) => url.includes('127.0.0.1'))).toEqual([base])
  })
})
