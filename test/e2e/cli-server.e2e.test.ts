/**
 * @module test/e2e/cli-server.e2e.test
 * End to end across processes: the CLI server started as a child process (`merchant-gateway-mock serve`
 * from source, as `npm start` runs it), driven with plain HTTP (no SDK: what a client in another language
 * does) through the control API and the service's routes, then with the SDK, while the example webhook
 * receiver takes the server's signed deliveries over loopback.
 */
import { createHmac, randomUUID } from 'node:crypto'
import { request } from 'node:http'
import { networkInterfaces } from 'node:os'
import { GatewayClient } from '@merchant-gateway/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebhookReceiver, type WebhookReceiver } from '../../examples/webhook-receiver/src/receiver.js'
import { cliArgs, freePort, http, ROOT, spawnGroup, startCli, stopCli, waitForBanner, type Cli } from './cli-process.js'

const NOW = '2026-11-02T09:00:00.000Z'
const NOW_MS = Date.parse(NOW)
const DEMO = { apiKey: 'mk_test_demo', apiSecret: 'sk_test_demo', merchantId: 1, storeId: 101, account: '100200300' }

/**
 * A request signature by hand: HMAC-SHA256 over the exact body + X-Timestamp, lowercase hex.
 */
function signRequest(secret: string, body: string, timestamp: string): string {
  return createHmac('sha256', secret)
    .update(body + timestamp)
    .digest('hex')
}

