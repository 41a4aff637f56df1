/**
 * @module docs/runner/runner
 * The chunk a guide's Run button loads on its first click (RunnableExample.vue imports it dynamically, so a
 * page that nobody runs loads none of it): the editor, sucrase to strip the TypeScript, the packages the
 * examples import (bundled from the workspace: the SDK, the mock, the contract with its Web Crypto entry),
 * and what runs an example against a mock in the page.
 *
 * An example runs as the doc-test runs it (test/guides), from the same data (prelude.ts):
 * - a guide's example, against the mock behind `https://*.example.com` (its control API under `/__mock`
 *   there; the mock pays no order by itself: an example pays one in its own code), with the names the
 *   guides take for granted (`apiKey`, `auth`, `tracer`...) and `process.env`'s variables;
 * - a self-contained one (the SDK's README), against a mock as `npx merchant-gateway-mock serve` runs it,
 *   with `process.env.GATEWAY_BASE_URL` at its address (`http://127.0.0.1:4010`, the README's) and the demo
 *   merchant's key and secret, and nothing else.
 *
 * Each run starts from a fresh mock; the page's `fetch` is routed to it for the run's length and answers
 * nothing else (the page's own address excepted), so no request of an example leaves the page.
 *
 * The code becomes a function: sucrase strips the types and turns `import`s into calls of a local `require`
 * over the bundled modules (modules.ts lists them), and the body runs inside an async function, which gives
 * it top-level `await`.
 */
import * as contract from '@merchant-gateway/contract'
import * as constants from '@merchant-gateway/contract/constants'
import * as crypto from '@merchant-gateway/contract/crypto'
import * as mockModule from '@merchant-gateway/mock'
import { createMockGateway, type MockGateway } from '@merchant-gateway/mock'
import * as sdk from '@merchant-gateway/sdk'
import { transform } from 'sucrase'
import type { createEditor, ExampleEditor } from './editor.js'
import { formatArgs } from './format.js'
import { PAGE_MODULES, type PageModule, importsOf } from './modules.js'
import {
  createGuideGateway,
  createServerStandIn,
  guideEnv,
  preludeGlobals,
  SERVER_BASE_URL,
  selfContainedEnv,
} from './prelude.js'
import { describeSnapshot, type StatePanel } from './state.js'

/** How long an example may run before the runner gives up on it. */
const TIMEOUT_MS = 20_000

/**
 * The modules an example may import. The SDK's and the mock's main entries and the contract's are in the
 * runner's chunk anyway (the prelude and the mock use them); the others are loaded on the first run that
 * imports them: the SDK's `/pin`, `/webhooks` and `/errors` and the mock's `/matchers` are small chunks,
 * msw's and zod's full entries larger ones that no guide example imports today.
 */
const LOADERS: Record<PageModule, () => Promise<object> | object> = {
  '@merchant-gateway/sdk': () => sdk,
  '@merchant-gateway/sdk/pin': () => import('@merchant-gateway/sdk/pin'),
  '@merchant-gateway/sdk/webhooks': () => import('@merchant-gateway/sdk/webhooks'),
  '@merchant-gateway/sdk/errors': () => import('@merchant-gateway/sdk/errors'),
  '@merchant-gateway/mock': () => pageMockModule(),
  '@merchant-gateway/mock/matchers': () => import('@merchant-gateway/mock/matchers'),
  '@merchant-gateway/contract': () => contract,
  '@merchant-gateway/contract/crypto': () => crypto,
  '@merchant-gateway/contract/constants': () => constants,
  msw: () => import('msw'),
  zod: () => import('zod'),
}

/**
 * One line an example wrote to the console.
 *
 * @example
 * ```ts
 * const line: ConsoleLine = { level: 'log', text: '1002 https://pay.example.com/qr/...' }
 * ```
 */
export interface ConsoleLine {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug'
  text: string
}

/**
 * What an example threw: its class's name and message, and the fields the SDK's errors carry.
 *
 * @example
 * ```ts
 * const error: ThrownError = {
 *   name: 'InvalidRequestError',
 *   message: '...',
 *   status: 422,
 *   code: 'order_not_refundable',
 *   fields: [],
 * }
 * ```
 */
export interface ThrownError {
  name: string
  message: string
  status?: number
  code?: string
  /** Other fields worth a look (`reason`, `attemptsRemaining`, `traceId`), as `name: value`. */
  fields: string[]
}

/**
 * What one run gave.
 *
 * @example
 * ```ts
 * const result: RunResult = await session.run()
 * result.error?.code // 'order_not_refundable'
 * ```
 */
