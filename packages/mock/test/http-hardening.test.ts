/**
 * The HTTP server answers every request, whatever it is, and guards its control API: methods the Fetch
 * API cannot carry, malformed percent-escapes, over-long targets, bodies over the limit while the client
 * is still sending them, and the control API's origin, host and token checks.
 */
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { afterEach, describe, expect, it } from 'vitest'
import {
  DEMO_MERCHANT,
  DRAIN_BYTES,
  MAX_BODY_BYTES,
  startMockServer,
  type MockServer,
  type MockServerOptions,
} from '../src/server.js'
import { controlTokenFor } from '../src/adapters/control-guard.js'
import { controlNotes } from '../src/cli/serve.js'
import { MONDAY } from './harness.js'

const open: MockServer[] = []
afterEach(async () => {
  while (open.length) await open.pop()!.close()
})

async function start(options: MockServerOptions = {}): Promise<MockServer> {
  const server = await startMockServer({
    port: 0,
    clock: { now: MONDAY, frozen: true },
    seed: [DEMO_MERCHANT],
    tickMs: 0,
    ...options,
  })
  open.push(server)
  return server
}

interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One request with node:http (any method, any header, a raw target). */
function send(
  server: MockServer,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, method, path, headers: options.headers }, (res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

/**
 * Writes a whole request on a raw socket (headers and `bodyBytes` of body, in chunks, as fast as the
 * socket takes them) while reading whatever comes back; resolves with the first status line seen and
 * whether the socket saw an error.
 */
function upload(
  server: MockServer,
  path: string,
  bodyBytes: number,
  extraHeaders = '',
): Promise<{ statusLine: string | undefined; error: string | undefined }> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1')
    let received = ''
    let error: string | undefined
    socket.on('data', (chunk) => (received += chunk.toString('latin1')))
    socket.on('error', (e) => (error = e.message))
    socket.on('close', () => resolve({ statusLine: /^HTTP\/1\.1 \d{3}[^\r]*/.exec(received)?.[0], error }))
    socket.on('connect', async () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ` +
          `application/json\r\nContent-Length: ${bodyBytes}\r\nConnection: close\r\n${extraHeaders}\r\n`,
      )
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      for (let sent = 0; sent < bodyBytes && !socket.destroyed; sent += chunk.length) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bodyBytes - sent))
        if (!socket.write(piece)) await new Promise((r) => socket.once('drain', r))
      }
      socket.end()
    })
  })
}

describe('every method gets an HTTP answer', () => {
  it.each(['TRACE'])(
    '%s on a gateway path is 405 with Allow; on an unknown path 404; on a control path 405 with its methods',
    async (method) => {
      const server = await start()
      const gateway = await send(server, method, GATEWAY_PATHS.listStores)
      expect(gateway.status).toBe(405)
      expect(gateway.headers.allow).toBe('POST')
      expect(JSON.parse(gateway.body)).toEqual({
        statusCode: 405,
        message: `${method} is not allowed on ${GATEWAY_PATHS.listStores}; use POST`,
        error: 'Method Not Allowed',
      })
      expect((await send(server, method, '/nowhere')).status).toBe(404)
      const control = await send(server, method, '/__mock/faults')
      expect([control.status, control.headers.allow]).toEqual([405, 'GET, POST, DELETE'])
      const pin = await send(server, method, '/api/v1/auth/set-pin')
      expect(JSON.parse(pin.body)).toMatchObject({ status_code: 405, code: 'method_not_allowed' })
    },
  )

  it('another method HTTP knows (PROPFIND) on a known path is 405 with Allow, not a dropped connection', async () => {
    const server = await start()
    const reply = await send(server, 'PROPFIND', GATEWAY_PATHS.payout)
    expect([reply.status, reply.headers.allow]).toEqual([405, 'POST'])
  })

  it("a method token HTTP's parser does not know (TRACK) is still answered: 400 from the parser", async () => {
    const server = await start()
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () =>
        socket.write('TRACK / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'),
      )
      let text = ''
      socket.on('data', (chunk) => (text += chunk.toString()))
      socket.on('close', () => resolve(text))
      socket.on('error', reject)
    })
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
  })

  it('CONNECT is answered 405 on the socket, then the connection closes', async () => {
    const server = await start()
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () =>
        socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'),
      )
      let text = ''
      socket.on('data', (chunk) => (text += chunk.toString()))
      socket.on('close', () => resolve(text))
      socket.on('error', reject)
    })
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/)
    expect(answer).toContain('"statusCode":405')
  })
})

describe('malformed and over-long targets are 4xx with a message', () => {
  it('a control path with a malformed percent-escape is 400 naming the segment, and changes nothing', async () => {
    const server = await start()
    for (const [method, path] of [
      ['GET', '/__mock/merchants/%ZZ'],
      ['POST', '/__mock/merchants/%E0%A4%A/stores'],
      ['DELETE', '/__mock/merchants/1/stores/%'],
    ] as const) {
      const reply = await send(server, method, path, {
        headers: { 'Content-Type': 'application/json' },
        body: method === 'POST' ? '{"storeName":"A","address":"B"}' : undefined,
      })
      expect(reply.status, path).toBe(400)
      expect(JSON.parse(reply.body).message).toMatch(/malformed percent-escape/)
    }
    expect((await server.mock.merchants.get(1)).name).toBe('Demo Merchant')
  })

  it('GET /qr/<10 000 characters>.png and a 9 000-character query are 414, not 500', async () => {
    const server = await start()
    const image = await send(server, 'GET', `/qr/${'A'.repeat(10_000)}.png`)
    expect(image.status).toBe(414)
    expect(JSON.parse(image.body)).toEqual({
      statusCode: 414,
      message: 'The request target is longer than 8192 characters',
      error: 'URI Too Long',
    })
    const detail = await send(
      server,
      'GET',
      `${GATEWAY_PATHS.transactionDetail}?transaction_id=1&pad=${'x'.repeat(9000)}`,
      { headers: { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey } },
    )
    expect(detail.status).toBe(414)
  })
})

describe('a body over the limit: the client gets the 413 whatever it is still sending', () => {
  it(
    `3 MiB and 10 MiB uploads written in full receive 413 (the rest is ` + `drained), with no connection error`,
    async () => {
      const server = await start()
      for (const size of [3 * 1024 * 1024, 10 * 1024 * 1024]) {
        const outcome = await upload(server, '/__mock/merchants', size)
        expect(outcome, `${size} bytes`).toEqual({ statusLine: 'HTTP/1.1 413 Payload Too Large', error: undefined })
      }
      expect((await send(server, 'GET', '/__mock/clock')).status).toBe(200)
    },
  )

  it('20 oversized uploads at once are all answered 413', async () => {
    const server = await start()
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => upload(server, GATEWAY_PATHS.createOrder, 2 * 1024 * 1024)),
    )
    expect(outcomes.map((o) => o.statusLine)).toEqual(Array(20).fill('HTTP/1.1 413 Payload Too Large'))
  })

  it('after an oversized body the same connection serves the next request (keep-alive)', async () => {
    const server = await start()
    const agent = new (await import('node:http')).Agent({ keepAlive: true, maxSockets: 1 })
    const post = (body: string) =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: server.port,
            method: 'POST',
            path: '/__mock/settle',
            agent,
            headers: { 'Content-Type': 'application/json' },
          },
          (res) => {
            res.resume().on('end', () => resolve({ status: res.statusCode!, socket: req.socket }))
          },
        )
        req.on('error', reject)
        req.end(body)
      })
    const first = await post('x'.repeat(MAX_BODY_BYTES + 10))
    const second = await post('{}')
    expect([first.status, second.status]).toEqual([413, 200])
    expect(second.socket).toBe(first.socket)
    agent.destroy()
  })

  it('Expect: 100-continue with a declared body over the limit is 413 before the body is sent', async () => {
    const server = await start()
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () =>
        socket.write(
          `POST /__mock/merchants HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ` +
            `${50 * 1024 * 1024}\r\nExpect: 100-continue\r\n\r\n`,
        ),
      )
      let text = ''
      socket.on('data', (chunk) => {
        text += chunk.toString()
        if (text.includes('\r\n\r\n')) socket.destroy()
      })
      socket.on('close', () => resolve(text))
      socket.on('error', reject)
    })
    expect(answer).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/)
  })

  it(
    'the drain is bounded: an upload past the limit plus the drain bound is ' +
      'cut before it ends, and the server serves on',
    async () => {
      const server = await start()
      const outcome = await upload(server, '/__mock/merchants', MAX_BODY_BYTES + DRAIN_BYTES + 16 * 1024 * 1024)
      expect(outcome.error).toMatch(/EPIPE|ECONNRESET/)
      expect((await send(server, 'GET', '/__mock/clock')).status).toBe(200)
    },
  )
})

describe('the control API on a developer machine: origins, hosts, token', () => {
  it(
    'a page of another origin cannot drive or read the control API: 403 ' + 'before anything runs, and no CORS grant',
    async () => {
      const server = await start()
      const reset = await send(server, 'POST', '/__mock/merchants', {
        headers: { Origin: 'https://evil.example', 'Content-Type': 'text/plain' },
        body: '{"name":"Mallory"}',
      })
      expect(reset.status).toBe(403)
      expect(reset.headers['access-control-allow-origin']).toBeUndefined()
      expect(JSON.parse(reset.body).message).toMatch(
        /Origin https:\/\/evil\.example may not use the control API; allow it with --allow-origin/,
      )
      const otp = await send(server, 'GET', '/__mock/otp', { headers: { Origin: 'http://localhost:5173' } })
      expect(otp.status).toBe(403)
      const preflight = await send(server, 'OPTIONS', '/__mock/reset', {
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      })
      expect(preflight.status).toBe(403)
      await expect(server.mock.merchants.get(2)).rejects.toMatchObject({ status: 404 })
    },
  )

  it(
    'an allowed origin gets its own origin back (not *), preflights ' +
      "included; the server's own pages are always allowed",
    async () => {
      const server = await start({ allowedOrigins: ['http://localhost:5173'] })
      const read = await send(server, 'GET', '/__mock/clock', { headers: { Origin: 'http://localhost:5173' } })
      expect([read.status, read.headers['access-control-allow-origin'], read.headers.vary]).toEqual([
        200,
        'http://localhost:5173',
        'Origin',
      ])
      const preflight = await send(server, 'OPTIONS', '/__mock/reset', {
        headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
      })
      expect(preflight.status).toBe(204)
      const own = await send(server, 'POST', '/__mock/settle', {
        headers: { Origin: `http://127.0.0.1:${server.port}` },
      })
      expect(own.status).toBe(200)
    },
  )

  it('service routes stay callable from a browser app on another origin (CORS *)', async () => {
    const server = await start()
    const stores = await send(server, 'POST', GATEWAY_PATHS.listStores, {
      headers: { Origin: 'http://localhost:5173', [HEADERS.apiKey]: DEMO_MERCHANT.apiKey },
    })
    expect([stores.status, stores.headers['access-control-allow-origin']]).toEqual([200, '*'])
  })

  it(
    'a Host that is not loopback or the bound address (DNS rebinding) is ' +
      '403 on the control API; allowedHosts admits one',
    async () => {
      const server = await start()
      const rebound = await send(server, 'GET', '/__mock/otp', { headers: { Host: `attacker.example:${server.port}` } })
      expect(rebound.status).toBe(403)
      expect(JSON.parse(rebound.body).message).toMatch(
        /Host "attacker\.example:\d+" is not allowed for the control API/,
      )
      for (const host of [
        `localhost:${server.port}`,
        `127.0.0.1:${server.port}`,
        `[::1]:${server.port}`,
        `app.localhost:${server.port}`,
      ]) {
        expect((await send(server, 'GET', '/__mock/clock', { headers: { Host: host } })).status, host).toBe(200)
      }
      const named = await start({ allowedHosts: ['mock.test'] })
      expect((await send(named, 'GET', '/__mock/clock', { headers: { Host: 'mock.test:4010' } })).status).toBe(200)
    },
  )

  it('with a control token, control requests need it (Bearer or X-Mock-Token); service routes do not', async () => {
    const server = await start({ controlToken: 'tok_0123456789' })
    expect(server.controlToken).toBe('tok_0123456789')
    expect((await send(server, 'GET', '/__mock/clock')).status).toBe(401)
    expect(
      (await send(server, 'GET', '/__mock/clock', { headers: { Authorization: 'Bearer wrong_token' } })).status,
    ).toBe(401)
    expect(
      (await send(server, 'GET', '/__mock/clock', { headers: { Authorization: 'Bearer tok_0123456789' } })).status,
    ).toBe(200)
    expect((await send(server, 'GET', '/__mock/clock', { headers: { 'X-Mock-Token': 'tok_0123456789' } })).status).toBe(
      200,
    )
    expect(
      (await send(server, 'POST', GATEWAY_PATHS.listStores, { headers: { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey } }))
        .status,
    ).toBe(200)
    await expect(start({ controlToken: 'short' })).rejects.toThrow(/controlToken must be 8 to 200/)
  })

  it('off loopback a control token is made up when none is given (and printed with a warning by the CLI)', () => {
    // Decided without binding: tests only ever listen on 127.0.0.1.
    expect(controlTokenFor('127.0.0.1', undefined)).toBeUndefined()
    expect(controlTokenFor('::1', undefined)).toBeUndefined()
    expect(controlTokenFor('localhost', undefined)).toBeUndefined()
    const made = controlTokenFor('0.0.0.0', undefined)
    expect(made).toMatch(/^[\w-]{24}$/)
    expect(controlTokenFor('192.168.1.20', undefined)).not.toBe(made)
    expect(controlTokenFor('0.0.0.0', 'tok_given_123')).toBe('tok_given_123')
    expect(
      controlNotes({ host: '0.0.0.0', allowOrigins: [], controlToken: undefined }, { controlToken: made }),
    ).toEqual([
      'WARNING: listening on 0.0.0.0, reachable from other machines; the ' +
        'control API (API secrets, one-time codes) needs this token:',
      `  control token  ${made}   (Authorization: Bearer <token>)`,
    ])
    expect(
      controlNotes(
        { host: '127.0.0.1', allowOrigins: ['http://localhost:5173'], controlToken: undefined },
        { controlToken: undefined },
      ),
    ).toEqual(['  browser pages of http://localhost:5173 may use it'])
  })
})

describe('the inspector page under the control API guard', () => {
  it(
    'its files load without the control token (they hold no state) but still pass the Host check; ' +
      'every control call it makes needs the token',
    async () => {
      const server = await start({ controlToken: 'inspector-secret' })
      const page = await send(server, 'GET', '/__mock/ui/')
      expect([page.status, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8'])
      expect((await send(server, 'GET', '/__mock/ui/app.js')).status).toBe(200)
      expect((await send(server, 'GET', '/__mock/ui/secrets.json')).status).toBe(404)
      const rebound = await send(server, 'GET', '/__mock/ui/', { headers: { Host: `attacker.example:${server.port}` } })
      expect(rebound.status).toBe(403)
      expect((await send(server, 'GET', '/__mock/snapshot')).status).toBe(401)
      const authorized = await send(server, 'GET', '/__mock/snapshot', {
        headers: { Authorization: 'Bearer inspector-secret' },
      })
      expect(authorized.status).toBe(200)
      expect(JSON.parse(authorized.body).merchants[0].apiKey).toBe(DEMO_MERCHANT.apiKey)
    },
  )
})
