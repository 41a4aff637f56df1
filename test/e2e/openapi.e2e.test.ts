/**
 * The OpenAPI documents end to end: a fresh `npm start` hands them out, and Prism (the validating proxy
 * of `npm run check:openapi`) does report what violates them, so the check can fail: a request the
 * document forbids, an answer that contradicts a (deliberately broken) copy of the document, a request
 * the server accepts although the document forbids it, and a path the document does not have.
 */
import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { startMockServer, type MockServer } from '@merchant-gateway/mock/server'
import { GatewayClient } from '@merchant-gateway/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repositoryDocument } from '../../tools/openapi/src/prism/merge-documents.js'
import { judgeExchanges } from '../../tools/openapi/src/prism/prism-judge.js'
import { freePort, ROOT, waitForBanner } from './cli-process.js'
import { putPrismInFront, type PrismProxy } from './openapi-proxy.js'

/** The frozen clock of the server the Prism tests talk to (the SDK signs by it). */
const NOW = '2026-11-02T09:00:00Z'

const committed = (path: string) =>
  JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as { servers: Array<{ url: string }>; paths: object }

/**
 * A document's paths as a server at `local` hands them out: an operation's own server (the session routes' root)
 * names it instead of the documented local mock.
 */
function atServer(paths: object, local: string): object {
  const copy = structuredClone(paths) as Record<string, Record<string, { servers?: Array<{ url: string }> }>>
  for (const path of Object.values(copy))
    for (const operation of Object.values(path))
      for (const server of operation?.servers ?? []) server.url = server.url.replace('http://127.0.0.1:4010', local)
  return copy
}

describe('npm start hands out the OpenAPI documents', () => {
  it('GET /openapi.json (curl) is the committed service document, naming ' +
    'this server as the local one; GET /__mock/openapi.json the control ' +
    'document, naming this server for the root and its sessions', async () => {
    const port = await freePort()
    const npm = spawn('npm', ['start', '--', '--port', String(port), '--quiet'], {
      cwd: ROOT,
      env: { ...process.env, PATH: `${ROOT}node_modules/.bin:${process.env.PATH ?? ''}`, FORCE_COLOR: '0' },
    })
    const cli = await waitForBanner(npm)
    try {
      const { stdout } = await promisify(execFile)('curl', ['-s', '--fail', `http://127.0.0.1:${port}/openapi.json`])
      const served = JSON.parse(stdout) as ReturnType<typeof committed>
      const expected = committed('packages/contract/openapi.json')
      expect(served.paths).toEqual(expected.paths)
      expect(served.servers.map((s) => s.url)).toEqual(
        expected.servers.map((s) => (s.url === 'http://127.0.0.1:4010' ? `http://127.0.0.1:${port}` : s.url)),
      )
      expect(served).toEqual({ ...expected, servers: served.servers })

      const control = await fetch(`http://127.0.0.1:${port}/__mock/openapi.json`)
      expect(control.headers.get('content-type')).toBe('application/json')
      const servedControl = (await control.json()) as ReturnType<typeof committed>
      const local = `http://127.0.0.1:${port}`
      expect(servedControl.servers.map((s) => s.url)).toEqual([local, `${local}/s/{sessionId}`])
      expect(servedControl.paths).toEqual(atServer(committed('packages/mock/openapi.control.json').paths, local))
    } finally {
      npm.kill('SIGTERM')
      await cli.exited
    }
  }, 240_000)
})

