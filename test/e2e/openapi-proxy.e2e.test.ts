/**
 * The Prism proxy of `npm run check:openapi` starts where it says it does: a port taken by another process between
 * its pick and Prism's bind (many servers start side by side in the e2e run) is not mistaken for Prism's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startMockServer } from '@merchant-gateway/mock/server'
import { afterAll, expect, it } from 'vitest'
import { repositoryDocument } from '../../tools/openapi/src/prism/merge-documents.js'
import { freePort } from './free-port.js'
import { putPrismInFront } from './openapi-proxy.js'

const taken = { port: 0, asked: 0 }
// The first pick is a port another process holds: what a race with a server starting beside it looks like.
const pickPort = async () => (taken.asked++ === 0 ? taken.port : freePort())

const squatter = createServer((_req, res) => res.end('not Prism'))
await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve))
taken.port = (squatter.address() as AddressInfo).port
const work = mkdtempSync(join(tmpdir(), 'mgw-prism-port-'))
let closed: () => void = () => {}

afterAll(() => {
  closed()
  squatter.close()
  rmSync(work, { recursive: true, force: true })
})

it('a Prism whose first port another process holds starts on another one, and validates what goes ' +
  'through it', async () => {
  const server = await startMockServer({
    port: 0,
    seed: [{ apiKey: 'mk_test_demo', apiSecret: 'sk_test_demo', stores: [{ storeName: 'Demo', address: '1 Street' }] }],
  })
  const until = new Promise<void>((resolve) => (closed = resolve))
  const document = join(work, 'openapi.json')
  writeFileSync(document, JSON.stringify(repositoryDocument()))
  const prism = await putPrismInFront({ serverUrl: server.url, until, document, log: false, freePort: pickPort })
  try {
    expect(taken.asked).toBe(2)
    expect(prism.url).not.toBe(`http://127.0.0.1:${taken.port}`)
    const refused = await fetch(`${server.url}/api/v1/payment-gateway/order/create`, {
      method: 'POST',
      headers: { 'X-Api-Key': 'mk_test_demo', 'Content-Type': 'application/json' },
      body: JSON.stringify({ storeId: 'abc', amount: 5, currency: 'USD' }),
    })
    expect(refused.status).toBe(400)
    expect(prism.exchanges[0]!.violations).toContainEqual(
      expect.objectContaining({ location: ['request', 'body', 'storeId'], severity: 'Error' }),
    )
  } finally {
    closed()
    await server.close()
  }
}, 240_000)
