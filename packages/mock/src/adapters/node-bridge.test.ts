/**
 * @module adapters/node-bridge.test
 * A request target is read as the URL parser reads it, whether or not the server parses it: a plain target is
 * taken as written, anything else is parsed, and the two never disagree. An answer goes on the wire with its
 * headers in its order and one Content-Length, the body's exact length in bytes.
 */
import { createServer } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Answer } from '../http/answer.js'
import { pathAndQuery, pathnameOf, writeAnswer } from './node-bridge.js'

const BASE = 'http://target.invalid'
/** What a reading gives, or that it throws (`//` alone is no URL: the parser and the reading both refuse it). */
const outcome = (read: () => string) => {
  try {
    return read()
  } catch {
    return 'throws'
  }
}
const parsed = (target: string) =>
  outcome(() => {
    const { pathname, search } = new URL(target, BASE)
    return `${pathname}${search}`
  })
const parsedPathname = (target: string) => {
  try {
    return new URL(target, BASE).pathname
  } catch {
    return '/'
  }
}

/** Targets from pieces a client may send, plain or not: dot segments, escapes, backslashes, a fragment, `//`. */
const PIECES = ['/', 'api', 'v1', 'a-b_c', '..', '.', '%2e', '%2F', '%', '\\', '?', '&', '=', '#', "'", '"', ' ', '<']
const target = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary-ascii', maxLength: 3 })), { maxLength: 12 })
  .map((pieces) => `/${pieces.join('')}`)

describe('a request target is read as the URL parser reads it', () => {
  it('a plain path and query are taken as written; dots, escapes, backslashes and `//` as parsed', () => {
    for (const written of [
      '/api/v1/payment-gateway/stores/list',
      '/api/v1/payment-gateway/transactions?orderId=1001&x=a%20b',
      '/api/v1/x?',
      '/a/../b',
      '/a/%2e%2E/b?c',
      '/a\\b',
      '//evil.example/x?y',
      '/a b?c d',
      "/a?b'c",
      '/a#frag',
      '/a?b#frag',
      'http://other.example/a/./b?c',
    ]) {
      expect(
        outcome(() => pathAndQuery(written)),
        written,
      ).toBe(parsed(written))
      expect(pathnameOf(written), written).toBe(parsedPathname(written))
    }
  })

  it('any target: the same path and query as `new URL` gives (property)', () => {
    fc.assert(
      fc.property(target, (written) => {
        expect(outcome(() => pathAndQuery(written))).toBe(parsed(written))
        expect(pathnameOf(written)).toBe(parsedPathname(written))
      }),
      { numRuns: 2_000 },
    )
  })
})

/** The head of the answer `writeAnswer` sends for `answer`, as bytes on the wire (status line and headers). */
async function headOnTheWire(answer: Answer): Promise<string[]> {
  const server = createServer((_req, res) => writeAnswer(res, answer))
  server.keepAliveTimeout = 1
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as AddressInfo
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.end('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      )
      let text = ''
      socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk))
      socket.on('end', () => resolve(text)).on('error', reject)
    })
    return raw
      .slice(0, raw.indexOf('\r\n\r\n'))
      .split('\r\n')
      .filter((line) => !line.startsWith('Date: '))
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
}

describe('an answer on the wire', () => {
  it("keeps its headers' order and ends them with the body's exact length in bytes", async () => {
    const head = await headOnTheWire({
      status: 200,
      headers: { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json', 'X-Trace-Id': 'trc_1' },
      body: '{"name":"Café"}',
    })
    expect(head).toEqual([
      'HTTP/1.1 200 OK',
      'Access-Control-Allow-Origin: *',
      'Content-Type: application/json',
      'X-Trace-Id: trc_1',
      'Content-Length: 16',
      'Connection: close',
    ])
  })

  it('an answer naming Content-Length (a QR image) keeps it in its place, once, with the exact length', async () => {
    const head = await headOnTheWire({
      status: 200,
      headers: { 'Content-Type': 'image/png', 'Content-Length': '999', 'Cache-Control': 'max-age=60' },
      body: new Uint8Array([137, 80, 78, 71]),
    })
    expect(head).toEqual([
      'HTTP/1.1 200 OK',
      'Content-Type: image/png',
      'Content-Length: 4',
      'Cache-Control: max-age=60',
      'Connection: close',
    ])
  })
})