export interface RunResult {
  lines: ConsoleLine[]
  error?: ThrownError
  /** The module's exports (a webhook receiver's `POST`). */
  exports: string[]
  /** The mocks after the run: the examples' own first, then the one the page gave it. */
  mocks: StatePanel[]
  /** From the click's handler to the result, in milliseconds. */
  ms: number
}

/**
 * What an example runs with, made fresh for each run.
 */
interface Environment {
  mock: MockGateway
  title: string
  /** Answers the example's requests (anything but the page's own address). */
  fetch: (request: Request) => Promise<Response>
  env: Record<string, string>
  names: Record<string, unknown>
}

/** Refuses a webhook delivery over HTTP: the mock records the failure, and nothing leaves the page. */
async function noNetwork(input: RequestInfo | URL): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input)
  throw new TypeError(`fetch failed: this page sends no webhooks over the network (${url})`)
}

/** The mocks an example creates itself, tracked for the state panel. */
let created: MockGateway[] = []

/** The mock module as the example sees it: its mocks deliver no webhook over the network and are tracked. */
function pageMockModule(): object {
  return {
    ...mockModule,
    createMockGateway: (options?: Parameters<typeof createMockGateway>[0]) => {
      const mock = createMockGateway({ webhookFetch: noNetwork, ...options })
      created.push(mock)
      return mock
    },
  }
}

async function environment(kind: 'guide' | 'self-contained'): Promise<Environment> {
  if (kind === 'guide') {
    const gateway = await createGuideGateway({ servedIn: 'this page', mock: { webhookFetch: noNetwork } })
    return {
      mock: gateway.mock,
      title: 'The gateway behind *.example.com',
      fetch: gateway.fetch,
      env: guideEnv(),
      names: preludeGlobals(gateway),
    }
  }
  const { mock, fetch } = createServerStandIn({ webhookFetch: noNetwork })
  return {
    mock,
    title: `The mock server (${SERVER_BASE_URL})`,
    fetch,
    env: selfContainedEnv(SERVER_BASE_URL),
    names: {},
  }
}

/** The name, message and SDK fields of whatever was thrown. */
function describeError(error: unknown): ThrownError {
  if (typeof error !== 'object' || error === null) {
    return { name: typeof error, message: String(error), fields: [] }
  }
  const e = error as Record<string, unknown>
  const described: ThrownError = {
    name: typeof e.name === 'string' ? e.name : (error.constructor?.name ?? 'Error'),
    message: typeof e.message === 'string' ? e.message : String(error),
    fields: [],
  }
  if (typeof e.status === 'number') described.status = e.status
  if (typeof e.code === 'string') described.code = e.code
  for (const key of ['reason', 'attemptsRemaining', 'blockedUntil', 'traceId', 'idempotencyKey']) {
    if (e[key] !== undefined && e[key] !== null) described.fields.push(`${key}: ${String(e[key])}`)
  }
  return described
}

/** The example's code as the body of an async function; the names it may use free come as its parameters. */
function compile(code: string, names: string[]): (...args: unknown[]) => Promise<unknown> {
  const js = transform(code, { transforms: ['typescript', 'imports'], disableESTransforms: true }).code
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
    ...args: string[]
  ) => (...args: unknown[]) => Promise<unknown>
  // The body sits in a function of its own, inside the one that takes the names: an example may declare a
  // name the prelude also gives (`const baseUrl = ...`), as a module's declaration shadows a global.
  return new AsyncFunction('require', 'exports', 'process', ...names, `return (async () => {${js}\n})()`)
}

/** Loads the modules `code` imports; refuses one the page does not provide, before anything runs. */
async function loadModules(code: string): Promise<Map<string, object>> {
  const modules = new Map<string, object>()
  for (const name of importsOf(code)) {
    if (!(PAGE_MODULES as readonly string[]).includes(name)) {
      throw new Error(`Cannot find module '${name}': this page provides ${PAGE_MODULES.join(', ')}`)
    }
    // Marked as an ES module, so that sucrase's interop reads `default` and names from it as they are.
    modules.set(name, { __esModule: true, ...(await LOADERS[name as PageModule]()) })
  }
  return modules
}

/** Console methods an example may write with. */
const LEVELS: ConsoleLine['level'][] = ['log', 'info', 'warn', 'error', 'debug']

/** One run at a time: a run replaces the page's `fetch` and console for its length. */
let queue: Promise<unknown> = Promise.resolve()

