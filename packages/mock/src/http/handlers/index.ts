/**
 * @module handlers
 * Every route of one mock instance (gateway, PIN module, QR code images), in matching order (the
 * catch-all last). service-routes.ts compiles the table into msw handlers and into the direct dispatcher.
 */
import type { GatewayRuntime } from '../runtime.js'
import type { ServiceRoute } from '../service-routes.js'
import { moneyHandlers } from './money.js'
import { notFoundHandler } from './not-found.js'
import { orderHandlers } from './orders.js'
import { pinHandlers } from './pin.js'
import { qrImageHandlers } from './qr-images.js'
import { accountHandlers } from './stores.js'
import { transactionHandlers } from './transactions.js'

/** The routes of the gateway, the PIN module and the QR code images, bound to one instance: the one route table. */
export function serviceRoutes(runtime: GatewayRuntime): ServiceRoute[] {
  return [
    ...accountHandlers(runtime),
    ...orderHandlers(runtime),
    ...transactionHandlers(runtime),
    ...moneyHandlers(runtime),
    ...pinHandlers(runtime),
    ...qrImageHandlers(runtime),
    notFoundHandler(runtime),
  ]
}
