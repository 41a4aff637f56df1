/**
 * @module test/e2e/cli-verify.e2e.test
 * `merchant-gateway-mock verify` as a user runs it, a child process, against targets on 127.0.0.1 only: the
 * mock's own HTTP server (no drift), a server started in another contract era (drift, named), and small
 * altered servers in front of the mock's (a renamed field, a changed status, a bare body where the envelope
 * belongs: each found and named). Every process started here runs in its own process group, killed after.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cli, CLI, freePort, spawnGroup, startCli, stopCli } from './cli-process.js'

const DEMO = ['--api-key', 'mk_test_demo', '--api-secret', 'sk_test_demo']

/** Runs `verify` to its end; its exit status, standard output and standard error. */
async function runVerify(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawnGroup(process.execPath, [
    '--import',
    'tsx',
    '--conditions=@merchant-gateway/source',
    CLI,
    'verify',
    ...args,
  ])
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)))
  return { code, out, err }
}

/**
 * A server on 127.0.0.1 in front of `upstream` that passes every request on and lets `alter` change the
 * success of one path: its status and its JSON body (a refusal passes as it is). A failure here is a 502.
 */
async function alteredServer(
  upstream: string,
  path: string,
  alter: (answer: { status: number; body: Record<string, unknown> }) => { status: number; body: unknown },
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => void pass().catch(() => res.writeHead(502).end()))
    const pass = async () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
      ) as Record<string, string>
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined
      const answer = await fetch(new URL(req.url ?? '/', upstream), { method: req.method, headers, body })
      const text = await answer.text()
      let status = answer.status
      let out = text
      if (new URL(req.url ?? '/', upstream).pathname === path && status >= 200 && status < 300) {
        const altered = alter({ status, body: JSON.parse(text) as Record<string, unknown> })
        status = altered.status
        out = JSON.stringify(altered.body)
      }
      const passed = Object.fromEntries(
        [...answer.headers].filter(([name]) => !['content-length', 'connection', 'date', 'keep-alive'].includes(name)),
      )
      res.writeHead(status, { ...passed, 'content-length': Buffer.byteLength(out) })
      res.end(out)
    }
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

