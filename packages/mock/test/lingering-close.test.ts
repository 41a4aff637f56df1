/**
 * @module lingering-close.test
 * A body the server does not read must not cost the client its answer. A client may still be sending a
 * body when the server has already answered (413 for a body over the limit, a refusal of the control API's
 * guard, the bytes after a request that Node's parser refuses). Closing at once would reset the connection
 * under the upload, and most clients then report the reset, not the answer. So the server reads and drops
 * what is still coming, up to a bound of bytes and of time, and only then closes.
 *
 * The uploads here are written by hand on a raw socket, in small pieces spaced by timers, so the answer
 * comes while the client is still sending; the socket may send after the server's FIN (allowHalfOpen), as a
 * client that does not watch its connection while uploading would.
 */
import { Agent, request as httpRequest } from 'node:http'
import { connect, type Socket } from 'node:net'
import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { afterEach, describe, expect, it } from 'vitest'
import {
  DEMO_MERCHANT,
  MAX_BODY_BYTES,
  startMockServer,
  type MockServer,
  type MockServerOptions,
} from '../src/server.js'
import { MONDAY } from './harness.js'

const open: MockServer[] = []
afterEach(async () => {
  while (open.length) await open.pop()!.close()
})

async function start(options: MockServerOptions = {}): Promise<MockServer> {
  const server = await startMockServer({
    port: 0,
    host: '127.0.0.1',
    clock: { now: MONDAY, frozen: true },
    seed: [DEMO_MERCHANT],
    tickMs: 0,
    ...options,
  })
  open.push(server)
  return server
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The first answer on a connection, once all of it (head and `Content-Length` body) has arrived. */
interface Answer {
  statusLine: string
  headers: Record<string, string>
  body: string
}

/** What a raw exchange saw. */
interface Exchange {
  /** The first answer, when it arrived whole. */
  answer: Answer | undefined
  /** The socket's error (EPIPE, ECONNRESET), if one came. */
  error: string | undefined
  /** Whether the first answer was whole when the error came (true when no error came). */
  answeredBeforeError: boolean
  /** Whether every byte of the body was written before the connection ended. */
  sentAll: boolean
  /** Whether the server ended the connection before the test's deadline (the test never had to). */
  closedByServer: boolean
}

/** Parses the first answer out of what came so far; undefined while part of it is missing. */
function firstAnswer(received: Buffer, bodyless: boolean): Answer | undefined {
  const end = received.indexOf('\r\n\r\n')
  if (end === -1) return undefined
  const [statusLine = '', ...lines] = received.subarray(0, end).toString('latin1').split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const length = bodyless ? 0 : Number(headers['content-length'] ?? 0)
  if (received.length < end + 4 + length) return undefined
  return { statusLine, headers, body: received.subarray(end + 4, end + 4 + length).toString('utf8') }
}

/**
 * How long the test waits for the server to close a connection before it closes it itself (and the case
 * fails). Generous: on a busy machine an upload of a few MiB in timed pieces takes seconds; the bounds a case
 * makes small are fractions of a second, and those it leaves large (a minute) stay above it.
 */
const DEADLINE_MS = 30_000

/**
 * Sends `head` (request line and headers, with their blank line), then `bodyBytes` of body in pieces of
 * `pieceBytes` spaced by `gapMs` (chunked framing when `chunked`), then half-closes; reads everything
 * that comes back. Gives up (and destroys the socket itself) after `deadlineMs`.
 */
function exchange(
  server: MockServer,
  head: string,
  body: { bytes: number; pieceBytes: number; gapMs: number; chunked?: boolean; bodyless?: boolean },
  deadlineMs = DEADLINE_MS,
): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket: Socket = connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: true })
    let received = Buffer.alloc(0)
    let answer: Answer | undefined
    let error: string | undefined
    let answeredBeforeError = true
    let sentAll = false
    let closedByServer = true
    const deadline = setTimeout(() => {
      closedByServer = false
      socket.destroy()
    }, deadlineMs)
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      answer ??= firstAnswer(received, body.bodyless ?? false)
    })
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error ??= e.code ?? e.message
      if (!answer) answeredBeforeError = false
    })
    socket.on('close', () => {
      clearTimeout(deadline)
      resolve({ answer, error, answeredBeforeError, sentAll, closedByServer })
    })
    socket.on('connect', async () => {
      socket.write(head)
      const piece = Buffer.alloc(body.pieceBytes, 0x7b)
      for (let sent = 0; sent < body.bytes; sent += piece.length) {
        await sleep(body.gapMs)
        if (socket.destroyed) return
        const part = piece.subarray(0, Math.min(piece.length, body.bytes - sent))
        const framed = body.chunked ? [`${part.length.toString(16)}\r\n`, part, '\r\n'] : [part]
        let flushed = true
        for (const bit of framed) flushed = socket.write(bit) && flushed
        if (!flushed) await new Promise((r) => socket.once('drain', r))
      }
      if (socket.destroyed) return
      if (body.chunked) socket.write('0\r\n\r\n')
      sentAll = true
      socket.end()
    })
  })
}

