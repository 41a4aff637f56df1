/**
 * The inspector page at /__mock/ui/, driven in headless Chromium (Debian's, never a downloaded one)
 * against the CLI server: an order created through the SDK appears, "Simulate payment" pays it, the
 * webhook delivery and the balance change show, a refund made through the SDK settles when the page
 * moves the clock by business days. Every view updates by itself (no reload).
 *
 * Screenshots of the main views go to a temporary folder, or to docs/ with INSPECTOR_SCREENSHOTS=docs
 * (`npm run docs:inspector`).
 */
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GatewayClient } from '@merchant-gateway/sdk'
import { type Browser, chromium, type Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { http, ROOT, startCli, stopCli, type Cli } from './cli-process.js'

const SHOTS =
  process.env.INSPECTOR_SCREENSHOTS === 'docs' ? join(ROOT, 'docs') : mkdtempSync(join(tmpdir(), 'inspector-'))
const FRIDAY = '2026-11-06T09:00:00Z'

let cli: Cli
let receiver: Server
let browser: Browser
let page: Page
const received: string[] = []

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      received.push(body)
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`
  // Not behind Prism under check:openapi: the page's files are not API (the documents leave them out); the
  // control routes the page calls are in the OpenAPI tour.
  cli = await startCli(['serve', '--port', '0', '--now', FRIDAY, '--frozen', '--webhook-url', hook], {
    behindPrism: false,
  })
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
  page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
}, 30_000)

afterAll(async () => {
  await browser?.close()
  if (cli) await stopCli(cli)
  await new Promise((resolve) => receiver?.close(resolve))
})

/** The SDK as the demo merchant, signing with the server's (frozen) clock. */
async function gateway(): Promise<GatewayClient> {
  const { body } = await http('GET', `${cli.url}/__mock/clock`)
  const now = Date.parse(body.now)
  return new GatewayClient({ apiKey: 'mk_test_demo', apiSecret: 'sk_test_demo', baseUrl: cli.url, now: () => now })
}

const tab = (name: string) => page.getByRole('tab', { name }).click()

describe('the inspector page, in Chromium', () => {
  it('serves its files, 404 for anything else under /__mock/ui/, and the banner names it', async () => {
    expect(cli.output()).toContain(`inspector:     ${cli.url}/__mock/ui/`)
    expect((await fetch(`${cli.url}/__mock/ui/app.js`)).headers.get('content-type')).toContain('javascript')
    expect((await fetch(`${cli.url}/__mock/ui/nothing.js`)).status).toBe(404)
  })

  it(
    'an order made through the SDK appears; Simulate payment pays it; the ' + 'webhook and the balance follow',
    async () => {
      await page.goto(`${cli.url}/__mock/ui/`)
      await expect.poll(() => page.getByText('era 1.4.0-full-enforcement').count()).toBe(1)
      await expect.poll(() => page.getByTestId('clock-now').textContent()).toBe('2026-11-06 09:00:00Z')

      const order = await (await gateway()).orders.create({ storeId: 101, amount: 12.5, currency: 'USD' })
      await tab('Orders')
      const row = page.getByTestId(`order-${order.order_id}`)
      await row.waitFor({ timeout: 10_000 })
      expect(await row.getByText('pending').count()).toBe(1)
      await page.screenshot({ path: join(SHOTS, 'inspector-orders.png') })

      await row.getByRole('button', { name: 'Simulate payment' }).click()
      await expect.poll(() => row.getByText('completed').count(), { timeout: 10_000 }).toBeGreaterThan(0)

      await tab('Webhooks')
      const webhook = page.locator('details.webhook').first()
      await expect.poll(() => webhook.getByText('delivered').count(), { timeout: 10_000 }).toBeGreaterThan(0)
      await webhook.locator('summary').click()
      expect(await webhook.getByText('x-signature').count()).toBe(1)
      expect(received).toHaveLength(1)
      await page.screenshot({ path: join(SHOTS, 'inspector-webhooks.png') })

      await tab('Merchants')
      const usd = page.getByTestId('balance-1-usd')
      await expect.poll(() => usd.textContent(), { timeout: 10_000 }).toBe('USD1012.501012.5')
      await page.screenshot({ path: join(SHOTS, 'inspector-merchants.png') })
    },
  )

  it(
    'a refund made through the SDK is pending, and settles when the page ' + 'moves the clock five business days',
    async () => {
      const orders = (await http('GET', `${cli.url}/__mock/snapshot?limit=1`)).body.orders as Array<{ orderId: number }>
      const refund = await (await gateway()).refunds.create({ orderId: orders[0]!.orderId, amount: 2.5 })
      await tab('Refunds and payouts')
      const row = page.getByTestId(`refund-${refund.transactionId}`)
      await row.waitFor({ timeout: 10_000 })
      expect(await row.getByText('pending').count()).toBe(1)
      // Friday, then the next five business days: the clock the page shows follows each click.
      for (const day of ['09', '10', '11', '12', '13']) {
        await page.getByRole('button', { name: '+1 business day' }).click()
        await expect
          .poll(() => page.getByTestId('clock-now').textContent(), { timeout: 10_000 })
          .toBe(`2026-11-${day} 09:00:00Z`)
      }
      await expect.poll(() => row.getByText('completed').count(), { timeout: 10_000 }).toBe(1)
      await page.screenshot({ path: join(SHOTS, 'inspector-refunds.png') })
    },
  )

  it('on a phone-sized screen the page keeps one column and every tab reachable', async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    await tab('PIN users')
    await tab('Requests')
    expect(await page.getByRole('tab').count()).toBe(7)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: join(SHOTS, 'inspector-phone.png') })
  })
})
