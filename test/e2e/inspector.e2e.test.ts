/**
 * @module test/e2e/inspector.e2e.test
 * The inspector page at /__mock/ui/, driven in headless Chromium (Debian's, never a downloaded one)
 * against the CLI server: an order created through the SDK appears, "Simulate payment" pays it, the
 * webhook delivery and the balance change show, a refund made through the SDK settles when the page
 * moves the clock by business days. Every view updates by itself (no reload). Then what a new user meets:
 * no request of the page's own in the Requests tab, money written one way (USD 1,000.00), the clock
 * set by a UTC date, a labelled Faults form, readable errors when something other than the mock answers,
 * and no sideways scrolling on a phone. The control token's form has its own file (inspector-token).
 *
 * Screenshots of the main views go to docs/ with INSPECTOR_SCREENSHOTS=docs (`npm run docs:inspector`).
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { GatewayClient } from '@merchant-gateway/sdk'
import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { http, startCli, stopCli, type Cli, UI_TIMEOUT } from './cli-process.js'
import { docsScreenshot, inspectorPages } from './inspector-browser.js'

const FRIDAY = '2026-11-06T09:00:00Z'

let cli: Cli
let receiver: Server
const pages = inspectorPages()
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
  // A German browser: the page writes money and dates the same whatever the browser's language.
  page = await pages.open({ locale: 'de-DE' })
})

afterAll(async () => {
  await pages.close()
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
const clockNow = async () => (await http('GET', `${cli.url}/__mock/clock`)).body.now as string
/** The page's error line in its header (the control API could not be read). */
const headerError = () => page.locator('header [role="alert"]')

