/**
 * @module middleware
 * Named steps in one ordered list, the way a request goes through the mock: the pipelines of the gateway's
 * and the PIN module's operations (http/steps/), and the HTTP server's app (adapters/app/). A step sees the
 * call, and either answers it or hands it on to the rest of the list (`next`), whose answer it may change on
 * the way back, as koa's and hono's middleware do. The list is composed once, when a route or an app is made.
 */

/**
 * One named step of a list.
 *
 * @example
 * ```ts
 * const timed: Step<{ started: number }, number> = { name: 'timed', run: (call, next) => next() }
 * ```
 */
export interface Step<C, A> {
  /** What the step does, in a word or two (`faults`, `authentication`): lists and errors name it. */
  readonly name: string
  /** Answers the call itself, or hands it on with `next` (once at most) and returns, or changes, what comes back. */
  run(call: C, next: () => Promise<A>): A | Promise<A>
}

/**
 * The steps composed in their order, `last` at the end: a function from a call to its answer.
 *
 * @example
 * ```ts
 * const answer = chain([refuseConnect, guard, cors], (call) => route(call))
 * await answer(call)
 * ```
 */
export function chain<C, A>(steps: readonly Step<C, A>[], last: (call: C) => A | Promise<A>): (call: C) => Promise<A> {
  const count = steps.length
  // One `next` per call, not one per step: each step hands on once at most, and only the step last handed to
  // can hand on (those before it have), so a counter shared by the call's steps says which step comes next.
  // A closure per step and call was some 1.3 KB of every request's garbage on the HTTP server's path.
  return (call) => {
    let index = 0
    const next = (): Promise<A> => {
      const at = index++
      try {
        return Promise.resolve(at === count ? last(call) : steps[at]!.run(call, next))
      } catch (error) {
        // A step that throws before it returns a promise fails its call as an async step would.
        return Promise.reject(error)
      }
    }
    return next()
  }
}