describe('Prism reports what violates the documents (the check of npm run check:openapi can fail)', () => {
  let server: MockServer
  let work: string
  let closed: () => void
  const until = new Promise<void>((resolve) => (closed = resolve))

  /** Prism in front of the server, validating against the committed documents after `edit`. */
  // biome-ignore lint/suspicious/noExplicitAny: a test edits the OpenAPI document as plain JSON
  async function prismWith(edit: (document: any) => void): Promise<PrismProxy> {
    // biome-ignore lint/suspicious/noExplicitAny: a test edits the OpenAPI document as plain JSON
    const document = repositoryDocument() as any
    edit(document)
    const path = join(work, `openapi-${Math.random().toString(36).slice(2)}.json`)
    writeFileSync(path, JSON.stringify(document))
    return putPrismInFront({ serverUrl: server.url, until, document: path, log: false })
  }

  let broken: Promise<PrismProxy> | undefined
  /**
   * One broken copy of the documents for the three tests that break them, each in a part of its own (a Prism
   * costs seconds of CPU to start): storeName an integer (list stores), amounts at most 10 (create order), and
   * no balance inquiry. Each test judges the exchanges its own requests made.
   */
  const brokenPrism = () =>
    (broken ??= prismWith((d) => {
      d.components.schemas.Store.properties.storeName = { type: 'integer' }
      d.components.schemas.Amount.maximum = 10
      delete d.paths['/api/v1/payment-gateway/balance-inquiry']
    }))
  /** What `requests` sent through `prism`, judged against the committed documents. */
  async function judged(prism: PrismProxy, requests: () => Promise<void>) {
    const from = prism.exchanges.length
    await requests()
    return judgeExchanges(prism.exchanges.slice(from), repositoryDocument().paths)
  }

  const listStores = () =>
    fetch(`${server.url}/api/v1/payment-gateway/stores/list`, {
      method: 'POST',
      headers: { 'X-Api-Key': 'mk_test_demo' },
    })
  const createOrder = (body: unknown) =>
    fetch(`${server.url}/api/v1/payment-gateway/order/create`, {
      method: 'POST',
      headers: { 'X-Api-Key': 'mk_test_demo', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'mgw-prism-test-'))
    server = await startMockServer({
      port: 0,
      clock: { now: NOW, frozen: true },
      seed: [
        {
          apiKey: 'mk_test_demo',
          apiSecret: 'sk_test_demo',
          stores: [{ storeName: 'Demo Store', address: '1 Demo Street' }],
        },
      ],
    })
  })
  afterAll(async () => {
    closed()
    await server?.close()
    rmSync(work, { recursive: true, force: true })
  })

  it('with the committed documents: conforming traffic passes, and a request ' +
    'with a wrong type is reported and, refused with 400, judged as ' +
    'documented', async () => {
    const prism = await prismWith(() => {})
    expect((await listStores()).status).toBe(200)
    const refused = await createOrder({ storeId: 'abc', amount: 5, currency: 'USD' })
    expect(refused.status).toBe(400)
    const [ok, bad] = prism.exchanges
    expect(ok).toMatchObject({ path: '/api/v1/payment-gateway/stores/list', status: 200, violations: [] })
    expect(bad!.violations).toContainEqual(
      expect.objectContaining({ location: ['request', 'body', 'storeId'], severity: 'Error' }),
    )
    const judged = judgeExchanges(prism.exchanges, repositoryDocument().paths)
    expect(judged.failures).toEqual([])
    expect(judged.refused.some((line) => line.includes('request.body.storeId'))).toBe(true)
  }, 240_000)

  it('an answer that contradicts the document (a broken copy: storeName must be an integer) is a failure', async () => {
    const { failures } = await judged(await brokenPrism(), async () => {
      expect((await listStores()).status).toBe(200)
    })
    expect(failures).toEqual([
      expect.stringMatching(
        /^POST \/api\/v1\/payment-gateway\/stores\/list -> 200: response\.body\.data\.0\.storeName .*integer/,
      ),
    ])
  }, 240_000)

  it('a request the server accepts although the document forbids it (a ' +
    'broken copy: amounts at most 10) is a failure', async () => {
    const { failures } = await judged(await brokenPrism(), async () => {
      expect((await createOrder({ storeId: 101, amount: 12.5, currency: 'USD' })).status).toBe(200)
    })
    expect(
      failures.some((line) => line.startsWith('POST /api/v1/payment-gateway/order/create -> 200: request.body')),
      failures.join('\n'),
    ).toBe(true)
  }, 240_000)

  it('a path the document does not have is a failure (a broken copy without balance inquiry)', async () => {
    const gateway = new GatewayClient({
      apiKey: 'mk_test_demo',
      apiSecret: 'sk_test_demo',
      baseUrl: server.url,
      now: () => Date.parse(NOW),
    })
    const { failures } = await judged(await brokenPrism(), async () => {
      await gateway.balance.retrieve()
    })
    expect(failures).toEqual([expect.stringContaining('Selected route not found')])
  }, 240_000)
})
