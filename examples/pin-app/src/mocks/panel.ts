/**
 * @module mocks/panel
 * The "Mock state" panel the dev server adds to the page: the mock's clock, the user's PIN state, the
 * codes "sent" by e-mail and the orders, with buttons that act as the outside world (the customer pays
 * or fails to, time passes). It reads the mock in the page directly (`mock.snapshot()`), redrawing when
 * `mock.version()` moves. Dev server and tests only.
 */
import type { MockGateway } from '@merchant-gateway/mock'
import { h } from '../dom.js'

/** Adds the panel to `parent` and keeps it up to date. */
export function mountMockPanel(parent: HTMLElement, mock: MockGateway, userId: number): void {
  const clock = h('p')
  const body = h('div')
  const actions = h(
    'div',
    { class: 'actions' },
    button('Customer pays the last order', () => payLast(mock, 'SUCCESS')),
    button('Payment of the last order fails', () => payLast(mock, 'FAILED')),
    button('Clock +1 min', () => mock.clock.advance(60_000)),
    button('Clock +11 min', () => mock.clock.advance(11 * 60_000)),
  )
  parent.append(
    h(
      'aside',
      { class: 'mock-panel', 'aria-label': 'Mock state' },
      h('details', { open: true }, h('summary', {}, 'Mock state (dev server only)'), clock, actions, body),
    ),
  )

  let seen = ''
  const refresh = async () => {
    const now = mock.clock.now()
    clock.textContent = `Mock clock: ${now}`
    // Redrawn when the mock's state or its clock moved (a block ends with time alone).
    if (`${mock.version()} ${now}` === seen) return
    seen = `${mock.version()} ${now}`
    const state = await mock.snapshot({ limit: 5 })
    const user = state.users.find((u) => u.userId === userId)
    body.replaceChildren(
      h('h4', {}, 'PIN user'),
      h('p', { 'data-testid': 'mock-user' }, user ? `${user.email}: ${pinState(user, now)}` : 'no user'),
      h('h4', {}, 'Codes sent (newest first)'),
      list(state.otp.map((m) => `${m.code} to ${m.to} at ${m.sentAt}`)),
      h('h4', {}, 'Orders (newest first)'),
      list(state.orders.map((o) => `${o.orderId}: ${o.currency} ${o.amount}, ${o.status}`)),
    )
  }
  void refresh()
  setInterval(() => void refresh(), 500)
}

/**
 * The user's PIN state in words: `no PIN yet`; `PIN set, no wrong attempt`; `PIN set, 2 wrong attempts in a
 * row`, and `blocked until <time>` while the block lasts on the mock's clock (`now`).
 */
function pinState(user: { hasPin: boolean; wrongAttempts: number; blockedUntil: string | null }, now: string): string {
  if (!user.hasPin) return 'no PIN yet'
  const n = user.wrongAttempts
  const attempts = n === 0 ? 'no wrong attempt' : `${n} wrong ${n === 1 ? 'attempt' : 'attempts'} in a row`
  const blocked = user.blockedUntil !== null && Date.parse(user.blockedUntil) > Date.parse(now)
  return `PIN set, ${attempts}${blocked ? `, blocked until ${user.blockedUntil}` : ''}`
}

async function payLast(mock: MockGateway, status: 'SUCCESS' | 'FAILED'): Promise<void> {
  const [order] = (await mock.snapshot({ limit: 1 })).orders
  if (order) await mock.payments.create({ orderId: order.orderId, status })
}

function button(text: string, run: () => Promise<unknown>): HTMLButtonElement {
  const b = h('button', { type: 'button' }, text)
  b.addEventListener('click', () => void run().catch((error: unknown) => console.error(error)))
  return b
}

function list(lines: string[]): HTMLElement {
  return lines.length ? h('ul', {}, ...lines.map((line) => h('li', {}, line))) : h('p', {}, 'none')
}
