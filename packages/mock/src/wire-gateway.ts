/**
 * @module wire-gateway
 * One call builds one isolated mock: its own tables, clock, settlement queue, webhook dispatcher,
 * idempotency records and faults. Nothing is global, so tests can run many mocks in parallel.
 *
 * It imports no msw: its msw handlers are made by the function it is given, when they are first read. The
 * public `createMockGateway` (create-mock-gateway.ts) gives msw's; the CLI's server gives none, so the CLI loads
 * no msw (docs/architecture.md has what that saves each start), and a server's sessions, which make a mock each,
 * make no handlers nobody reads.
 */
import { signer } from '@merchant-gateway/contract/crypto'
import type { HttpHandler } from 'msw'
import { dispatchFetch } from './http/route-fetch.js'
import { MockClock } from './clock/clock.js'
import { createControlApi, type ControlApi } from './control/control-api.js'
import { applySeed } from './control/seed.js'
import { resetBody } from './control/control-schemas.js'
import { checkSnapshotDocument } from './control/state-check.js'
import { restoreState } from './control/state-restore.js'
import type { DomainContext } from './domain/context.js'
import { IdempotencyStore } from './domain/idempotency.js'
import { Ledger } from './domain/ledger.js'
import { Retention } from './domain/retention.js'
import { Serial } from './domain/serial.js'
import { SettlementQueue } from './domain/settlement.js'
import { WebhookDispatcher } from './domain/webhooks.js'
import { FaultRegistry } from './faults/faults.js'
import { serviceRoutes } from './http/handlers/index.js'
import { createDispatcher, type ServiceRoute } from './http/service-routes.js'
import { registerDispatcher } from './http/dispatch-registry.js'
import { RequestLog } from './http/request-log.js'
import { serviceMethods } from './http/route-methods.js'
import { SeenSignatures } from './http/seen-signatures.js'
import { validate } from './http/validate.js'
import type { GatewayRuntime } from './http/runtime.js'
import { resolveOptions, type MockGatewayOptions } from './options.js'
import { createDatabase } from './store/database.js'
import type { OutboxRecord, WebhookRecord } from './store/records.js'

/**
 * One mock gateway instance: its handlers, its fetch, and its control API.
 *
 * @example
 * ```ts
 * const mock: MockGateway = createMockGateway()
 * const server = setupServer(...mock.handlers) // msw/node; or pass mock.fetch as the client's fetch
 * await mock.reset({ clock: 'start' }) // between tests: back to the seed, the clock where it started
 * ```
 */
export interface MockGateway extends ControlApi {
  /** The base URL the handlers answer on. */
  readonly baseUrl: string
  /** msw handlers for `setupServer(...mock.handlers)` or `setupWorker(...mock.handlers)`. */
  readonly handlers: HttpHandler[]
  /** A fetch that runs requests through this instance's handlers, with no global interception. */
  readonly fetch: typeof fetch
  /**
   * Resolves once the seed merchants (or the start state) are in place. Requests and control calls wait for it
   * by themselves.
   */
  readonly ready: Promise<void>
  /**
   * Back to the start: tables emptied and the seed re-applied, faults and request log cleared; or, for a mock
   * made with a `state`, that state in place again (a state loaded later with `load()` is not where reset
   * goes back to). The clock stays where it is (a running clock keeps real time, so clients signing with their
   * own clock stay in step) unless `clock: 'start'` (or the option `resetClock: 'start'`) puts it back where
   * it started (with a `state`, the state's clock).
   */
  reset(options?: { clock?: 'keep' | 'start' }): Promise<void>
}

/**
 * Makes a mock's msw handlers from its routes (msw-handlers.ts's `toMswHandlers`), or undefined: a mock that has
 * none (the CLI's), whose `handlers` throws when read.
 *
 * @example
 * ```ts
 * const withHandlers: MswHandlersOf = toMswHandlers
 * ```
 */
export type MswHandlersOf = (routes: readonly ServiceRoute[], baseUrl: string) => HttpHandler[]

/**
 * Makes one mock (what `createMockGateway` does), its msw handlers made by `handlersOf` when first read.
 *
 * @example
 * ```ts
 * const mock = wireGateway({ seed: [DEMO_MERCHANT] }, undefined) // the CLI's: no msw handlers, no msw loaded
 * ```
 */
export function wireGateway(options: MockGatewayOptions, handlersOf: MswHandlersOf | undefined): MockGateway {
  const resolved = resolveOptions(options)
  const faults = new FaultRegistry(serviceMethods)
  // A start state is checked whole before anything is made: a refused one throws the load's RuleError.
  const start = options.state === undefined ? undefined : checkSnapshotDocument(options.state, faults)
  const db = createDatabase()
  const clock = new MockClock(start ? { now: start.clock.now, frozen: start.clock.frozen } : resolved.clock)
  const retention = new Retention()
  const ctx: DomainContext = {
    db,
    clock,
    ledger: new Ledger(db),
    settlement: new SettlementQueue(),
    webhooks: new WebhookDispatcher(),
    options: resolved,
    signer,
    retention,
    history: {
      webhooks: retention.history(resolved.retention.webhooks, (record: WebhookRecord) => db.webhooks.remove(record)),
      outbox: retention.history(resolved.retention.outbox, (record: OutboxRecord) => db.outbox.remove(record)),
    },
  }
  const serial = new Serial()
  let seeded: Promise<void> = Promise.resolve()
  const runtime: GatewayRuntime = {
    ctx,
    idempotency: new IdempotencyStore(db, clock, retention),
    faults,
    serial,
    requests: new RequestLog(resolved.requestLogLimit),
    signatures: new SeenSignatures(),
    ready: () => seeded,
  }
  const applyStart = (clockMode: 'state' | 'keep') =>
    start ? restoreState(runtime, start, { clock: clockMode }) : applySeed(runtime, resolved.seed)
  seeded = start ? serial.run(() => applyStart('state')) : Promise.resolve(applySeed(runtime, resolved.seed))
  const routes = serviceRoutes(runtime)
  const dispatch = createDispatcher(routes, resolved.baseUrl)
  const control = createControlApi(runtime)
  // Made when first read, then the same array each time: most mocks (`mock.fetch`'s, a server's sessions) never
  // read them, and msw's handlers cost a few dozen objects per mock.
  let handlers: HttpHandler[] | undefined

  const mock: MockGateway = {
    ...control,
    baseUrl: resolved.baseUrl,
    get handlers(): HttpHandler[] {
      if (handlers !== undefined) return handlers
      if (handlersOf === undefined)
        throw new TypeError(
          '[mock] this mock was made without msw handlers (the CLI serves it through its own dispatcher): ' +
            "for setupServer or setupWorker, make one with createMockGateway() from '@merchant-gateway/mock'",
        )
      handlers = handlersOf(routes, resolved.baseUrl)
      return handlers
    },
    // The same routes, dispatched directly: no msw matching on the in-process and HTTP-server paths.
    fetch: dispatchFetch(dispatch, resolved.baseUrl),
    ready: seeded,
    reset: async (options = {}) => {
      const { clock: clockMode = resolved.resetClock } = validate(resetBody, options)
      await seeded.catch(() => undefined)
      seeded = serial.run(async () => {
        db.clear()
        retention.clear()
        ctx.settlement.clear()
        ctx.webhooks.reset()
        runtime.idempotency.clear()
        runtime.faults.clear()
        runtime.requests.clear()
        runtime.signatures.clear()
        if (clockMode === 'start') clock.reset()
        await applyStart('keep')
      })
      await seeded
    },
  }
  registerDispatcher(mock, dispatch)
  return mock
}
