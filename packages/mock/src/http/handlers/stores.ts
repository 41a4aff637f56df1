/**
 * @module handlers/stores
 * List stores and balance inquiry: standard authentication, no body, enveloped answers.
 */
import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { listStores } from '../../domain/stores.js'
import { route } from '../pipeline.js'
import type { GatewayRuntime } from '../runtime.js'
import { balanceBody, storeBody } from '../wire.js'

/** POST stores/list and POST balance-inquiry. */
export function accountHandlers(runtime: GatewayRuntime) {
  return [
    route(runtime, {
      operation: 'listStores',
      method: 'POST',
      path: GATEWAY_PATHS.listStores,
      auth: 'standard',
      body: 'none',
      shape: 'envelope',
      parse: () => undefined,
      run: (ctx, merchant) => listStores(ctx, merchant.merchantId).map(storeBody),
    }),
    route(runtime, {
      operation: 'balanceInquiry',
      method: 'POST',
      path: GATEWAY_PATHS.balanceInquiry,
      auth: 'standard',
      body: 'none',
      shape: 'envelope',
      parse: () => undefined,
      run: (ctx, merchant) => balanceBody(ctx, merchant.merchantId),
    }),
  ]
}
