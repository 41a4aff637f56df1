/**
 * How long the server keeps an idle kept-alive connection. A client's pool (Playwright's request context, Node's
 * `http.Agent` with `keepAlive`, which both ignore the server's `Keep-Alive: timeout=` hint) reuses an idle socket
 * for as long as it likes: when the server closes it first, a request sent on it at that moment fails with
 * ECONNRESET. So the server keeps idle connections longer than clients keep them (65 s by default, as load balancers
 * and payment services commonly do), says so in `Keep-Alive`, and `close()` still ends them at once.
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http'
import type { Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_KEEP_ALIVE_SECONDS, startMockServer, type MockServer, type MockServerOptions } from '../src/server.js'

const open: Array<{ close(): Promise<void> | void }> = []
afterEach(async () => {
  while (open.length) await open.pop()!.close()
})

async function start(options: MockServerOptions = {}): Promise<MockServer> {
  const server = await startMockServer({ port: 0, tickMs: 0, ...options })
  open.push(server)
  return server
}

/** A keep-alive pool as Playwright's request context makes one: no timeout of its own, the server's hint unread. */
function pool(): Agent {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  open.push({ close: () => agent.destroy() })
  return agent
}

/** `GET /__mock/clock` through `agent`: the answer's headers and the socket it came on, left in the pool. */
function get(server: MockServer, agent: Agent): Promise<{ headers: IncomingHttpHeaders; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: '/__mock/clock', agent }, (res) => {
      res.resume().on('end', () => resolve({ headers: res.headers, socket: req.socket! }))
    })
    req.on('error', reject).end()
  })
}

describe('an idle kept-alive connection outlasts the pools of the clients that reuse it', () => {
  it('is kept 65 s by default, and the answer says so (Keep-Alive: timeout=65)', async () => {
    expect(DEFAULT_KEEP_ALIVE_SECONDS).toBe(65)
    const { headers } = await get(await start(), pool())
    expect(headers.connection).toBe('keep-alive')
    expect(headers['keep-alive']).toBe('timeout=65')
  })

  it('keepAliveSeconds sets how long, and the Keep-Alive header follows it', async () => {
    const { headers } = await get(await start({ keepAliveSeconds: 120 }), pool())
    expect(headers['keep-alive']).toBe('timeout=120')
  })

  it('a keepAliveSeconds that is not a whole number from 1 to 86400 is refused before anything starts', async () => {
    for (const keepAliveSeconds of [0, -1, 1.5, 86_401, Number.NaN, Number.POSITIVE_INFINITY])
      await expect(startMockServer({ port: 0, keepAliveSeconds }), String(keepAliveSeconds)).rejects.toThrow(
        `[mock] keepAliveSeconds must be a whole number from 1 to 86400, got ${keepAliveSeconds}`,
      )
  })

  it('close() ends an idle kept-alive connection at once: the long idle time does not hold it', async () => {
    const server = await start()
    const agent = pool()
    const { socket } = await get(server, agent)
    // The socket waits in the client's pool, open and idle, as between two calls of a test.
    expect(Object.values(agent.freeSockets).flat()).toEqual([socket])
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    await server.close()
    open.splice(open.indexOf(server), 1)
    await closed
    expect(socket.destroyed).toBe(true)
  })
})
