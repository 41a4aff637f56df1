/**
 * @module test/e2e/inspector-session.e2e.test
 * A session's inspector page (`<baseUrl>/__mock/ui/`), in headless Chromium against the CLI server: it shows
 * and drives that session's mock, never the root's or another session's. Every request of the page goes under
 * the session's base URL: its polling, its actions, its QR images.
 */
import { GatewayClient } from '@merchant-gateway/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { http, startCli, stopCli, type Cli } from './cli-process.js'
import { inspectorPages } from './inspector-browser.js'

const FRIDAY = '2026-11-06T09:00:00Z'

let cli: Cli
const pages = inspectorPages()

beforeAll(async () => {
  // Not behind Prism under check:openapi: the page's files are not API (as in inspector.e2e.test.ts).
  cli = await startCli(['serve', '--port', '0', '--now', FRIDAY, '--frozen', '-q'], { behindPrism: false })
}, 30_000)

afterAll(async () => {
  await pages.close()
  if (cli) await stopCli(cli)
})

describe("a session's inspector page, in Chromium", () => {
  it("shows and drives the session's mock: its clock, its order, its QR image; the root and another stay", async () => {
    const made = async (body: unknown) =>
      (await http('POST', `${cli.url}/__mock/sessions`, body)).body as { id: string; baseUrl: string }
    const session = await made({ now: '2027-01-04T08:00:00Z' })
    const other = await made({})
    const gateway = new GatewayClient({
      apiKey: 'mk_test_demo',
      apiSecret: 'sk_test_demo',
      baseUrl: session.baseUrl,
      now: () => Date.parse('2027-01-04T08:00:00Z'),
    })
    const order = await gateway.orders.create({ storeId: 101, amount: 12.5, currency: 'USD' })

    const page = await pages.open()
    const paths: string[] = []
    page.on('request', (request) => paths.push(new URL(request.url()).pathname))
    const images: number[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.includes('/qr/')) images.push(response.status())
    })
    try {
      await page.goto(`${session.baseUrl}/__mock/ui/`)
      // The session's clock, not the root's (Friday) nor the other session's.
      await expect
        .poll(() => page.getByTestId('clock-now').textContent(), { timeout: 10_000 })
        .toBe('2027-01-04 08:00:00Z')
      await page.getByRole('tab', { name: 'Orders' }).click()
      const row = page.getByTestId(`order-${order.order_id}`)
      await row.waitFor({ timeout: 10_000 })
      await expect.poll(() => images, { timeout: 10_000 }).toContain(200)
      await row.getByRole('button', { name: 'Simulate payment' }).click()
      await expect.poll(() => row.getByText('completed').count(), { timeout: 10_000 }).toBeGreaterThan(0)
    } finally {
      await page.close()
    }
    // The page's payment is the session's; the root and the other session have no order.
    expect((await http('GET', `${session.baseUrl}/__mock/orders/${order.order_id}`)).body.status).toBe('completed')
    for (const base of [cli.url, other.baseUrl])
      expect((await http('GET', `${base}/__mock/orders/${order.order_id}`)).status, base).toBe(404)
    // Every request of the page went under the session's base URL.
    const prefix = `/s/${session.id}/`
    expect(paths.filter((path) => !path.startsWith(prefix))).toEqual([])
    expect(paths).toEqual(expect.arrayContaining([`${prefix}__mock/version`, `${prefix}__mock/payments`]))
  })
})
