/**
 * @module test/guides/prelude
 * What a guide's example runs against in the doc-test: each example runs two ways, and must run alike.
 *
 * - **In the page's mock** ({@link installInPage}): in Node, what the docs site's runner gives the example in
 *   the reader's browser (docs/.vitepress/runner/prelude.ts): a fresh in-process mock behind the example's
 *   addresses, as `merchant-gateway-mock serve` runs it, answered by the global `fetch`.
 * - **Against `merchant-gateway-mock serve`** ({@link installAgainstServer}): the CLI as a child process
 *   ({@link startServer}: 127.0.0.1, a free port, `--otp-dev-code`), back to its seeded state before each
 *   example (`POST /__mock/reset`), and stopped with its process group after the suite.
 *
 * A guide's example gets, both ways, the gateway behind every `https://*.example.com` address (the page's
 * mock, or the server, where the global `fetch` sends those requests), the environment variables it may
 * read (`GATEWAY_API_KEY`, ...), and the names the guides use without defining them (a merchant's `apiKey`,
 * an `auth` service whose token is a signed-in user's, a `tracer`, an Express `app`...) as globals. A
 * self-contained guide's example (see `SELF_CONTAINED_GUIDES` in docs/.vitepress/runner/blocks.ts) gets what
 * its reader has and nothing more: the mock at `GATEWAY_BASE_URL` and the two credentials.
 *
 * Neither way pays an order for an example: one that refunds an order pays it first, in its own code, through
 * the control API, as its reader must against the server. The names are declared for the type check in
 * `prelude.d.ts`; a name added to them goes there too.
 */
import type { WebhookDelivery } from '@merchant-gateway/mock'
import {
  createGuideGateway,
  createServerStandIn,
  guideEnv,
  MOCK_ORIGIN,
  OTP,
  PIN_USER,
  payAnOrder,
  preludeGlobals,
  SERVER_BASE_URL,
  selfContainedEnv,
} from '../../docs/.vitepress/runner/prelude.js'
import { type Cli, startCli, stopCli } from '../e2e/cli-process.js'

/**
 * What an example runs with: the test's own moves on the same gateway, and `restore`, which puts the
 * globals and the environment back as they were.
 */
export interface Installed {
  /** Creates an order at the demo store and pays it, as its customer would; resolves with its id. */
  payAnOrder(): Promise<number>
  /** The latest webhook the gateway made, as it sent or would send it. */
  lastWebhook(): Promise<Pick<WebhookDelivery, 'headers' | 'rawBody'>>
  restore(): Promise<void>
}

/** What an example is, for its set-up: a self-contained guide's, and one that runs in Node only. */
interface Example {
  selfContained: boolean
  /** It runs in Node only (it starts a server of its own): it may also reach 127.0.0.1, its server's address. */
  nodeOnly?: boolean
}

/** True for a request to this machine's loopback address: a server an example started itself. */
function toLoopback(request: Request): boolean {
  return new URL(request.url).hostname === '127.0.0.1'
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
 * Installs `values` as globals and `env` in the environment; the returned function puts both back, and the
 * platform's `fetch` if an example replaced it (msw's `setupServer` does, until its `close()`).
 */
function install(values: Record<string, unknown>, env: Record<string, string>): () => void {
  const realFetch = globalThis.fetch
  const restoreGlobals = defineGlobals(values)
  const restoreEnv = setEnv(env)
  return () => {
    restoreGlobals()
    if (globalThis.fetch !== realFetch) globalThis.fetch = realFetch
    restoreEnv()
  }
}

/** A fetch of the platform's shape over a function that takes a `Request`. */
function asFetch(answer: (request: Request) => Promise<Response>): typeof globalThis.fetch {
  return (input, init) => answer(new Request(input, init))
}

/**
 * The example's environment as the docs site's runner makes it in the page, in Node: a fresh mock, answered
 * by the global `fetch`. An example that runs in Node only (it starts a server of its own) may also reach
 * 127.0.0.1, which the page does not give it.
 */