/** A request head with a declared (or chunked) body; `Connection: close` unless told otherwise. */
function headOf(
  method: string,
  path: string,
  body: { length?: number; chunked?: boolean },
  extra: Record<string, string> = {},
): string {
  const headers: Record<string, string> = {
    Host: '127.0.0.1',
    'Content-Type': 'application/json',
    Connection: 'close',
    ...(body.chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(body.length) }),
    ...extra,
  }
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
  return `${method} ${path} HTTP/1.1\r\n${lines.join('')}\r\n`
}

/** A GET with node:http's client, which sends a body on a GET without Content-Length; the error's code if any. */
function get(
  server: MockServer,
  path: string,
  body?: Buffer,
  agent?: Agent,
): Promise<{ status: number; body: string; connection: string | undefined } | string> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, method: 'GET', path, agent }, (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, body: text, connection: res.headers.connection }))
    })
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    req.end(body)
  })
}

const OVER = MAX_BODY_BYTES + 64 * 1024
/** Small writes spaced by timers: the answer comes long before the last of them. */
const SLOW = { pieceBytes: 32 * 1024, gapMs: 2 }

function expect413(outcome: Exchange, label: string, bodyless = false): void {
  expect(outcome.answer?.statusLine, label).toBe('HTTP/1.1 413 Payload Too Large')
  if (!bodyless) expect(JSON.parse(outcome.answer!.body).message, label).toMatch(/larger than 1048576 bytes/)
  expect({ error: outcome.error, sentAll: outcome.sentAll, closedByServer: outcome.closedByServer }, label).toEqual({
    error: undefined,
    sentAll: true,
    closedByServer: true,
  })
}

