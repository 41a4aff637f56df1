/**
 * @module stores
 * `gateway.stores`: the merchant's stores (created and managed in the merchant app; the API lists them).
 */
import type { Store } from '@merchant-gateway/contract'
import type { WithMeta } from '../client/metadata.js'
import type { PublicCall } from '../client/operation.js'
import type { RequestOptions } from '../client/options.js'
import { APIResource } from './resource.js'

const LIST: PublicCall = { method: 'stores.list' }

/**
 * The merchant's stores.
 *
 * @example
 * ```ts
 * const stores = await gateway.stores.list()
 * const storeId = stores[0]!.storeId
 * ```
 */
export class Stores extends APIResource {
  /**
   * Lists the merchant's stores. A merchant without stores gets a {@link NotFoundError} (as the gateway documents it).
   */
  list(options?: RequestOptions): Promise<WithMeta<Store[]>> {
    return this.transport.call('listStores', undefined, options, LIST)
  }
}
