/**
 * @module test/guides/prelude
 * What a guide's example runs against in the doc-test.
 *
 * A self-contained guide's example (see `SELF_CONTAINED_GUIDES` in docs/.vitepress/runner/blocks.ts) gets
 * what its reader has, and nothing more: {@link installServer} starts the mock as a real HTTP server, as
 * `npx merchant-gateway-mock serve` does (the demo merchant: API key `mk_test_demo`, store 101; the real
 * clock, running), on a free port of 127.0.0.1, and sets the three environment variables the reader exports
 * (`GATEWAY_BASE_URL`, its address, `GATEWAY_API_KEY`, `GATEWAY_API_SECRET`). No fetch is intercepted and no
 * order is paid for the example: one that refunds an order pays it first, through the control API, as its
 * reader must.
 *
 * The other guides' examples take more for granted, in two layers:
 *
 * - {@link installGateway}: a gateway behind every `https://*.example.com` address and the environment
 *   variables an example may read (`GATEWAY_API_KEY`, ...). The gateway is the mock, seeded with the CLI's
 *   demo merchant, on the real clock, so that the SDK's signatures with `Date.now` are fresh. An order an
 *   example creates is paid at once, as if the customer scanned the QR code right away, so that the
 *   example's refund goes through.
 * - {@link installPrelude}: the gateway, plus the names the guides' examples use without defining them (a
 *   merchant's `apiKey`, an `auth` service, a `tracer`, an Express `app`...) as globals.
 *
 * The gateway, the environment variables and the names, with their values, are those of
 * docs/.vitepress/runner/prelude.ts, which the docs site's runner gives the same examples in the reader's
 * browser; this file installs them in Node. The names are declared for the type check in `prelude.d.ts`; a
 * name added to them goes there too.
 */
import { DEMO_MERCHANT, startMockServer } from '@merchant-gateway/mock/server'
import type { MockGateway } from '@merchant-gateway/mock'
import {
  createGuideGateway,
  type GuideGateway,
  guideEnv,
  preludeGlobals,
  selfContainedEnv,
} from '../../docs/.vitepress/runner/prelude.js'

export { payAnOrder } from '../../docs/.vitepress/runner/prelude.js'

/**
 * What an example runs against; `restore` puts the globals and the environment back as they were (and
 * closes the server of {@link installServer}).
 */
export interface Installed {
  mock: MockGateway
  restore: () => Promise<void>
}

/** Sets the variables of `env` in `process.env`; returns what puts the previous values back. */
function setEnv(env: Record<string, string>): () => void {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]))
  Object.assign(process.env, env)
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  }
}

/**
 * The mock as its reader runs it, for an example of a self-contained guide: a real HTTP server (see the
 * module's comment) and the three environment variables; nothing else. `restore` closes the server.
 */
export async function installServer(): Promise<Installed & { url: string }> {
  const server = await startMockServer({ seed: [DEMO_MERCHANT], port: 0, host: '127.0.0.1' })
  const restoreEnv = setEnv(selfContainedEnv(server.url))
  const realFetch = globalThis.fetch
  const restore = async () => {
    // Not an interception: an example may replace fetch itself (msw's setupServer does, until its close()).
    if (globalThis.fetch !== realFetch) globalThis.fetch = realFetch
    restoreEnv()
    await server.close()
  }
  return { mock: server.mock, restore, url: server.url }
}

/** Sets each global of `values` (a data property); returns what puts the previous ones back. */
function defineGlobals(values: Record<string, unknown>): () => void {
  const previous = new Map(Object.keys(values).map((k) => [k, Object.getOwnPropertyDescriptor(globalThis, k)]))
  for (const [name, value] of Object.entries(values))
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true })
  return () => {
    for (const [name, descriptor] of previous) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor)
      else delete (globalThis as Record<string, unknown>)[name]
    }
  }
}

/**
 * The gateway behind `https://*.example.com` (the global `fetch` answers those addresses from the mock and
 * refuses any other) and the environment variables; no other global.
 */
export async function installGateway(): Promise<Installed & GuideGateway> {
  const realFetch = globalThis.fetch
  // The mock's own default address, which no network serves: an example's msw `setupServer` (which
  // intercepts below the platform fetch) answers it, or the platform fetch fails to resolve it.
  const gateway = await createGuideGateway({ servedIn: 'the doc-test', atMockOrigin: (request) => realFetch(request) })
  const restoreEnv = setEnv(guideEnv())
  const restoreFetch = defineGlobals({ fetch: gateway.fetch })
  const restore = async () => {
    restoreFetch()
    // An example may replace fetch itself (msw's setupServer does, until its close()).
    if (globalThis.fetch !== realFetch) globalThis.fetch = realFetch
    restoreEnv()
  }
  return { ...gateway, restore }
}

/** The gateway of {@link installGateway}, and the names the guides' examples take for granted as globals. */
export async function installPrelude(): Promise<Installed> {
  const { mock, restore: restoreGateway, orderId, accessToken } = await installGateway()
  const restoreNames = defineGlobals(preludeGlobals({ orderId, accessToken }))
  const restore = async () => {
    restoreNames()
    await restoreGateway()
  }
  return { mock, restore }
}
