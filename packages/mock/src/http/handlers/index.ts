/**
 * @module handlers
 * Every route of one mock instance (gateway and PIN module), in matching order (the catch-all last).
 */
import type { HttpHandler } from 'msw'
import type { GatewayRuntime } from '../runtime.js'
import { moneyHandlers } from './money.js'
import { notFoundHandler } from './not-found.js'
import { orderHandlers } from './orders.js'
import { pinHandlers } from './pin.js'
import { accountHandlers } from './stores.js'
import { transactionHandlers } from './transactions.js'

/** The msw handlers of the gateway and the PIN module, bound to one instance. */
export function gatewayHandlers(runtime: GatewayRuntime): HttpHandler[] {
  return [...accountHandlers(runtime), ...orderHandlers(runtime), ...transactionHandlers(runtime), ...moneyHandlers(runtime), ...pinHandlers(runtime), notFoundHandler(runtime)]
}
