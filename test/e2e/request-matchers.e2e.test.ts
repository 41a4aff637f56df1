/**
 * @module test/e2e/request-matchers.e2e.test
 * The request log queried by operation over HTTP, and the matchers' async form, against
 * `merchant-gateway-mock serve` as a child process (a control token set): what the app sent, with its secrets
 * redacted, read through `GET /__mock/requests?operation=...`; a log the test cannot read fails the assertion.
 */
import { stripVTControlCharacters } from 'node:util'
import { PIN_PATHS } from '@merchant-gateway/contract'
import { readRequestLog, type RemoteMock } from '@merchant-gateway/mock/matchers'
import { DEMO_MERCHANT } from '@merchant-gateway/mock/server'
import { GatewayClient } from '@merchant-gateway/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '@merchant-gateway/mock/vitest'
import { http, startCli, stopCli, type Cli } from './cli-process.js'

const TOKEN = 'tok_e2e_matchers_0123'

describe('the request log over HTTP, and the matchers against a server', () => {
  let cli: Cli
  let server: RemoteMock
  let orderId: number

  beforeAll(async () => {
    cli = await startCli([
      'serve',
      '--port',
      '0',
      '--quiet',
      '--frozen',
      '--now',
      '2026-11-02T09:00:00Z',
      '--control-token',
      TOKEN,
    ])
    server = { baseUrl: cli.url, controlToken: TOKEN }
    const now = () => Date.parse('2026-11-02T09:00:00Z')
    const { apiKey, apiSecret } = DEMO_MERCHANT
    const gateway = new GatewayClient({ apiKey, apiSecret, baseUrl: cli.url, now })
    const order = await gateway.orders.create({ storeId: 101, amount: 12.5, currency: 'USD' })
    orderId = Number(order.order_id)
    const paid = await http(
      'POST',
      `${cli.url}/__mock/payments`,
      { orderId, status: 'SUCCESS' },
      { 'X-Mock-Token': TOKEN },
    )
    expect(paid.status).toBe(201)
    await gateway.refunds.create({ orderId, amount: 2.5 })
    await gateway.refunds.create({ orderId, amount: 500 }).catch(() => undefined)
  })

  afterAll(async () => {
    if (cli) await stopCli(cli)
  })

  it('GET /__mock/requests?operation=refundOrder gives each call typed, its secrets redacted', async () => {
    const refunds = await readRequestLog(server, { operation: 'refundOrder' })
    expect(refunds.map((call) => [call.status, call.refusal, call.form === 'current' ? call.body : undefined])).toEqual(
      [
        [200, null, { orderId, refundAmount: 2.5 }],
        [422, 'refund_exceeds_remaining', { orderId, refundAmount: 500 }],
      ],
    )
    expect(refunds[0]!.headers).toMatchObject({ 'x-api-key': '[redacted]', 'x-signature': '[redacted]' })
    expect(refunds[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(JSON.stringify(refunds)).not.toContain(DEMO_MERCHANT.apiKey)
    // An unknown operation is 400 naming the nearest.
    const wrong = await http('GET', `${cli.url}/__mock/requests?operation=refundOrdr`, undefined, {
      'X-Mock-Token': TOKEN,
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ message: expect.stringContaining('did you mean refundOrder?') })
  })

  it('a PIN sent to the server is never in its log', async () => {
    const user = await http(
      'POST',
      `${cli.url}/__mock/users`,
      { email: 'dara@example.com', emailVerified: true },
      {
        'X-Mock-Token': TOKEN,
      },
    )
    const { accessToken } = user.body as { accessToken: string }
    await http('POST', `${cli.url}${PIN_PATHS.setPin}`, { pin: '482916' }, { Authorization: `Bearer ${accessToken}` })
    const [set] = await readRequestLog(server, { operation: 'setPin' })
    expect(set).toMatchObject({ status: 200, body: { pin: '[redacted]' }, headers: { authorization: '[redacted]' } })
    const raw = await http('GET', `${cli.url}/__mock/requests?operation=setPin`, undefined, { 'X-Mock-Token': TOKEN })
    expect(JSON.stringify(raw.body)).not.toContain('482916')
    expect(JSON.stringify(raw.body)).not.toContain(accessToken)
    await expect(server).toHaveReceived('setPin', { pin: expect.any(String) })
  })

  it('the async matchers pass and fail on what the server received, with the closest calls as a diff', async () => {
    await expect(server).toHaveReceived('refundOrder', { orderId, refundAmount: 2.5 })
    await expect(server).toHaveReceivedTimes('refundOrder', 2, { orderId })
    await expect(server).toHaveReceivedTimes('createOrder', 1)
    await expect(server).not.toHaveReceived('payout')
    const failed = await expect(server)
      .toHaveReceived('refundOrder', { refundAmount: 5 })
      .then(
        () => 'passed',
        (error: Error) => stripVTControlCharacters(error.message),
      )
    expect(failed).toContain('Received: 2 refundOrder requests, none matching; the closest:')
    expect(failed).toMatch(/-\s+"refundAmount": 5,?\n\+\s+"refundAmount": 500/)
  })

  it('without the control token the log cannot be read: the assertion fails, .not too, saying why', async () => {
    const anonymous: RemoteMock = { baseUrl: cli.url }
    const why = await expect(anonymous)
      .not.toHaveReceived('payout')
      .then(
        () => 'passed',
        (error: Error) => error.message,
      )
    expect(why).toMatch(/^\[mock\] GET http:\/\/127\.0\.0\.1:\d+\/__mock\/requests\?operation=payout answered 401: /)
  })
})