describe('the inspector page, in Chromium', () => {
  it('serves its files, 404 for anything else under /__mock/ui/, and the banner names it', async () => {
    expect(cli.output()).toContain(`inspector:     ${cli.url}/__mock/ui/`)
    expect((await fetch(`${cli.url}/__mock/ui/app.js`)).headers.get('content-type')).toContain('javascript')
    expect((await fetch(`${cli.url}/__mock/ui/nothing.js`)).status).toBe(404)
  })

  it("the demo merchant's opening balances read on the page as the start banner prints them", async () => {
    const printed = /^ {2}balances {5}(USD \S+), (KHR \S+)$/m.exec(cli.output())
    expect(printed?.slice(1)).toEqual(['USD 1,000.00', 'KHR 4,000,000'])
    await page.goto(`${cli.url}/__mock/ui/`)
    for (const [currency, text] of [
      ['usd', printed![1]!],
      ['khr', printed![2]!],
    ] as const) {
      const row = page.getByTestId(`balance-1-${currency}`)
      await row.waitFor({ timeout: UI_TIMEOUT })
      expect(await row.textContent()).toContain(text)
    }
  })

  it(
    'the page declares its own icon: the browser asks no /favicon.ico, so the Requests tab lists none; ' +
      "its polling is not in the server's log",
    async () => {
      const fresh = await pages.open()
      try {
        let polls = 0
        fresh.on('request', (request) => {
          if (new URL(request.url()).pathname === '/__mock/version') polls += 1
        })
        await fresh.goto(`${cli.url}/__mock/ui/`, { waitUntil: 'load' })
        // Chromium asks for the icon right after the load event (within milliseconds, before the page's first
        // poll); three polls later, about two seconds of the page's life, it has asked or never will.
        await expect.poll(() => polls, { timeout: UI_TIMEOUT }).toBeGreaterThanOrEqual(3)
        expect((await http('GET', `${cli.url}/__mock/requests?path=favicon`)).body).toEqual([])
        // Nor does its polling reach the server's log: the user's own requests would scroll away.
        expect(cli.output()).not.toMatch(/GET \/__mock\/(version|snapshot)/)
        await fresh.getByRole('tab', { name: 'Requests' }).click()
        expect(await fresh.getByRole('tabpanel').getByText('/favicon.ico').count()).toBe(0)
        expect(await fresh.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/)
      } finally {
        await fresh.close()
      }
    },
  )

  it(
    'an order made through the SDK appears; Simulate payment pays it; the ' + 'webhook and the balance follow',
    async () => {
      await page.goto(`${cli.url}/__mock/ui/`)
      await expect.poll(() => page.getByText('era 1.4.0-full-enforcement').count()).toBe(1)
      await expect.poll(() => page.getByTestId('clock-now').textContent()).toBe('2026-11-06 09:00:00Z')

      const order = await (await gateway()).orders.create({ storeId: 101, amount: 12.5, currency: 'USD' })
      await tab('Orders')
      const row = page.getByTestId(`order-${order.order_id}`)
      await row.waitFor({ timeout: UI_TIMEOUT })
      expect(await row.getByText('pending').count()).toBe(1)
      await docsScreenshot(page, 'inspector-orders.png')

      await row.getByRole('button', { name: 'Simulate payment' }).click()
      await expect.poll(() => row.getByText('completed').count(), { timeout: UI_TIMEOUT }).toBeGreaterThan(0)

      await tab('Webhooks')
      const webhook = page.locator('details.webhook').first()
      await expect.poll(() => webhook.getByText('delivered').count(), { timeout: UI_TIMEOUT }).toBeGreaterThan(0)
      await webhook.locator('summary').click()
      expect(await webhook.getByText('x-signature').count()).toBe(1)
      expect(received).toHaveLength(1)
      await docsScreenshot(page, 'inspector-webhooks.png')

      await tab('Merchants')
      const usd = page.getByTestId('balance-1-usd').locator('td')
      await expect
        .poll(() => usd.allTextContents(), { timeout: UI_TIMEOUT })
        .toEqual(['USD 1,012.50', 'USD 0.00', 'USD 1,012.50'])
      await docsScreenshot(page, 'inspector-merchants.png')
    },
  )

  it(
    'a refund made through the SDK is pending, and settles when the page ' + 'moves the clock five business days',
    async () => {
      const orders = (await http('GET', `${cli.url}/__mock/snapshot?limit=1`)).body.orders as Array<{ orderId: number }>
      const refund = await (await gateway()).refunds.create({ orderId: orders[0]!.orderId, amount: 2.5 })
      await tab('Refunds and payouts')
      const row = page.getByTestId(`refund-${refund.transactionId}`)
      await row.waitFor({ timeout: UI_TIMEOUT })
      expect(await row.getByText('pending').count()).toBe(1)
      // Friday, then the next five business days: the clock the page shows follows each click.
      for (const day of ['09', '10', '11', '12', '13']) {
        await page.getByRole('button', { name: '+1 business day' }).click()
        await expect
          .poll(() => page.getByTestId('clock-now').textContent(), { timeout: UI_TIMEOUT })
          .toBe(`2026-11-${day} 09:00:00Z`)
      }
      await expect.poll(() => row.getByText('completed').count(), { timeout: UI_TIMEOUT }).toBe(1)
      await docsScreenshot(page, 'inspector-refunds.png')
    },
  )

  it(
    "every amount is written one way, separators and the currency's decimals (USD 1,234.50, KHR 1,500,000), " +
      'in balances, orders, refunds, payouts and webhooks alike',
    async () => {
      const sdk = await gateway()
      const usdOrder = await sdk.orders.create({ storeId: 101, amount: 1234.5, currency: 'USD' })
      const khrOrder = await sdk.orders.create({ storeId: 101, amount: 1_500_000, currency: 'KHR' })
      for (const order of [usdOrder, khrOrder])
        await http('POST', `${cli.url}/__mock/payments`, { orderId: Number(order.order_id), status: 'SUCCESS' })
      const usdPayout = await sdk.payouts.create({ accountNumber: '100200300', amount: 1000, currency: 'USD' })
      const khrPayout = await sdk.payouts.create({ accountNumber: '100200300', amount: 2_000_000, currency: 'KHR' })

      await tab('Orders')
      const amountOf = async (testId: string) => {
        const row = page.getByTestId(testId)
        await row.waitFor({ timeout: UI_TIMEOUT })
        return (await row.textContent()) ?? ''
      }
      expect(await amountOf(`order-${usdOrder.order_id}`)).toContain('USD 1,234.50')
      expect(await amountOf(`order-${khrOrder.order_id}`)).toContain('KHR 1,500,000')

      await tab('Refunds and payouts')
      expect(await amountOf(`payout-${usdPayout.transactionId}`)).toContain('USD 1,000.00')
      expect(await amountOf(`payout-${khrPayout.transactionId}`)).toContain('KHR 2,000,000')
      expect(await page.getByRole('tabpanel').getByText('USD 2.50').count()).toBe(1)

      await tab('Webhooks')
      const summaries = (await page.locator('details.webhook summary').allTextContents()).join('\n')
      expect(summaries).toContain('USD 1,234.50')
      expect(summaries).toContain('KHR 1,500,000')
      expect(summaries).toContain('USD 12.50')

      // The balances: whatever the payouts hold back, each figure is the server's number, written with
      // separators and the currency's decimals.
      await tab('Merchants')
      const { body: balances } = await http('GET', `${cli.url}/__mock/merchants/1/balances`)
      const cells = (currency: 'usd' | 'khr') => page.getByTestId(`balance-1-${currency}`).locator('td')
      const figures = (b: { balance: number; freeze: number; usable: number }) => [b.balance, b.freeze, b.usable]
      const written = (text: string, currency: string) => {
        const pattern = currency === 'USD' ? /^USD \d{1,3}(,\d{3})*\.\d{2}$/ : /^KHR \d{1,3}(,\d{3})*$/
        return pattern.test(text) ? Number(text.slice(4).replaceAll(',', '')) : text
      }
      await expect
        .poll(async () => (await cells('usd').allTextContents()).map((text) => written(text, 'USD')))
        .toEqual(figures(balances.usd))
      await expect
        .poll(async () => (await cells('khr').allTextContents()).map((text) => written(text, 'KHR')))
        .toEqual(figures(balances.khr))
      expect(balances.khr.balance).toBeGreaterThanOrEqual(1000)
    },
  )

  it('an answer not JSON (HTML or plain-text 502, empty body) reads as what the server answered', async () => {
    const answers = [
      {
        contentType: 'text/html',
        body: '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>',
        shown: 'the server answered 502 with text/html, not JSON: "502 Bad Gateway nginx"',
      },
      { contentType: 'text/plain', body: 'upstream connect error', shown: 'the server answered 502 with text/plain' },
      { contentType: undefined, body: '', shown: 'the server answered 502 with an empty body' },
    ]
    for (const answer of answers) {
      await page.route('**/__mock/version', (route) =>
        route.fulfill({
          status: 502,
          body: answer.body,
          ...(answer.contentType ? { contentType: answer.contentType } : {}),
        }),
      )
      await expect.poll(() => headerError().textContent(), { timeout: UI_TIMEOUT }).toContain(answer.shown)
      expect(await page.getByText(/SyntaxError|Unexpected token|not valid JSON/).count()).toBe(0)
      await page.unroute('**/__mock/version')
    }
    await expect.poll(() => headerError().count(), { timeout: UI_TIMEOUT }).toBe(0)

    // An action answered by something else than the mock: the notice says what came back.
    const before = await clockNow()
    await page.route('**/__mock/clock', (route) =>
      route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }),
    )
    await page.getByRole('button', { name: '+1 hour' }).click()
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain('+1 hour: the server answered 500 with text/html, not JSON: "Internal Server Error"')
    await page.unroute('**/__mock/clock')
    expect(await clockNow()).toBe(before)
  })

  it(
    'the clock is set by a UTC ISO 8601 date as it shows; a malformed date, or a day the calendar lacks, ' +
      'says which and moves nothing',
    async () => {
      const field = page.getByLabel('Set the clock to')
      const set = page.getByRole('button', { name: 'Set', exact: true })
      const before = await clockNow()
      for (const [wrong, said] of [
        ['13/11/2026 10:00', 'is not a UTC date'],
        ['2026-11-16T10:30:00', 'is not a UTC date'],
        ['monday', 'is not a UTC date'],
        // Well written, but no such day or time: the message says so, not that the form is wrong.
        ['2026-02-30', 'is no day or time of the calendar'],
        ['2026-11-16T24:30:00Z', 'is no day or time of the calendar'],
      ] as const) {
        await field.fill(wrong)
        await set.click()
        const message = page.getByTestId('clock-set-error')
        await expect.poll(() => message.textContent()).toContain(`"${wrong}" ${said}`)
        expect(await message.textContent()).toContain('2026-11-13T09:00:00Z')
        expect(await clockNow()).toBe(before)
      }
      expect(await page.getByTestId('clock-now').textContent()).toBe('2026-11-13 09:00:00Z')

      await field.fill('2026-11-16T10:30:00Z')
      await set.click()
      await expect.poll(() => page.getByTestId('clock-now').textContent()).toBe('2026-11-16 10:30:00Z')
      expect(await clockNow()).toBe('2026-11-16T10:30:00.000Z')
      expect(await page.getByTestId('clock-set-error').count()).toBe(0)
      // The clock's own text, pasted back, is a date the field takes.
      await field.fill('2026-11-16 11:00:00Z')
      await set.click()
      await expect.poll(() => page.getByTestId('clock-now').textContent()).toBe('2026-11-16 11:00:00Z')
    },
  )

  it('the Faults form labels each field with a visible label tied to its input', async () => {
    await tab('Faults')
    const form = page.getByRole('tabpanel').locator('form')
    for (const name of ['Route', 'Kind', 'Status']) {
      const label = form.locator('label').filter({ hasText: name })
      expect(await label.isVisible()).toBe(true)
      expect(await label.evaluate((l) => (l as HTMLLabelElement).control?.tagName)).toMatch(/^(INPUT|SELECT)$/)
    }
    await page.getByLabel('Route').fill('POST /api/v1/payment-gateway/order/create')
    await page.getByLabel('Kind').selectOption('error')
    await page.getByLabel('Status').fill('502')
    await form.getByRole('button', { name: 'Add fault' }).click()
    await expect.poll(() => page.getByRole('tabpanel').getByText('error 502').count()).toBe(1)

    await page.getByLabel('Kind').selectOption('latency')
    expect(await form.locator('label').filter({ hasText: 'Delay (ms)' }).isVisible()).toBe(true)
    await page.getByLabel('Delay (ms)').fill('1500')
    await form.getByRole('button', { name: 'Add fault' }).click()
    await expect.poll(() => page.getByRole('tabpanel').getByText('latency 1500 ms').count()).toBe(1)
    const faults = (await http('GET', `${cli.url}/__mock/faults`)).body as Array<{ kind: string; delayMs: number }>
    expect(faults.find((f) => f.kind === 'latency')?.delayMs).toBe(1500)
    await form.getByRole('button', { name: 'Clear' }).click()
    await expect.poll(() => page.getByRole('tabpanel').getByText('No active faults.').count()).toBe(1)
  })

  it('Save state downloads the complete state as a file named after the mock clock, what a mock loads', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Save state' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^mock-state-2026-11-\d\dT\d\d-\d\d-\d\dZ\.json$/)
    const saved = JSON.parse(readFileSync(await download.path(), 'utf8'))
    expect(saved.format).toBe(1)
    expect(saved.state).toEqual((await http('GET', `${cli.url}/__mock/snapshot`)).body.state)
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Saved the state as mock-state-')
  })

  it('on a 390 px wide screen no tab scrolls sideways, neither the page nor any box in it', async () => {
    // Something in every tab, with long unbroken words: an e-mail address, a route, idempotency keys.
    await http('POST', `${cli.url}/__mock/users`, {
      email: 'a.rather.long.address.for.a.phone.screen@merchant-company-example.com',
      phone: { phoneCode: '855', countryCode: 'KH', phoneNumber: '12345678' },
    })
    await http('POST', `${cli.url}/__mock/faults`, {
      route: 'POST /api/v1/payment-gateway/order/refund',
      kind: 'error',
      status: 503,
      times: 'always',
    })
    await page.setViewportSize({ width: 390, height: 844 })
    const sideways = () =>
      page.evaluate(() => {
        const wide: string[] = []
        if (document.documentElement.scrollWidth > 390) wide.push(`the page: ${document.documentElement.scrollWidth}`)
        for (const element of document.querySelectorAll<HTMLElement>('body *')) {
          const { overflowX } = getComputedStyle(element)
          if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth)
            wide.push(`${element.tagName.toLowerCase()}.${element.className}: ${element.scrollWidth}`)
        }
        return wide
      })
    for (const name of ['Merchants', 'Orders', 'Refunds and payouts', 'Webhooks', 'PIN users', 'Faults', 'Requests']) {
      await tab(name)
      await page.getByRole('tabpanel').locator('table, .card, details, ul').first().waitFor({ timeout: UI_TIMEOUT })
      // Every webhook opened: the signed headers and the raw body are the widest text the page shows.
      if (name === 'Webhooks')
        await page.evaluate(() => {
          for (const details of document.querySelectorAll('details')) details.open = true
        })
      expect({ tab: name, wide: await sideways() }).toEqual({ tab: name, wide: [] })
      if (name === 'Orders') await docsScreenshot(page, 'inspector-phone.png')
    }
    expect(await page.getByRole('tab').count()).toBe(7)
  })
})
