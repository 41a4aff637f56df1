/**
 * The order status view (the app's src/orders.ts) in the states a designer needs. Each story starts from a scenario
 * file (stories/scenario.ts): the gateway's order, payment or refund, and the shop's backend started with
 * the orders the gateway holds, which the view loads (`GET /api/orders`).
 */
import type { Meta, StoryContext, StoryObj } from '@storybook/html-vite'
import { expect, within } from 'storybook/test'
import { renderOrders } from '../../pin-app/src/orders.js'
import { fromScenario, type Loaded } from './scenario.js'

function render(_args: unknown, { loaded }: StoryContext): HTMLElement {
  const root = document.createElement('section')
  renderOrders(root, { backendUrl: (loaded as Loaded).world.config.backendUrl })
  return root
}

/** The story's play: the order's line shows `text`. */
function shows(text: string): Story['play'] {
  return async ({ canvasElement }) => {
    const order = await within(canvasElement).findByRole('listitem')
    await expect(order).toHaveTextContent(text)
  }
}

const meta = {
  title: 'Orders',
  render,
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** An order placed, not paid yet: its QR code for the customer to scan. */
export const WaitingForPayment: Story = {
  ...fromScenario('order-pending'),
  play: shows('Order 1001 · USD 12.50 · Waiting for payment'),
}

/** The customer paid. */
export const Paid: Story = { ...fromScenario('order-paid'), play: shows('Order 1001 · USD 12.50 · Paid') }

/** The customer's payment failed. */
export const PaymentFailed: Story = {
  ...fromScenario('payment-failed'),
  play: shows('Order 1001 · USD 4.20 · Payment failed'),
}

/** The shop refunded the paid order; the refund settles later. */
export const RefundPending: Story = {
  ...fromScenario('refund-pending'),
  play: shows('Order 1001 · USD 12.50 · Refund pending'),
}