describe('a body over the limit is 413 whatever the method and route, and the client reads all of it', () => {
  it(
    'GET, HEAD, DELETE, OPTIONS, TRACE, POST and PATCH with a declared body over the limit, on a service ' +
      'route, a control route, an inspector file, /openapi.json and an unknown path: 413 read whole while the ' +
      'client still sends, then the rest is read to its end (no EPIPE or ECONNRESET)',
    async () => {
      const server = await start()
      const methods = ['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'POST', 'PATCH']
      const paths = [GATEWAY_PATHS.createOrder, '/__mock/clock', '/__mock/ui/app.js', '/openapi.json', '/nowhere']
      const cases = methods.flatMap((method) => paths.map((path) => ({ method, path })))
      const outcomes = await Promise.all(
        cases.map(({ method, path }) =>
          exchange(server, headOf(method, path, { length: OVER }), {
            bytes: OVER,
            pieceBytes: 128 * 1024,
            gapMs: 2,
            bodyless: method === 'HEAD',
          }),
        ),
      )
      for (const [i, { method, path }] of cases.entries()) {
        expect413(outcomes[i]!, `${method} ${path}`, method === 'HEAD')
      }
    },
  )

  it('GET /__mock/otp with a 3 MiB body written slowly is 413, answered whole before the upload ends', async () => {
    const server = await start()
    const bytes = 3 * 1024 * 1024
    const outcome = await exchange(server, headOf('GET', '/__mock/otp', { length: bytes }), { bytes, ...SLOW })
    expect413(outcome, 'GET /__mock/otp')
  })

  it('a chunked body over the limit, sent slowly, is 413 on a GET as on a POST, read to its last chunk', async () => {
    const server = await start()
    const outcomes = await Promise.all(
      ['GET', 'POST'].map((method) =>
        exchange(server, headOf(method, '/__mock/otp', { chunked: true }), { bytes: 2 * OVER, ...SLOW, chunked: true }),
      ),
    )
    expect413(outcomes[0]!, 'GET chunked')
    expect413(outcomes[1]!, 'POST chunked')
  })

  it('a body under the limit on a GET is read and ignored: the route answers as without it', async () => {
    const server = await start()
    const bytes = 200 * 1024
    const outcome = await exchange(server, headOf('GET', '/__mock/clock', { length: bytes }), { bytes, ...SLOW })
    expect(outcome.answer?.statusLine).toBe('HTTP/1.1 200 OK')
    expect(JSON.parse(outcome.answer!.body)).toMatchObject({ now: MONDAY })
    expect([outcome.error, outcome.sentAll]).toEqual([undefined, true])
  })
})

describe('an answer given before the body was read: the server reads on, then closes', () => {
  it(
    'a control request refused for its Host (403) while its body is still being sent: the client reads the ' +
      'whole refusal and sends its whole body without a reset',
    async () => {
      const server = await start()
      const bytes = 600 * 1024
      const head = headOf('POST', '/__mock/merchants', { length: bytes }, { Host: `attacker.example:${server.port}` })
      const outcome = await exchange(server, head, { bytes, ...SLOW })
      expect(outcome.answer?.statusLine).toBe('HTTP/1.1 403 Forbidden')
      expect(JSON.parse(outcome.answer!.body).message).toMatch(/attacker\.example/)
      expect([outcome.error, outcome.sentAll, outcome.closedByServer]).toEqual([undefined, true, true])
      await expect(server.mock.merchants.get(2)).rejects.toMatchObject({ status: 404 })
    },
  )

  it(
    'Expect: 100-continue refused 413, and a client that sends the body anyway: it is read to its end, ' +
      'no reset, and the connection then closes',
    async () => {
      const server = await start()
      const bytes = 3 * 1024 * 1024
      const head = headOf('POST', '/__mock/merchants', { length: bytes }, { Expect: '100-continue' })
      const outcome = await exchange(server, head, { bytes, ...SLOW })
      expect(outcome.answer?.statusLine).toBe('HTTP/1.1 413 Payload Too Large')
      expect(outcome.answer?.headers.connection).toBe('close')
      expect([outcome.error, outcome.sentAll, outcome.closedByServer]).toEqual([undefined, true, true])
    },
  )

  it(
    "a GET whose body is sent without Content-Length (as Node's http client sends one) gets the route's " +
      'answer whole: the bytes after the request are refused and read until the client stops',
    async () => {
      const server = await start()
      // The first of the body's bytes come with the request: the parser refuses them before the answer.
      const head = `GET /__mock/otp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n${'{'.repeat(1024)}`
      const outcome = await exchange(server, head, { bytes: 3 * 1024 * 1024, ...SLOW })
      expect(outcome.answer?.statusLine).toBe('HTTP/1.1 200 OK')
      expect(outcome.answer?.headers.connection).toBe('close')
      expect(JSON.parse(outcome.answer!.body)).toEqual([])
      expect([outcome.error, outcome.sentAll, outcome.closedByServer]).toEqual([undefined, true, true])
    },
  )

  it(
    'bytes that are not HTTP at all get the 400 Node gives them, and are then read until the client stops ' +
      '(no reset under the client still sending)',
    async () => {
      const server = await start()
      const outcome = await exchange(server, '{'.repeat(1024), { bytes: 2 * 1024 * 1024, ...SLOW })
      expect(outcome.answer?.statusLine).toBe('HTTP/1.1 400 Bad Request')
      expect([outcome.error, outcome.sentAll, outcome.closedByServer]).toEqual([undefined, true, true])
    },
  )

  it("node:http's own client sending GET /__mock/otp with a 3 MiB body reads the 200 answer, no reset", async () => {
    const server = await start()
    expect(await get(server, '/__mock/otp', Buffer.alloc(3 * 1024 * 1024, 0x7b))).toMatchObject({
      status: 200,
      body: '[]',
    })
  })

  it(
    'the answer to a request followed by bytes the parser refused says Connection: close, so a keep-alive ' +
      "client sends its next request on a new connection, where it is answered (not a 'socket hang up')",
    async () => {
      const server = await start()
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      const first = await get(server, '/__mock/otp', Buffer.alloc(256 * 1024, 0x7b), agent)
      const second = await get(server, '/__mock/clock', undefined, agent)
      agent.destroy()
      expect(first).toMatchObject({ status: 200, connection: 'close' })
      expect(second).toMatchObject({ status: 200 })
    },
  )
})

describe('the lingering is bounded: a client that never stops is cut', () => {
  // Each case makes one bound small (so that it ends in a fraction of a second; the defaults are seconds)
  // and the others larger than the test's own deadline, so that it is that bound which cuts.
  const large = { bytes: 1024 * 1024 * 1024, timeMs: 60_000, idleMs: 60_000 }

  it('past the byte bound: an endless upload after its 413 is cut, and the server serves on', async () => {
    const server = await start({ linger: { ...large, bytes: 256 * 1024 } })
    const bytes = 1024 * 1024 * 1024
    const head = headOf('POST', '/__mock/merchants', { length: bytes }, { Connection: 'keep-alive' })
    const outcome = await exchange(server, head, { bytes, pieceBytes: 64 * 1024, gapMs: 0 })
    expect(outcome.answer?.statusLine).toBe('HTTP/1.1 413 Payload Too Large')
    expect([outcome.sentAll, outcome.closedByServer]).toEqual([false, true])
    const after = await fetch(`${server.url}/__mock/clock`)
    expect(after.status).toBe(200)
  })

  it(
    'past the time bound: a slow-loris trickling a body after its refusal (never idle long enough to be ' +
      'cut for it) is cut, having read the refusal whole',
    async () => {
      const server = await start({ linger: { ...large, timeMs: 600 } })
      const bytes = 10 * 1024 * 1024
      const head = headOf('POST', '/__mock/merchants', { length: bytes }, { Host: `attacker.example:${server.port}` })
      const outcome = await exchange(server, head, { bytes, pieceBytes: 100, gapMs: 50 })
      expect(outcome.answer?.statusLine).toBe('HTTP/1.1 403 Forbidden')
      expect([outcome.answeredBeforeError, outcome.sentAll, outcome.closedByServer]).toEqual([true, false, true])
    },
  )

  it('past the idle bound: a client that stops sending in the middle of its body is closed', async () => {
    const server = await start({ linger: { ...large, idleMs: 400 } })
    const head = headOf(
      'POST',
      '/__mock/merchants',
      { length: 1024 * 1024 },
      { Host: `attacker.example:${server.port}` },
    )
    const outcome = await new Promise<{ answer: Answer | undefined; closedByServer: boolean }>((resolve) => {
      const socket = connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: true })
      let received = Buffer.alloc(0)
      let closedByServer = true
      const deadline = setTimeout(() => {
        closedByServer = false
        socket.destroy()
      }, DEADLINE_MS)
      socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])))
      // The server's FIN: it has closed; this side closes too (it would have nothing more to send anyway).
      socket.on('end', () => socket.end())
      socket.on('error', () => undefined)
      socket.on('close', () => {
        clearTimeout(deadline)
        resolve({ answer: firstAnswer(received, false), closedByServer })
      })
      socket.on('connect', () => socket.write(`${head}${'{'.repeat(1024)}`))
    })
    expect(outcome.answer?.statusLine).toBe('HTTP/1.1 403 Forbidden')
    expect(outcome.closedByServer).toBe(true)
  })
})
