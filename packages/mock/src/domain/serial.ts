/**
 * @module serial
 * Runs state-changing work one piece at a time. Some of it waits half-way (a PIN hashed with Web Crypto, a
 * state loaded, the seed applied), so two requests could otherwise interleave between a check ("refund fits
 * the usable balance") and the write that depends on it. Each request's domain work runs alone; waiting
 * (latency faults, reading bodies) happens outside.
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
  /** Tasks that waited (queued, or returned a promise) and have not settled yet. */
  #pending = 0
  readonly #settled = () => {
    this.#pending--
  }

  /** Runs `task` after every task queued before it; its result or error is passed through. */
  run<T>(task: () => T | Promise<T>): Promise<T> {
    // With every earlier task settled, the task runs now: most (create order, list stores) finish at once,
    // and then leave the queue as it was, with no promise chained to it and no turn of the microtask queue.
    if (this.#pending === 0) {
      let value: T | Promise<T>
      try {
        value = task()
      } catch (error) {
        return Promise.reject(error)
      }
      return value instanceof Promise ? this.#hold(value) : Promise.resolve(value)
    }
    return this.#hold(this.#tail.then(task))
  }

  /** Keeps the tasks queued from now on behind `result` until it settles. */
  #hold<T>(result: Promise<T>): Promise<T> {
    this.#pending++
    this.#tail = result.then(this.#settled, this.#settled)
    return result
  }
}