describe('the CLI server, driven across processes', () => {
  let cli: Cli
  let receiver: WebhookReceiver

  beforeAll(async () => {
    // The receiver judges freshness by the mock's clock (frozen at NOW), as both sides agree on time in production.
    receiver = await startWebhookReceiver({ apiSecret: DEMO.apiSecret, now: () => NOW_MS })
    cli = await startCli(['serve', '--port', '0', '--now', NOW, '--frozen', '--webhook-url', receiver.url])
  }, 240_000)

  afterAll(async () => {
    await stopCli(cli, 'SIGKILL')
    await receiver?.close()
  })

  it('prints the listening line, the demo merchant with fixed credentials, a curl line and the control API', () => {
    const banner = cli.output()
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(banner).toContain(`clock          ${NOW} (from --now, frozen; contract era 1.4.0-full-enforcement)`)
    expect(banner).toContain('  X-Api-Key    mk_test_demo')
    expect(banner).toContain('  API secret   sk_test_demo')
    expect(banner).toContain('  store        101  Demo Store')
    expect(banner).toContain(`  webhooks     ${receiver.url}`)
    expect(banner).toContain(
      `curl -s -X POST ${cli.url}/api/v1/payment-gateway/stores/list -H 'X-Api-Key: mk_test_demo'`,
    )
    expect(banner).toContain(`control API:   GET ${cli.url}/__mock lists its routes\n`)
    expect(banner).toContain(
      'docs:          https://github.com/merchant-gateway/merchant-gateway/blob/main/docs/mock-server.md',
    )
  })

  it("the banner's look at the demo merchant is no request of the user's: a fresh server's log is empty", async () => {
    expect((await http('GET', `${cli.url}/__mock/requests`)).body).toEqual([])
  })

  it(
    'plain HTTP: control API and service routes, a paid order, a signed ' +
      'webhook received and verified over loopback, a signed refund',
    async () => {
      expect((await http('GET', `${cli.url}/__mock/clock`)).body).toMatchObject({
        now: NOW,
        era: { name: '1.4.0-full-enforcement' },
      })

      const stores = await http('POST', `${cli.url}/api/v1/payment-gateway/stores/list`, undefined, {
        'X-Api-Key': DEMO.apiKey,
      })
      expect(stores.status).toBe(200)
      expect(stores.body.data).toEqual([
        { storeId: DEMO.storeId, storeName: 'Demo Store', address: '1 Demo Street, Phnom Penh' },
      ])

      const order = await http(
        'POST',
        `${cli.url}/api/v1/payment-gateway/order/create`,
        { storeId: DEMO.storeId, amount: 30, currency: 'USD' },
        { 'X-Api-Key': DEMO.apiKey },
      )
      expect(order).toMatchObject({
        status: 200,
        body: { order_id: expect.stringMatching(/^\d+$/), status: 'pending' },
      })
      const orderId = Number(order.body.order_id)

      const paid = await http('POST', `${cli.url}/__mock/payments`, {
        orderId,
        status: 'SUCCESS',
        payer: { accountName: 'Dara Sok', accountNumber: '012345678' },
      })
      expect(paid).toMatchObject({
        status: 201,
        body: { orderId, status: 'completed', transactionId: expect.any(Number) },
      })

      // The control call answers after the delivery it caused: the receiver already has it, verified.
      const delivered = receiver.events.filter((e) => e.orderId === orderId)
      expect(delivered).toEqual([
        {
          accountName: 'Dara Sok',
          accountNumber: '012345678',
          amount: 30,
          appId: expect.any(Number),
          createTimeMilli: NOW_MS,
          currency: 'USD',
          orderId,
          status: 'SUCCESS',
          transactionId: paid.body.transactionId,
        },
      ])
      const hooks = (await http('GET', `${cli.url}/__mock/webhooks`)).body as Array<{
        payload: { orderId: number }
        url: string
        status: string
        attempts: Array<{ detail: string }>
      }>
      expect(hooks.find((h) => h.payload.orderId === orderId)).toMatchObject({
        url: receiver.url,
        status: 'delivered',
        attempts: [{ detail: 'HTTP 200' }],
      })

      const body = JSON.stringify({ orderId, refundAmount: 5 })
      const timestamp = String(NOW_MS / 1000)
      const signedHeaders = { 'X-Api-Key': DEMO.apiKey, 'X-Timestamp': timestamp, 'X-Idempotent-Key': randomUUID() }
      const refund = await http('POST', `${cli.url}/api/v1/payment-gateway/order/refund`, body, {
        ...signedHeaders,
        'X-Signature': signRequest(DEMO.apiSecret, body, timestamp),
      })
      expect(refund).toMatchObject({
        status: 200,
        body: { statusCode: 200, data: { orderId, amount: 5, currency: 'USD' } },
      })
      const wrongSecret = await http('POST', `${cli.url}/api/v1/payment-gateway/order/refund`, body, {
        ...signedHeaders,
        'X-Idempotent-Key': randomUUID(),
        'X-Signature': signRequest('sk_wrong', body, timestamp),
      })
      expect(wrongSecret.status).toBe(401)

      expect((await http('GET', `${cli.url}/__mock/merchants/${DEMO.merchantId}/balances`)).body.usd).toEqual({
        balance: 1030,
        freeze: 5,
        usable: 1025,
      })
      expect((await http('GET', `${cli.url}/__mock/audit`)).body).toEqual({ problems: [] })
    },
  )

  it(
    'the receiver rejects a tampered delivery (401) and one without a ' + 'signature (401), and records neither',
    async () => {
      const [hook] = (await http('GET', `${cli.url}/__mock/webhooks`)).body as Array<{
        rawBody: string
        signature: string
      }>
      const before = receiver.events.length
      const genuine = await http('POST', receiver.url, hook!.rawBody, { 'X-Signature': hook!.signature })
      expect(genuine.status).toBe(200) // the genuine bytes still verify: the tampering below is what fails
      const tampered = await http('POST', receiver.url, hook!.rawBody.replace('"amount":30', '"amount":3000'), {
        'X-Signature': hook!.signature,
      })
      expect(tampered.status).toBe(401)
      const unsigned = await http('POST', receiver.url, hook!.rawBody)
      expect(unsigned.status).toBe(401)
      expect(receiver.events).toHaveLength(before + 1)
    },
  )

  it(
    'the SDK against the same server: order, refund, payout and balance, ' +
      'then settlement on the mock clock moved over HTTP',
    async () => {
      const gateway = new GatewayClient({
        apiKey: DEMO.apiKey,
        apiSecret: DEMO.apiSecret,
        baseUrl: cli.url,
        now: () => NOW_MS,
      })
      const start = (await gateway.balance.retrieve()).usd
      const order = await gateway.orders.create({ storeId: DEMO.storeId, amount: 12.5, currency: 'USD' })
      const orderId = Number(order.order_id)
      await http('POST', `${cli.url}/__mock/payments`, { orderId, status: 'SUCCESS' })
      expect(receiver.events.at(-1)).toMatchObject({ orderId, amount: 12.5, status: 'SUCCESS' })

      const refund = await gateway.refunds.create({ orderId, amount: 2.5 })
      expect(refund).toMatchObject({ orderId, amount: 2.5 })
      const again = await gateway.refunds.create(
        { orderId, amount: 2.5 },
        { idempotencyKey: refund.meta.idempotencyKey },
      )
      expect(again.meta.replayed).toBe(true)
      const payout = await gateway.payouts.create({ accountNumber: DEMO.account, amount: 100, currency: 'USD' })
      expect(payout.transactionId).toEqual(expect.any(Number))

      const processing = (await gateway.balance.retrieve()).usd
      expect(processing).toEqual({
        balance: start.balance + 12.5,
        freeze: start.freeze + 102.5,
        usable: start.usable + 12.5 - 102.5,
      })

      expect((await http('POST', `${cli.url}/__mock/clock`, { advanceMs: 7 * 86_400_000 })).body).toMatchObject({
        now: '2026-11-09T09:00:00.000Z',
      })
      // Everything frozen has left the balance: this test's refund and payout, and what was frozen at its start.
      const settled = (await http('GET', `${cli.url}/__mock/merchants/${DEMO.merchantId}/balances`)).body.usd
      const expected = start.balance - start.freeze + 12.5 - 102.5
      expect(settled).toEqual({ balance: expected, freeze: 0, usable: expected })
      expect((await http('GET', `${cli.url}/__mock/audit`)).body).toEqual({ problems: [] })
    },
  )

  it('bad input to the control API is a 4xx with a message and changes nothing', async () => {
    const before = (await http('GET', `${cli.url}/__mock/merchants/${DEMO.merchantId}/balances`)).body
    const refused = await http('POST', `${cli.url}/__mock/payments`, { orderId: 'abc', status: 'PAID' })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      statusCode: 400,
      message: expect.stringMatching(/orderId.*status|status.*orderId/s),
      error: 'Bad Request',
    })
    expect((await http('POST', `${cli.url}/__mock/clock`, '{"advanceMs":')).status).toBe(400)
    expect((await http('GET', `${cli.url}/__mock/merchants/${DEMO.merchantId}/balances`)).body).toEqual(before)
  })

  it('a token in the query string is logged as token=[redacted], never its value', async () => {
    await http('GET', `${cli.url}/__mock/clock?token=q5_s3cr3t_value`)
    await http('POST', `${cli.url}/api/v1/payment-gateway/stores/list?access_token=q5_s3cr3t_value`, undefined, {
      'X-Api-Key': DEMO.apiKey,
    })
    const requests = (await http('GET', `${cli.url}/__mock/requests?limit=1`)).body as Array<{ path: string }>
    expect(requests.map((r) => r.path)).toEqual(['/api/v1/payment-gateway/stores/list?access_token=[redacted]'])
    expect(cli.output()).toMatch(/^\d\d:\d\d:\d\d\.\d{3} GET \/__mock\/clock\?token=\[redacted\] 200 /m)
    expect(cli.output()).not.toContain('q5_s3cr3t_value')
  })

  it('a Host of an IPv6 literal followed by anything but :<port> ([::1]evil.example) is refused 403', async () => {
    const { port } = new URL(cli.url)
    for (const host of ['[::1]evil.example', `[::1]:${port}evil.example`]) {
      expect(await rawGet(Number(port), '/__mock/merchants/1', { Host: host }), host).toMatchObject({
        status: 403,
        body: expect.not.stringContaining(DEMO.apiSecret),
      })
    }
    expect(await rawGet(Number(port), '/__mock/merchants/1', { Host: `[::1]:${port}` })).toMatchObject({ status: 200 })
  })

  it('POST /__mock/payments takes the order id as create order answers it, a decimal string', async () => {
    const order = await http(
      'POST',
      `${cli.url}/api/v1/payment-gateway/order/create`,
      { storeId: DEMO.storeId, amount: 4, currency: 'USD' },
      { 'X-Api-Key': DEMO.apiKey },
    )
    const paid = await http('POST', `${cli.url}/__mock/payments`, { orderId: order.body.order_id, status: 'FAILED' })
    expect(paid).toMatchObject({ status: 201, body: { orderId: Number(order.body.order_id), status: 'failed' } })
    const refused = await http('POST', `${cli.url}/__mock/payments`, {
      orderId: `#${order.body.order_id}`,
      status: 'FAILED',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toContain('orderId: must be a positive whole number, or one written in decimal')
  })

  it('logs one line per request, then stops cleanly on SIGTERM (exit 0)', async () => {
    await http('GET', `${cli.url}/__mock/clock`)
    const log = cli.output()
    expect(log).toMatch(/^\d\d:\d\d:\d\d\.\d{3} POST \/__mock\/payments 201 \d+\.\d ms$/m)
    expect(log).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} POST \/api\/v1\/payment-gateway\/order\/refund 401 \d+\.\d ms trc_\w+$/m,
    )
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toEqual({ code: 0, signal: null })
    expect(cli.output()).toMatch(/SIGTERM: stopping\nstopped\n$/)
    await expect(fetch(`${cli.url}/__mock/clock`)).rejects.toThrow()
  })
})