export async function installInPage(example: Example): Promise<Installed> {
  const realFetch = globalThis.fetch
  if (example.selfContained) {
    const standIn = createServerStandIn()
    const fetch = asFetch((request) =>
      example.nodeOnly && new URL(request.url).origin !== SERVER_BASE_URL ? realFetch(request) : standIn.fetch(request),
    )
    const restore = install({ fetch }, selfContainedEnv(SERVER_BASE_URL))
    return {
      payAnOrder: () => payAnOrder(SERVER_BASE_URL, fetch),
      lastWebhook: async () => standIn.mock.webhooks.list().at(-1)!,
      restore: async () => restore(),
    }
  }
  // The mock's own default address, which no network serves: an example's msw `setupServer` (which
  // intercepts below the platform fetch) answers it, or the platform fetch fails to resolve it.
  const gateway = await createGuideGateway({ servedIn: 'the doc-test', atMockOrigin: (request) => realFetch(request) })
  const fetch = example.nodeOnly
    ? asFetch((request) => (toLoopback(request) ? realFetch(request) : gateway.fetch(request)))
    : gateway.fetch
  const restore = install({ fetch, ...preludeGlobals(gateway) }, guideEnv())
  return {
    payAnOrder: () => payAnOrder(guideEnv().GATEWAY_BASE_URL!, gateway.fetch),
    lastWebhook: async () => gateway.mock.webhooks.list().at(-1)!,
    restore: async () => restore(),
  }
}

/**
 * `merchant-gateway-mock serve` as a child process, as a reader starts it, with the one-time code the
 * guides' reset examples type: `--otp-dev-code`. The child runs in a process group of its own; `stop` ends
 * the group.
 */
export interface Server {
  url: string
  stop(): Promise<void>
}

/**
 * Starts {@link Server} on 127.0.0.1 and a free port; resolves once it printed its banner.
 *
 * @example
 * ```ts
 * const server = await startServer() // server.url: 'http://127.0.0.1:39217'
 * ```
 */
export async function startServer(): Promise<Server> {
  const args = ['serve', '--host', '127.0.0.1', '--port', '0', '--quiet', '--otp-dev-code', OTP]
  const cli: Cli = await startCli(args, { behindPrism: false })
  return { url: cli.url, stop: () => stopCli(cli) }
}

/** The platform's `fetch`, whatever an example's set-up put in its place. */
const platformFetch = globalThis.fetch

/** A control call to the server; fails on an answer other than `status`. */
async function control(server: Server, method: string, path: string, status: number, body?: unknown) {
  const response = await platformFetch(`${server.url}/__mock${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  })
  if (response.status !== status)
    throw new Error(`${method} /__mock${path}: ${response.status} ${await response.text()}`)
  return response.status === 204 ? undefined : response.json()
}

/** Sends `request` to `url` instead, with its method, headers, body and signal. */
async function forward(request: Request, url: string, fetch: typeof globalThis.fetch): Promise<Response> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
  return fetch(url, { method: request.method, headers: request.headers, body, signal: request.signal })
}

/**
 * The example's environment against `server`, put back to its seeded state first. A guide's example reaches
 * it at `https://*.example.com` (the global `fetch` sends those requests to the server, and refuses other
 * addresses as the page does, but 127.0.0.1 for an example that starts a server of its own), and `auth` gives
 * the token of a user made through the control API.
 */
export async function installAgainstServer(server: Server, example: Example): Promise<Installed> {
  const realFetch = globalThis.fetch
  await control(server, 'POST', '/reset', 204)
  const lastWebhook = async () => ((await control(server, 'GET', '/webhooks', 200)) as WebhookDelivery[]).at(-1)!
  if (example.selfContained) {
    const restore = install({}, selfContainedEnv(server.url))
    return { payAnOrder: () => payAnOrder(server.url, realFetch), lastWebhook, restore: async () => restore() }
  }
  const { accessToken } = (await control(server, 'POST', '/users', 201, PIN_USER)) as { accessToken: string }
  const fetch = asFetch(async (request) => {
    const url = new URL(request.url)
    if (url.origin === MOCK_ORIGIN || (example.nodeOnly && toLoopback(request))) return realFetch(request)
    if (!url.hostname.endsWith('example.com')) {
      throw new TypeError(`a guide example called ${url.href}: only *.example.com is served in the doc-test`)
    }
    return forward(request, `${server.url}${url.pathname}${url.search}`, realFetch)
  })
  const restore = install({ fetch, ...preludeGlobals({ accessToken }) }, guideEnv())
  return {
    payAnOrder: () => payAnOrder(guideEnv().GATEWAY_BASE_URL!, fetch),
    lastWebhook,
    restore: async () => restore(),
  }
}
