/**
 * The mock as a real HTTP server on Node (`node:http`), with the control API under `/__mock` and sessions,
 * isolated mocks each under its own base URL (`/s/<id>`).
 * A separate entry so that the main one stays free of `node:*` imports and runs in browsers.
 *
 * @module \@merchant-gateway/mock/server
 */
export { startMockServer } from './adapters/start-mock-server.js'
export {
  MAX_BODY_BYTES,
  MAX_STATE_BYTES,
  DRAIN_BYTES,
  LINGER_MS,
  LINGER_IDLE_MS,
  DEFAULT_SESSION_LIMITS,
  DEFAULT_KEEP_ALIVE_SECONDS,
  MAX_KEEP_ALIVE_SECONDS,
  type MockServer,
  type MockServerOptions,
  type MockServerSessions,
} from './adapters/http-server.js'
export type { MockSession, SessionEntry, SessionLimits, SessionMerchant } from './adapters/sessions/registry.js'
// What a session is made with, as a zod/mini schema (the control API's OpenAPI document is built from it), and
// the session routes as `GET /__mock` lists them.
export { createSessionBody, type SessionOptions } from './adapters/sessions/session-body.js'
export { sessionRoutes } from './adapters/sessions/sessions-part.js'
export { DEMO_MERCHANT, type DemoMerchant } from './cli/demo-merchant.js'