/**
 * Runs an example's code once, against a fresh mock of its kind; resolves with what it printed, what it
 * threw and the mocks' state. Never rejects: a failure is the result's `error`.
 *
 * @example
 * ```ts
 * const result = await runExample("console.log(await new GatewayClient({ apiKey, baseUrl }).stores.list())", 'guide')
 * result.lines[0]?.text // "[ { storeId: 101, storeName: 'Demo Store', ... } ]"
 * ```
 */
export function runExample(code: string, kind: 'guide' | 'self-contained'): Promise<RunResult> {
  const started = performance.now()
  const run = queue.then(() => runNow(code, kind, started))
  queue = run.catch(() => undefined)
  return run
}

async function runNow(code: string, kind: 'guide' | 'self-contained', started: number): Promise<RunResult> {
  const lines: ConsoleLine[] = []
  const exports: Record<string, unknown> = {}
  let error: ThrownError | undefined
  created = []
  let env: Environment | undefined
  const realFetch = globalThis.fetch
  const saved = LEVELS.map((level) => console[level])
  try {
    const modules = await loadModules(code)
    env = await environment(kind)
    const names = Object.keys(env.names)
    const body = compile(code, names)
    const require = (name: string) => {
      const module = modules.get(name)
      if (module === undefined) throw new Error(`Cannot find module '${name}'`)
      return module
    }
    const routed = env.fetch
    const pageOrigin = globalThis.location?.origin
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init)
      // The page's own requests (VitePress loading a chunk) go on as before.
      if (new URL(request.url).origin === pageOrigin) return realFetch(input, init)
      return routed(request)
    }
    for (const level of LEVELS) {
      console[level] = (...args: unknown[]) => {
        lines.push({ level, text: formatArgs(args) })
      }
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the example did not finish within ${TIMEOUT_MS / 1000} s`)),
        TIMEOUT_MS,
      )
    })
    try {
      await Promise.race([body(require, exports, { env: { ...env.env } }, ...Object.values(env.names)), timeout])
    } finally {
      clearTimeout(timer)
    }
    // What the example started and did not await (a webhook to its listener) settles before the snapshot.
    await new Promise((resolve) => setTimeout(resolve, 0))
  } catch (thrown) {
    error = describeError(thrown)
  } finally {
    globalThis.fetch = realFetch
    LEVELS.forEach((level, i) => {
      console[level] = saved[i]!
    })
  }
  const mocks: StatePanel[] = []
  const own = created
  created = []
  for (const [i, mock] of own.entries()) {
    const title = own.length === 1 ? "The example's mock" : `The example's mock ${i + 1}`
    mocks.push(describeSnapshot(await mock.snapshot({ limit: 50 }), mock.requests.list({ limit: 50 }), title))
  }
  if (env !== undefined)
    mocks.push(
      describeSnapshot(await env.mock.snapshot({ limit: 50 }), env.mock.requests.list({ limit: 50 }), env.title),
    )
  return {
    lines,
    ...(error === undefined ? {} : { error }),
    exports: Object.keys(exports),
    mocks,
    ms: performance.now() - started,
  }
}

/**
 * An example on the page once its Run button was first clicked: its editor and its runs.
 *
 * @example
 * ```ts
 * const session = createSession({ host, source, kind: 'guide', onRun: () => void session.run(), createEditor })
 * const result = await session.run()
 * session.reset() // the example's code back, as written in the guide
 * ```
 */
export interface Session {
  /** Runs the editor's code against a fresh mock. */
  run(): Promise<RunResult>
  /** Puts the guide's code back in the editor; the next run starts from a fresh mock, as every run does. */
  reset(): void
  /** True when the editor's code differs from the guide's. */
  edited(): boolean
  destroy(): void
}

/**
 * Turns an example into an editor in `host` and returns what runs it.
 *
 * @example
 * ```ts
 * const [{ createSession }, { createEditor }] = await Promise.all([import('./runner.js'), import('./editor.js')])
 * const session = createSession({ host, source, kind: 'self-contained', onRun, createEditor })
 * ```
 */
export function createSession(options: {
  host: HTMLElement
  source: string
  kind: 'guide' | 'self-contained'
  /** Called on the editor's `Mod-Enter`. */
  onRun: () => void
  /** editor.ts's, a chunk of its own that the component loads beside this one. */
  createEditor: typeof createEditor
}): Session {
  const editor: ExampleEditor = options.createEditor(options.host, options.source, options.onRun)
  return {
    run: () => runExample(editor.text(), options.kind),
    reset: () => editor.setText(options.source),
    edited: () => editor.text() !== options.source,
    destroy: () => editor.destroy(),
  }
}
