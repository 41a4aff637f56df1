/**
 * @module orders
 * The user's orders with the shop and their payment status. The page never talks to the payment gateway
 * for this: the merchant's backend creates the order on the gateway (with the API key, which stays on
 * the server), learns from the gateway's signed webhooks whether it was paid, and answers the page's
 * polls:
 *
 * - `POST /api/orders` `{ amount, currency }` → 201 {@link OrderStatus}
 * - `GET /api/orders/:orderId` → 200 {@link OrderStatus}
 */
import { h } from './dom.js'

/** An order as the merchant backend describes it to the page. */
export interface OrderStatus {
  orderId: number
  amount: number
  currency: 'USD' | 'KHR'
  /** The payment QR code's image URL, for the customer to scan. */
  qrCode: string
  /**
   * `pending` until the gateway reports the payment: then `completed` or `failed`. A refund the shop made
   * of a paid order is `refund-pending` until it settles, then `refunded`.
   */
  status: 'pending' | 'completed' | 'failed' | 'refund-pending' | 'refunded'
}

/** Where the backend is, and how often to ask it about an unpaid order. */
export interface OrdersOptions {
  backendUrl: string
  pollMs?: number
}

/** What the user reads for each status. */
const STATUS_TEXT: Record<OrderStatus['status'], string> = {
  pending: 'Waiting for payment',
  completed: 'Paid',
  failed: 'Payment failed',
  'refund-pending': 'Refund pending',
  refunded: 'Refunded',
}

/**
 * Formats an amount as the page shows it: `USD 12.50`, `KHR 4,000`.
 *
 * @example
 * ```ts
 * formatMoney(12.5, 'USD') // 'USD 12.50'
 * ```
 */
function formatMoney(amount: number, currency: OrderStatus['currency']): string {
  const digits = currency === 'USD' ? 2 : 0
  const figures = amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
  return `${currency} ${figures}`
}

/**
 * Renders the orders section into `root`: a form to place an order and the list of the orders placed,
 * those of earlier visits first loaded from the backend (`GET /api/orders`).
 */
export function renderOrders(root: HTMLElement, options: OrdersOptions): void {
  const list = h('ul', { class: 'orders', 'aria-label': 'Orders' })
  const message = h('p', { role: 'status', class: 'message' })
  const form = h(
    'form',
    {},
    h(
      'label',
      {},
      'Amount (USD)',
      h('input', { name: 'amount', type: 'number', min: '0.01', step: '0.01', value: '12.50' }),
    ),
    h('button', { type: 'submit' }, 'Place order'),
  )
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const amount = Number(new FormData(form).get('amount'))
    placeOrder(options, amount).then(
      (order) => {
        message.textContent = ''
        list.prepend(orderItem(order, options))
      },
      () => {
        message.dataset.kind = 'problem'
        message.textContent = 'The shop could not take the order. Please try again.'
      },
    )
  })
  root.replaceChildren(h('h2', { id: 'orders-title' }, 'Your orders'), form, message, list)
  loadOrders(options).then(
    (orders) => list.append(...orders.map((order) => orderItem(order, options))),
    () => {
      message.dataset.kind = 'problem'
      message.textContent = 'Your earlier orders could not be loaded.'
    },
  )
}

async function loadOrders({ backendUrl }: OrdersOptions): Promise<OrderStatus[]> {
  const response = await fetch(`${backendUrl}/api/orders`)
  if (!response.ok) throw new Error(`GET /api/orders: HTTP ${response.status}`)
  return (await response.json()) as OrderStatus[]
}

async function placeOrder({ backendUrl }: OrdersOptions, amount: number): Promise<OrderStatus> {
  const response = await fetch(`${backendUrl}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount, currency: 'USD' }),
  })
  if (!response.ok) throw new Error(`POST /api/orders: HTTP ${response.status}`)
  return (await response.json()) as OrderStatus
}

/** One order in the list: its QR code while unpaid, its status, updated by polling until it is final. */
function orderItem(order: OrderStatus, { backendUrl, pollMs = 1000 }: OrdersOptions): HTMLLIElement {
  const status = h('span', { class: 'status' })
  const qr = h('img', { src: order.qrCode, alt: `Payment QR code for order ${order.orderId}`, width: '132' })
  const item = h(
    'li',
    { 'aria-label': `Order ${order.orderId}` },
    h('span', {}, `Order ${order.orderId} · ${formatMoney(order.amount, order.currency)} · `),
    status,
    qr,
  )
  const show = (current: OrderStatus) => {
    item.dataset.status = current.status
    status.textContent = STATUS_TEXT[current.status]
    if (current.status !== 'pending') qr.remove()
  }
  const poll = async () => {
    try {
      const response = await fetch(`${backendUrl}/api/orders/${order.orderId}`)
      if (response.ok) show((await response.json()) as OrderStatus)
    } catch {
      // The backend did not answer this time: the next poll asks again.
    }
    if (item.dataset.status === 'pending') setTimeout(poll, pollMs)
  }
  show(order)
  if (order.status === 'pending') setTimeout(poll, pollMs)
  return item
}
