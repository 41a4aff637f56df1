/**
 * The mock as a real HTTP server on Node (`node:http`), with the control API under `/__mock`.
 * A separate entry so that the main one stays free of `node:*` imports and runs in browsers.
 *
 * @module \@merchant-gateway/mock/server
 */
export {
  startMockServer,
  MAX_BODY_BYTES,
  MAX_STATE_BYTES,
  DRAIN_BYTES,
  LINGER_MS,
  LINGER_IDLE_MS,
  type MockServer,
  type MockServerOptions,
} from './adapters/http-server.js'
export { DEMO_MERCHANT, type DemoMerchant } from './cli/demo-merchant.js'
