/**
 * @module control-context
 * What every area of the control API shares: the instance's runtime, how an operation runs alone in the
 * serial queue (and is counted for `version()`), how it waits for the webhook attempts it started, the
 * dropping of what expired, the automatic run of due work, and the check of a record id given by a test.
 * One {@link ControlContext} is made per instance and handed to each area's factory.
 */
import type { DomainContext } from '../domain/context.js'
import { RuleError } from '../domain/rule-error.js'
import { runDue } from '../domain/settlement.js'
import type { GatewayRuntime } from '../http/runtime.js'

/**
 * The helpers the control API's areas share, over one instance's runtime.
 *
 * @example
 * ```ts
 * const control = createControlContext(runtime)
 * const removed = control.exclusive(() => removeStore(control.ctx, merchantId, storeId))
 * ```
 */
export interface ControlContext {
  readonly runtime: GatewayRuntime
  readonly ctx: DomainContext
  /** Drops what expired by the mock clock (retention); returns how many records went. */
  prune(): number
  /**
   * Runs a control operation alone. `changed` tells, from its result, whether it may have changed the state;
   * by default every operation is counted.
   */
  exclusive<T>(task: () => T | Promise<T>, changed?: (result: T) => boolean): Promise<T>
  /**
   * Like `exclusive`, then waits (outside the serial queue) for the webhook attempts the task started.
   * `changed` also gets how many attempts it started.
   */
  withDeliveries<T>(task: () => T | Promise<T>, changed?: (result: T, started: number) => boolean): Promise<T>
  /**
   * Drops what expired, then runs what is due unless `autoSettle` is off: after the clock moved, and before a
   * reported payment as before a gateway request. Call it inside the task of `exclusive` or `withDeliveries`.
   */
  runDueIfAuto(): void
  /**
   * Counts a change made outside `exclusive` (a fault added or cleared, the request log cleared), so that a page
   * polling `version()` loads it.
   */
  noteChange(): void
  /** Control operations that may have changed the state plus the service requests answered. */
  version(): number
}

/**
 * Makes the shared helpers of one instance's control API.
 *
 * @example
 * ```ts
 * const control = createControlContext(runtime)
 * control.version() // 0 on a fresh instance
 * ```
 */
export function createControlContext(runtime: GatewayRuntime): ControlContext {
  const { ctx, serial } = runtime
  // Before every control call and after every clock move.
  const prune = () => ctx.retention.prune(ctx.clock.now())
  /** Control operations that may have changed the state: with the requests answered, what `version()` counts. */
  let operations = 0
  // Settling with nothing due is not counted (the HTTP server settles once a second), so that `version()`
  // stands still while nothing happens and a page polling it reloads nothing.
  const exclusive = async <T>(task: () => T | Promise<T>, changed: (result: T) => boolean = () => true): Promise<T> => {
    await runtime.ready()
    return serial.run(async () => {
      const pruned = prune()
      const result = await task()
      if (pruned > 0 || changed(result)) operations++
      return result
    })
  }
  // So that `await mock.payments.create(...)` or `await mock.clock.advance(...)` returns with the attempts
  // recorded. Waiting outside the queue lets a receiver call the gateway while it handles a webhook.
  const withDeliveries = async <T>(
    task: () => T | Promise<T>,
    changed: (result: T, started: number) => boolean = () => true,
  ): Promise<T> => {
    const [result, started] = await exclusive(
      async () => [await task(), ctx.webhooks.collect()] as const,
      ([result, started]) => changed(result, started.length),
    )
    await Promise.all(started)
    return result
  }
  return {
    runtime,
    ctx,
    prune,
    exclusive,
    withDeliveries,
    runDueIfAuto: () => {
      prune()
      runDue(ctx, 'auto')
    },
    noteChange: () => {
      operations++
    },
    version: () => operations + runtime.requests.lastSeq,
  }
}

/**
 * A record id given to the control API: a positive safe integer, or a 400 naming it.
 *
 * @example
 * ```ts
 * checkedId('merchantId', 0) // throws RuleError 400 'merchantId must be a positive integer, got 0'
 * ```
 */
export function checkedId(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new RuleError(400, `${name} must be a positive integer, got ${JSON.stringify(value)?.slice(0, 40)}`)
  }
  return value
}