describe('merchant-gateway-mock verify', () => {
  let mock: Cli
  let lastEra: Cli

  beforeAll(async () => {
    // Off Prism: an altered server's answers are meant to break the contract.
    ;[mock, lastEra] = await Promise.all([
      startCli(['serve', '--port', '0', '--quiet'], { behindPrism: false }),
      startCli(['serve', '--port', '0', '--quiet', '--now', '2026-02-01'], { behindPrism: false }),
    ])
  })
  afterAll(async () => {
    await Promise.all([mock && stopCli(mock), lastEra && stopCli(lastEra)])
  })

  it('finds no drift against the mock’s own server and exits 0', async () => {
    const { code, out } = await runVerify(['--base-url', mock.url, ...DEMO])
    expect(out).toMatch(/^check\s+mock\s+target\s+verdict/im)
    expect(out).not.toMatch(/DRIFT$/m)
    expect(out).toMatch(/no drift: \d+ checks/)
    expect(code).toBe(0)
  })

  it('says what it will do before any result: the requests, the orders it creates and cancels, no money', async () => {
    const { out } = await runVerify(['--base-url', mock.url, ...DEMO])
    const start = out.slice(0, out.indexOf('check '))
    expect(start).toContain(`verify: ${mock.url} against an in-process mock`)
    expect(start).toMatch(/creates: 2 orders .* both orders are cancelled at the end/)
    expect(start).toContain('money: none (refund and payout only with --money)')
    expect(start).toMatch(/probes that change nothing: a wrong API key, a missing field, an unknown order, a bad sig/)
  })

  it('names the drift of a server started in another era (--now 2026-02-01) and exits 1', async () => {
    const { code, out } = await runVerify(['--base-url', lastEra.url, ...DEMO])
    // Before release 1.4.0 a signed request is refused for its missing X-App-Id, in the status style.
    expect(out).toMatch(/^probe: bad signature\s+401 code-error invalid_signature\s+400 status-error\s+DRIFT$/m)
    expect(out).toContain('drift: status: mock 401, target 400')
    expect(out).toMatch(/DRIFT in \d+ of \d+ checks/)
    expect(code).toBe(1)
  })

  it('names a renamed field of the target (storeName answered as store_name) and exits 1', async () => {
    const altered = await alteredServer(mock.url, '/api/v1/payment-gateway/stores/list', ({ status, body }) => ({
      status,
      body: {
        ...body,
        data: (body.data as Array<Record<string, unknown>>).map(({ storeName, ...rest }) => ({
          ...rest,
          store_name: storeName,
        })),
      },
    }))
    try {
      const { code, out } = await runVerify(['--base-url', altered.url, ...DEMO])
      expect(out).toMatch(/^list stores\s+200 envelope\s+200 envelope\s+DRIFT$/m)
      expect(out).toContain('drift: field missing at the target: data[].storeName: string')
      expect(out).toContain('drift: field only at the target: data[].store_name: string')
      expect(out).toContain('drift: target field not in the contract: data[].store_name')
      expect(code).toBe(1)
    } finally {
      await altered.close()
    }
  })

  it('names a changed status of the target (create order answered 201) and exits 1', async () => {
    const altered = await alteredServer(mock.url, '/api/v1/payment-gateway/order/create', ({ status, body }) => ({
      status: status === 200 ? 201 : status,
      body,
    }))
    try {
      const { code, out } = await runVerify(['--base-url', altered.url, ...DEMO])
      expect(out).toMatch(/^create order \(storeId\)\s+200 bare\s+201 bare\s+DRIFT$/m)
      expect(out).toMatch(/^create order \(store_id\)\s+200 bare\s+201 bare\s+DRIFT$/m)
      expect(out).toContain('drift: status: mock 200, target 201')
      // The orders were made all the same, and cancelled.
      expect(out).toMatch(/^cancel order \(storeId\)\s+200 bare\s+200 bare\s+SAME$/m)
      expect(code).toBe(1)
    } finally {
      await altered.close()
    }
  })

  it('names a bare body where the envelope belongs (balance inquiry answered as its data) and exits 1', async () => {
    const altered = await alteredServer(mock.url, '/api/v1/payment-gateway/balance-inquiry', ({ status, body }) => ({
      status,
      body: body.data,
    }))
    try {
      const { code, out } = await runVerify(['--base-url', altered.url, ...DEMO])
      expect(out).toMatch(/^balance inquiry\s+200 envelope\s+200 bare\s+DRIFT$/m)
      expect(out).toContain('drift: body style: mock envelope, target bare')
      expect(code).toBe(1)
    } finally {
      await altered.close()
    }
  })

  it('prints with --json one document of the documented shape on stdout, the start message on stderr', async () => {
    const { code, out, err } = await runVerify(['--base-url', lastEra.url, ...DEMO, '--json'])
    expect(err).toContain(`verify: ${lastEra.url} against an in-process mock`)
    const report = JSON.parse(out) as {
      target: string
      era: { name: string; now: string; from: string }
      drift: number
      checks: Array<{ check: string; mock: string; target: string; verdict: string; differences: unknown[] }>
    }
    expect(Object.keys(report)).toEqual(['target', 'era', 'drift', 'checks'])
    expect(report.target).toBe(lastEra.url)
    expect(report.era).toEqual({ name: expect.any(String), now: expect.any(String), from: "the target's Date header" })
    expect(report.drift).toBeGreaterThan(0)
    const drifted = report.checks.find((c) => c.check === 'probe: bad signature')
    expect(drifted).toEqual({
      check: 'probe: bad signature',
      mock: '401 code-error invalid_signature',
      target: '400 status-error',
      verdict: 'drift',
      differences: expect.arrayContaining([{ severity: 'drift', text: 'status: mock 401, target 400' }]),
    })
    expect(code).toBe(1)
  })

  it('compares at the era of --now when given: the mock at 2026-02-01 matches the server started there', async () => {
    const { code, out } = await runVerify(['--base-url', lastEra.url, ...DEMO, '--now', '2026-02-01T00:00:00Z'])
    expect(out).toMatch(/no drift: \d+ checks, .*\(era 1\.3\.0-full-enforcement\)/)
    expect(code).toBe(0)
  })
})
