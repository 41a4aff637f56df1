/**
 * @module handlers/stores
 * List stores and balance inquiry: standard authentication, no body, enveloped answers.
 */
import { listStores } from '../../domain/stores.js'
import { route } from '../pipeline.js'
import type { GatewayRuntime } from '../runtime.js'
import { balanceBody, storeBody } from '../wire.js'

/** POST stores/list and POST balance-inquiry. */
export function accountHandlers(runtime: GatewayRuntime) {
  return [
    route(runtime, {
      operation: 'listStores',
      run: (ctx, merchant) => listStores(ctx, merchant.merchantId).map(storeBody),
    }),
    route(runtime, {
      operation: 'balanceInquiry',
      run: (ctx, merchant) => balanceBody(ctx, merchant.merchantId),
    }),
  ]
}
