/**
 * Tests of the checkout screen (checkout.ts) in a real browser, against the mock payment gateway.
 *
 * The app code is not changed for the test: it calls the gateway with the browser's `fetch`. MSW's
 * service worker, started below, receives those requests and hands them to `mock.handlers`, which run
 * here in the page; so the test can arrange the gateway's state (merchants, payments, faults) with the
 * mock's control API and look at it afterwards.
 */
import { createMockGateway } from '@merchant-gateway/mock'
import { setupWorker } from 'msw/browser'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { UNAVAILABLE_MESSAGE, showBalance, startCheckout, type CheckoutConfig } from './checkout.js'

// A frozen clock keeps every date in the gateway's answers the same from run to run.
const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true } })
const worker = setupWorker(...mock.handlers)

beforeAll(async () => {
  // 'bypass': requests that are not the gateway's (the test runner's own) go to the network as usual.
  await worker.start({ quiet: true, onUnhandledFrame: 'bypass' })
})

afterEach(async () => {
  // Every test starts from an empty gateway and an empty page.
  await mock.reset()
  document.body.replaceChildren()
})

afterAll(async () => {
  await worker.stop()
})

/** A merchant with one store and the given balances, and the app configuration that points at them. */
async function openTill(balances: { usd?: number; khr?: number }): Promise<CheckoutConfig> {
  const merchant = await mock.merchants.create({ balances })
  const store = await mock.stores.add(merchant.merchantId, { storeName: 'Riverside', address: '1 Main St' })
  return { gatewayUrl: mock.baseUrl, apiKey: merchant.apiKey, storeId: store.storeId }
}

/** An empty element of the page for one screen, found again by its test id. */
function mount(testId: string): HTMLElement {
  const element = document.createElement('section')
  element.dataset.testid = testId
  document.body.append(element)
  return element
}

describe('checkout screen', () => {
  it(
    'shows the order number, the amount to pay and the QR code of the order ' + 'it created, and the QR image loads',
    async () => {
      const config = await openTill({ usd: 100 })
      const checkout = mount('checkout')

      const orderId = await startCheckout(checkout, config, { amount: 12.5, currency: 'USD' })

      // The gateway really has the order, waiting for the customer.
      const order = mock.orders.get(orderId!)
      expect(order).toMatchObject({ storeId: config.storeId, amount: 12.5, currency: 'USD', status: 'pending' })
      await expect
        .element(page.getByTestId('checkout').getByRole('status'))
        .toHaveTextContent(`Order ${orderId}: scan the QR code to pay USD 12.50`)
      const qr = page.getByRole('img', { name: `Payment QR code for order ${orderId}` })
      await expect.element(qr).toHaveAttribute('src', `${mock.baseUrl}/qr/${encodeURIComponent(order!.qrData)}.png`)
      // The image really loads: the service worker hands the request to the mock, which serves a PNG of
      // the order's QR code. decode() rejects for a broken image (a 404, bytes that are not a picture).
      const img = qr.element() as HTMLImageElement
      await img.decode()
      // An order's QR data makes a version 2 code: 25 modules and a quiet zone of 4 on each side, 8 px each.
      expect(img.naturalWidth).toBe((25 + 2 * 4) * 8)
      expect(img.naturalHeight).toBe(img.naturalWidth)
      expect(checkout.dataset.state).toBe('awaiting-payment')
    },
  )

  it('once the customer has paid, the balance shows the payment as available', async () => {
    const config = await openTill({ usd: 100 })
    const orderId = await startCheckout(mount('checkout'), config, { amount: 12.5, currency: 'USD' })

    // The customer scans and pays: the mock's control API plays their part.
    await mock.payments.create({ orderId: orderId!, status: 'SUCCESS' })

    await showBalance(mount('balance'), config, 'USD')
    await expect
      .element(page.getByTestId('balance').getByRole('status'))
      .toHaveTextContent('Available: USD 112.50 (on hold: USD 0.00)')
  })

  it('shows an error message when the gateway answers 503, and the next try creates the order', async () => {
    const config = await openTill({ usd: 100 })
    mock.faults.add({ route: 'POST /api/v1/payment-gateway/order/create', kind: 'error', status: 503 })
    const checkout = mount('checkout')

    expect(await startCheckout(checkout, config, { amount: 12.5, currency: 'USD' })).toBeUndefined()
    await expect.element(page.getByRole('alert')).toHaveTextContent(UNAVAILABLE_MESSAGE)
    expect(checkout.dataset.state).toBe('error')

    // The fault fired once (the SDK does not repeat a create order on its own); the cashier tries again.
    const orderId = await startCheckout(checkout, config, { amount: 12.5, currency: 'USD' })
    expect(mock.orders.get(orderId!)?.status).toBe('pending')
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent(`Order ${orderId}: scan the QR code to pay USD 12.50`)
    expect(page.getByRole('alert').elements()).toHaveLength(0)
  })
})
