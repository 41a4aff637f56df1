/**
 * @module app
 * The signed-in user's page: who is signed in, the payment PIN, and the orders placed with the shop.
 */
import { PinClient } from '@merchant-gateway/sdk/pin'
import type { AppConfig } from './config.js'
import { h } from './dom.js'
import { renderOrders } from './orders.js'
import { renderPinPage } from './pin-page.js'

/** Renders the page into `root` and marks it ready (`aria-busy="false"`). */
export function renderApp(root: HTMLElement, config: AppConfig): void {
  const pins = new PinClient({ baseUrl: config.gatewayUrl, accessToken: config.accessToken })
  const pinSection = h('section', { 'aria-labelledby': 'pin-title', id: 'pin' })
  const ordersSection = h('section', { 'aria-labelledby': 'orders-title', id: 'orders' })
  root.replaceChildren(
    h('header', {}, h('h1', {}, 'Your account'), h('p', {}, `Signed in as ${config.user.name} (${config.user.email})`)),
    pinSection,
    ordersSection,
  )
  renderPinPage(pinSection, { pins, email: config.user.email, hasPin: config.user.hasPin })
  renderOrders(ordersSection, { backendUrl: config.backendUrl })
  root.setAttribute('aria-busy', 'false')
}