/** A GET with node:http, whose headers (Host included) go out as given; fetch would set its own Host. */
function rawGet(port: number, path: string, headers: Record<string, string>, host = '127.0.0.1') {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host, port, path, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** A POST of a create-order body with headers fetch does not let a caller set (Host). */
function rawPost(port: number, path: string, headers: Record<string, string>) {
  const body = JSON.stringify({ storeId: 101, amount: 1, currency: 'USD' })
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, body: text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('the CLI on every interface (--host 0.0.0.0)', () => {
  let cli: Cli
  let port: number
  let token: string

  beforeAll(async () => {
    cli = await startCli(['serve', '--host', '0.0.0.0', '--port', '0', '--quiet'], { behindPrism: false })
    port = Number(new URL(cli.url).port)
    token = /^ {2}control token {2}(\S+)/m.exec(cli.output())?.[1] ?? ''
  }, 240_000)

  afterAll(async () => {
    if (cli) await stopCli(cli)
  })

  it('the printed token opens the control API through 127.0.0.1; the banner offers it, never 0.0.0.0', async () => {
    expect(cli.url).toBe(`http://0.0.0.0:${port}`)
    expect(token).toMatch(/^[\w-]{24}$/)
    const local = `http://127.0.0.1:${port}`
    expect((await http('GET', `${local}/__mock/clock`)).status).toBe(401)
    expect((await http('GET', `${local}/__mock/clock`, undefined, { Authorization: `Bearer ${token}` })).status).toBe(
      200,
    )
    expect(cli.output()).toContain(`inspector:     ${local}/__mock/ui/#token=${token}`)
    // The route list, like every control route, needs the token: the banner says so where it offers it.
    expect(cli.output()).toContain(`control API:   GET ${local}/__mock lists its routes (with the token below)`)
    expect(cli.output().split('\n').slice(1).join('\n')).not.toContain('0.0.0.0:')
  })

  it(
    'through a non-loopback address of this machine, as the banner prints it, the token opens the control API ' +
      'and the inspector; a host name needs --allow-host',
    async (ctx) => {
      const address = Object.entries(networkInterfaces())
        .flatMap(([name, list]) => (list ?? []).map((info) => ({ ...info, name })))
        .find((info) => !info.internal && info.family === 'IPv4')
      if (!address) {
        console.warn('skipped: this machine has no non-loopback IPv4 address to call the server through')
        ctx.skip()
        return
      }
      const remote = `http://${address.address}:${port}`
      expect(cli.output()).toMatch(
        new RegExp(`^ {2}service {6}${remote.replace(/\./g, '\\.')} +\\(${address.name}\\)$`, 'm'),
      )
      expect(cli.output()).toContain(`  inspector    ${remote}/__mock/ui/#token=${token}`)
      const bearer = { Authorization: `Bearer ${token}` }
      expect((await http('GET', `${remote}/__mock/clock`)).status).toBe(401)
      expect((await http('GET', `${remote}/__mock/clock`, undefined, bearer)).status).toBe(200)
      // The inspector from there: its files, then a call of its own page (Origin: that address).
      expect((await http('GET', `${remote}/__mock/ui/`)).status).toBe(200)
      expect((await http('POST', `${remote}/__mock/settle`, undefined, { ...bearer, Origin: remote })).status).toBe(200)

      const named = await rawGet(port, '/__mock/clock', { ...bearer, Host: `mybox.local:${port}` }, address.address)
      expect(named.status).toBe(403)
      expect(JSON.parse(named.body).message).toContain('allow it with --allow-host mybox.local')
      expect(cli.output()).toContain(
        'another name of this machine (mybox.local, a DNS name) is refused: pass --allow-host',
      )
    },
  )
  it('hands out QR code URLs a client can open: the host it called, never 0.0.0.0', async () => {
    const create = (base: string) =>
      http(
        'POST',
        `${base}/api/v1/payment-gateway/order/create`,
        { storeId: 101, amount: 1.5, currency: 'USD' },
        { 'X-Api-Key': 'mk_test_demo' },
      )
    const local = `http://127.0.0.1:${port}`
    const order = await create(local)
    expect(order.status).toBe(200)
    expect(order.body.qr_code).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/qr/MGW1\\w+\\.png$`))
    const image = await fetch(order.body.qr_code)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    const address = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .find((info) => !info.internal && info.family === 'IPv4')
    if (address) {
      const remote = await create(`http://${address.address}:${port}`)
      expect(remote.body.qr_code.startsWith(`http://${address.address}:${port}/qr/`)).toBe(true)
    }
    // A generated QR code too; the name a client used (a phone that knows the laptop as mybox.local).
    const qr = await http(
      'POST',
      `${local}/api/v1/payment-gateway/payment/generate-qr`,
      { store_id: 101, amount: 2, currency: 'USD' },
      { 'X-Api-Key': 'mk_test_demo' },
    )
    expect(qr.body.qr_code.startsWith(`${local}/qr/`)).toBe(true)
    const named = await rawPost(port, '/api/v1/payment-gateway/order/create', {
      'X-Api-Key': 'mk_test_demo',
      Host: `mybox.local:${port}`,
    })
    expect(JSON.parse(named.body).qr_code.startsWith(`http://mybox.local:${port}/qr/`)).toBe(true)
  })
})

describe('the CLI on its own', () => {
  it('`npm start -- --port <n>` (the README command) serves on that port, ' +
    'and a SIGTERM sent to npm stops the server (exit 0)', async () => {
    const port = await freePort()
    const npm = spawnGroup('npm', ['start', '--', '--port', String(port), '--quiet'], {
      env: { PATH: `${ROOT}node_modules/.bin:${process.env.PATH ?? ''}` },
    })
    const cli = await waitForBanner(npm)
    expect(cli.url).toBe(`http://127.0.0.1:${port}`)
    expect((await http('GET', `${cli.url}/__mock/clock`)).status).toBe(200)
    // A process manager stops `npm start` with SIGTERM to npm; npm passes it on, and the script `exec`s the
    // CLI so that no shell in between swallows it (which left the server running, orphaned). The CLI runs in that
    // one Node process, tsx as a loader (`node --import tsx`): tsx's own command runs the script in a child and
    // relays a signal to it, then kills it with SIGKILL when the child has not said within 30 ms that it got the
    // signal, which a loaded machine's server did not (no "stopping" line, npm's exit 143).
    npm.kill('SIGTERM')
    await cli.exited
    expect(cli.output()).toMatch(/SIGTERM: stopping\nstopped\n/)
    await expect(fetch(`${cli.url}/__mock/clock`)).rejects.toThrow()
  }, 240_000)

  it('stops cleanly on SIGINT (Ctrl-C), and a second server on the same port ' +
    'exits 1 with a one-line reason', async () => {
    const port = await freePort()
    const first = await startCli(['--port', String(port), '--quiet'])
    expect(first.url).toBe(`http://127.0.0.1:${port}`)
    const second = spawnGroup(process.execPath, cliArgs(['serve', '--port', String(port)]))
    let err = ''
    second.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve))
    expect(code).toBe(1)
    expect(err).toBe(
      `merchant-gateway-mock: port ${port} is already in use on 127.0.0.1: ` +
        `stop the other server or pass --port <n> (0 picks a free one)\n`,
    )

    first.child.kill('SIGINT')
    expect(await first.exited).toEqual({ code: 0, signal: null })
    await stopCli(first)
    expect(first.output()).toMatch(/SIGINT: stopping\nstopped\n$/)
  }, 240_000)
})

