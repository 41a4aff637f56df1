/**
 * @module serial
 * Runs state-changing work one piece at a time. Inserting into a collection is asynchronous, so two
 * requests could otherwise interleave between a check ("refund fits the usable balance") and the write
 * that depends on it. Each request's domain work runs alone; waiting (latency faults, reading bodies)
 * happens outside.
 */

/**
 * A queue that runs tasks one after another, in arrival order.
 *
 * @example
 * ```ts
 * const serial = new Serial()
 * await serial.run(() => refundOrder(ctx, merchantId, input))
 * ```
 */
export class Serial {
  #tail: Promise<unknown> = Promise.resolve()

  /** Runs `task` after every task queued before it; its result or error is passed through. */
  run<T>(task: () => T | Promise<T>): Promise<T> {
    const result = this.#tail.then(task)
    this.#tail = result.catch(() => undefined)
    return result
  }
}
