/**
 * @module resource
 * The thin base of every resource: it holds the transport of its client.
 */
import type { Transport } from '../client/transport.js'

/**
 * Base class of `gateway.orders`, `gateway.refunds`, ...
 *
 * @example
 * ```ts
 * class Orders extends APIResource { ... this.transport.call('createOrder', body, options) }
 * ```
 */
export abstract class APIResource {
  constructor(protected readonly transport: Transport) {}
}
