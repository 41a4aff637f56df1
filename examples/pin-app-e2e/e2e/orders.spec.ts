/**
 * The order status view: the page polls the merchant backend, which learns from the gateway's signed
 * webhooks what happened to the payment. The test is the customer: it pays, or fails to, through the mock.
 */
import type { Page } from '@playwright/test'
import { expect, openScenario, test } from './fixtures.js'

/** Places an order of `amount` through the page; returns its id and the list item that shows it. */
async function placeOrder(app: Page, amount: string) {
  const orders = app.getByRole('region', { name: 'Your orders' })
  await orders.getByLabel('Amount (USD)').fill(amount)
  await orders.getByRole('button', { name: 'Place order' }).click()
  const item = orders.getByRole('listitem').first()
  await expect(item).toContainText('Waiting for payment')
  const orderId = Number((await item.getAttribute('aria-label'))?.replace('Order ', ''))
  return { orderId, item }
}

test('an order the customer paid shows as paid', async ({ app }) => {
  const { orderId, item } = await placeOrder(app, '12.50')
  await expect(item).toContainText(`Order ${orderId} · USD 12.50 · Waiting for payment`)
  // The QR code the customer scans: the mock serves the image, and it loads.
  const qr = item.getByRole('img', { name: `Payment QR code for order ${orderId}` })
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)

  await app.evaluate((id) => window.__mock!.payments.create({ orderId: id, status: 'SUCCESS' }), orderId)

  await expect(item).toContainText(`Order ${orderId} · USD 12.50 · Paid`)
  await expect(item).toHaveAttribute('data-status', 'completed')
  await expect(qr).toHaveCount(0)
  // The backend was told by a verified webhook, delivered over HTTP to its route.
  const webhooks = await app.evaluate(() => window.__mock!.webhooks.list())
  expect(webhooks.at(-1)).toMatchObject({ status: 'delivered', payload: { orderId, status: 'SUCCESS' } })
})

test('an order whose payment failed shows the failure (from order-pending.json)', async ({ page }) => {
  // The scenario: an order of USD 12.50 placed earlier, waiting for payment.
  const app = await openScenario(page, 'order-pending')
  const item = app.getByRole('region', { name: 'Your orders' }).getByRole('listitem')
  await expect(item).toHaveText(/^Order 1001 · USD 12\.50 · Waiting for payment/)

  // The webhook goes to this page's backend: the scenario's merchant is pointed at it when it loads.
  await app.evaluate(() => window.__mock!.payments.create({ orderId: 1001, status: 'FAILED' }))
  await expect(item).toContainText('Order 1001 · USD 12.50 · Payment failed')
  await expect(item).toHaveAttribute('data-status', 'failed')
})

test('a paid order the shop refunded shows the refund pending (from refund-pending.json)', async ({ page }) => {
  const app = await openScenario(page, 'refund-pending')
  const item = app.getByRole('region', { name: 'Your orders' }).getByRole('listitem')
  await expect(item).toContainText('Order 1001 · USD 12.50 · Refund pending')
  await expect(item.getByRole('img')).toHaveCount(0)
})