describe('the CLI told something it cannot do', () => {
  /** Runs the CLI to its end; its exit code and what it wrote on standard error. */
  async function exitOf(args: string[]): Promise<{ code: number | null; err: string }> {
    const child = spawnGroup(process.execPath, cliArgs(args))
    let err = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
    child.stdout.resume()
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    return { code, err }
  }

  it('a mistyped command is named with the command it likely is, and exits 2', async () => {
    expect(await exitOf(['serv'])).toEqual({
      code: 2,
      err: 'merchant-gateway-mock: unknown command "serv"; did you mean serve?\nRun with --help for the options.\n',
    })
  }, 240_000)

  it('a --host that is no address (999.1.1.1), or a name no resolver knows, is named, and exits 2', async () => {
    const address = await exitOf(['serve', '--host', '999.1.1.1', '--port', '0'])
    expect(address.code).toBe(2)
    expect(address.err).toMatch(/^merchant-gateway-mock: --host must be an address of this machine .*"999\.1\.1\.1"\n/)
    const name = await exitOf(['serve', '--host', 'nosuch.invalid', '--port', '0'])
    expect(name.code).toBe(2)
    expect(name.err).toMatch(/^merchant-gateway-mock: --host nosuch\.invalid: no such host name \(E[A-Z_]+\); /)
    expect(name.err).not.toMatch(/getaddrinfo/)
  }, 240_000)
})
