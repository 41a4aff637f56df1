/**
 * @module checkout
 * The checkout screen of a point-of-sale web app: it creates the order on the payment gateway, shows
 * the customer the QR code to scan, and shows the merchant's balance. It is ordinary app code: it builds
 * its `GatewayClient` from configuration and lets it use the browser's `fetch`, with no test hooks. In
 * the tests, MSW's service worker answers that `fetch` with the mock gateway.
 *
 * Only calls that need no API secret are made here (create order, balance inquiry): the secret signs
 * refunds and payouts and belongs on a server, never in a browser bundle.
 */
import {
  GatewayClient,
  isConnectionError,
  isGatewayError,
  isInvalidRequestError,
  isRequestTimeoutError,
  isServerError,
} from '@merchant-gateway/sdk'

/** Where the app finds the gateway and which store it sells from (from the app's configuration). */
export interface CheckoutConfig {
  /** The gateway's base URL, e.g. `https://pay.example.com`. */
  gatewayUrl: string
  /** The merchant's API key; enough for creating orders and reading the balance. */
  apiKey: string
  /** The store the till belongs to, as listed by the gateway. */
  storeId: number
}

/** What the customer pays for: an amount in major units (USD 12.5, KHR 4000). */
export interface Sale {
  amount: number
  currency: 'USD' | 'KHR'
}

/** The text shown when the gateway cannot be reached or fails; the cashier can simply try again. */
export const UNAVAILABLE_MESSAGE = 'The payment service is not available right now. Please try again in a moment.'

/**
 * Formats an amount as the screen shows it: `USD 12.50`, `KHR 4,000` (riel has no minor unit).
 *
 * @example
 * ```ts
 * formatMoney(112.5, 'USD') // 'USD 112.50'
 * ```
 */
function formatMoney(amount: number, currency: Sale['currency']): string {
  const digits = currency === 'USD' ? 2 : 0
  const figures = amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
  return `${currency} ${figures}`
}

/**
 * Creates the order for `sale` and renders, in `view`, either the QR code with what to pay or an error
 * the cashier can act on. `view.dataset.state` follows along: `creating`, then `awaiting-payment` or
 * `error`, so styles (and tests) can tell the screens apart.
 *
 * @returns the new order's id, or `undefined` when the gateway refused or failed (the error is shown).
 * @throws anything that is not a gateway error: a bug in the app should not look like an outage.
 *
 * @example
 * ```ts
 * const orderId = await startCheckout(document.querySelector('#checkout')!, config, { amount: 12.5, currency: 'USD' })
 * ```
 */
export async function startCheckout(
  view: HTMLElement,
  config: CheckoutConfig,
  sale: Sale,
): Promise<number | undefined> {
  view.dataset.state = 'creating'
  view.replaceChildren(paragraph('status', 'Creating the order…'))
  try {
    const order = await gatewayFor(config).orders.create({
      storeId: config.storeId,
      amount: sale.amount,
      currency: sale.currency,
    })
    const qr = document.createElement('img')
    qr.src = order.qr_code
    qr.alt = `Payment QR code for order ${order.order_id}`
    view.dataset.state = 'awaiting-payment'
    view.replaceChildren(
      paragraph(
        'status',
        `Order ${order.order_id}: scan the QR code to pay ${formatMoney(sale.amount, sale.currency)}`,
      ),
      qr,
    )
    return Number(order.order_id)
  } catch (error) {
    view.dataset.state = 'error'
    view.replaceChildren(paragraph('alert', messageFor(error)))
    return undefined
  }
}

/**
 * Renders the merchant's balance in `currency` into `view`: what can be used now and what is on hold
 * (refunds and payouts in progress, payments awaiting confirmation).
 *
 * @example
 * ```ts
 * await showBalance(document.querySelector('#balance')!, config, 'USD') // "Available: USD 112.50 (on hold: USD 0.00)"
 * ```
 */
export async function showBalance(
  view: HTMLElement,
  config: CheckoutConfig,
  currency: Sale['currency'],
): Promise<void> {
  try {
    const balance = await gatewayFor(config).balance.retrieve()
    const figures = currency === 'USD' ? balance.usd : balance.khr
    view.replaceChildren(
      paragraph(
        'status',
        `Available: ${formatMoney(figures.usable, currency)} (on hold: ${formatMoney(figures.freeze, currency)})`,
      ),
    )
  } catch (error) {
    view.replaceChildren(paragraph('alert', messageFor(error)))
  }
}

/** One client per call keeps the example short; an app would keep one for the page's lifetime. */
function gatewayFor(config: CheckoutConfig): GatewayClient {
  return new GatewayClient({ apiKey: config.apiKey, baseUrl: config.gatewayUrl })
}

/**
 * What the cashier reads for a failed call. An outage and a refusal need different actions, so they read differently.
 */
function messageFor(error: unknown): string {
  if (isServerError(error) || isConnectionError(error) || isRequestTimeoutError(error)) return UNAVAILABLE_MESSAGE
  if (isInvalidRequestError(error)) return `The gateway refused the request: ${error.message}`
  if (isGatewayError(error)) return `The gateway could not complete the request (${error.name}).`
  throw error
}

function paragraph(role: 'status' | 'alert', text: string): HTMLParagraphElement {
  const p = document.createElement('p')
  p.setAttribute('role', role)
  p.textContent = text
  return p
}
