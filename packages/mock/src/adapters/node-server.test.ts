/**
 * @module node-server.test
 * The Node adapter's reading of a request body, on a real server: a body sent in pieces is read whole, and a
 * client that goes before its body ended gets no answer and one `aborted` line, while the server goes on
 * serving. (The body over the limit and the lingering close have their own suites under test/.)
 */
import { connect } from 'node:net'
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEMO_MERCHANT, startMockServer, type MockServer } from '../server.js'

const open: MockServer[] = []
afterEach(async () => {
  while (open.length) await open.pop()!.close()
})

async function start(lines: string[]): Promise<MockServer> {
  const server = await startMockServer({
    port: 0,
    clock: { now: '2026-11-02T09:00:00Z', frozen: true },
    seed: [DEMO_MERCHANT],
    log: (line) => lines.push(line),
  })
  open.push(server)
  return server
}

const listStores = (server: MockServer) =>
  fetch(`${server.url}${GATEWAY_PATHS.listStores}`, {
    method: 'POST',
    headers: { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey },
  })

/** The head of a create order that says its body is `length` bytes long. */
function head(server: MockServer, length: number): string {
  return (
    `POST ${GATEWAY_PATHS.createOrder} HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\n` +
    `${HEADERS.apiKey}: ${DEMO_MERCHANT.apiKey}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`
  )
}

describe('the Node adapter reading a body', () => {
  it('reads a body sent in pieces whole, and answers it once it ended', async () => {
    const lines: string[] = []
    const server = await start(lines)
    const body = JSON.stringify({ storeId: 101, amount: 12.5, currency: 'USD' })
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1')
    let received = ''
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      received += chunk
    })
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(head(server, Buffer.byteLength(body)) + body.slice(0, 10))
    // The server has the request's head once it answers a request sent after it on another connection.
    expect((await listStores(server)).status).toBe(200)
    socket.end(body.slice(10))
    await new Promise((resolve) => socket.once('close', resolve))
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toMatchObject({ order_id: '1001' })
    expect(lines).toEqual([
      expect.stringMatching(/^POST \/api\/v1\/payment-gateway\/stores\/list 200 /),
      expect.stringMatching(/^POST \/api\/v1\/payment-gateway\/order\/create 200 /),
    ])
    expect(server.mock.orders.get(1001)).toMatchObject({ amount: 12.5, currency: 'USD' })
  })

  it('answers nothing to a client that went before its body ended, logs it aborted, and serves the next', async () => {
    const lines: string[] = []
    const server = await start(lines)
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1')
    let received = ''
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      received += chunk
    })
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(`${head(server, 100)}{"storeId":`)
    // The server has the request's head once it answers a request sent after it on another connection.
    expect((await listStores(server)).status).toBe(200)
    socket.destroy()
    await vi.waitFor(() => expect(lines).toHaveLength(2))
    expect(lines[1]).toMatch(
      /^POST \/api\/v1\/payment-gateway\/order\/create aborted \d+\.\d ms the connection closed before the body ended$/,
    )
    expect(received).toBe('')
    expect(server.mock.requests.list().map((entry) => entry.path)).toEqual([GATEWAY_PATHS.listStores])
    expect((await listStores(server)).status).toBe(200)
  })
})
