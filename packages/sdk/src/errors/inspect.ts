/**
 * @module error-inspect
 * How an SDK error prints where a runtime inspects it (`console.log(error)`, a test runner's report) in
 * Node, Bun and Deno: its stack, then what a person needs to act on it (status, code, trace and request
 * ids, idempotency key, attempts, the body the gateway sent) on a few lines, and its cause on one line.
 * Without this, Node prints the cause in full: ky's `HTTPError` with its Request, Response and options,
 * some 200 lines for a plain 404, the request's headers (the API key among them) included. The cause is
 * still there, whole, as `error.cause`.
 *
 * Browsers' consoles show errors as expandable objects and do not use these hooks. Node prints an
 * *uncaught* error without them: {@link quietCause} is what keeps that one short.
 */

/** Node's and Bun's `util.inspect` hook (a registered symbol: no runtime module is imported). */
export const NODE_INSPECT: unique symbol = /* @__PURE__ */ Symbol.for('nodejs.util.inspect.custom') as never
/** Deno's. */
export const DENO_INSPECT: unique symbol = /* @__PURE__ */ Symbol.for('Deno.customInspect') as never

/** The runtime's own `inspect`, which the hooks receive. */
export type InspectValue = (value: unknown, options: object) => string

/**
 * The text a runtime prints for an SDK error: the stack, then those of its fields that hold a value (status,
 * code, trace and request ids, idempotency key, attempts, a subclass's own, the body) as the runtime's
 * `inspect` shows an object, and the cause as its chain of `name: message` on one line.
 *
 * @example
 * ```ts
 * describeError(new NotFoundError('No stores found', { status: 404, attempts: 1 }), {}, inspect)
 * // NotFoundError: No stores found
 * //     at ...
 * //   status: 404, attempts: 1
 * // }
 * ```
 */
export function describeError(error: Error, options: object | undefined, inspect?: InspectValue): string {
  // Own enumerable fields, in declaration order: status, code, traceId, requestId, idempotencyKey, attempts,
  // then a subclass's (`attemptsRemaining`, ...); only those that hold a value are enumerable (see
  // `setFields`). `body` is not enumerable, so it is added when there is one.
  const { name: _, ...fields } = error as unknown as Record<string, unknown>
  const body = (error as { body?: unknown }).body
  if (body !== undefined) fields.body = body
  let cause = error.cause
  if (cause instanceof Error) {
    const chain: string[] = []
    for (let depth = 0; cause instanceof Error && depth < 4; depth++, cause = cause.cause)
      chain.push(`${cause.name}: ${cause.message.split('\n')[0]}`)
    // Shown as written, not as a quoted string.
    const line = () => chain.join('; caused by ')
    fields.cause = { [NODE_INSPECT]: line, [DENO_INSPECT]: line }
  } else if (cause !== undefined) fields.cause = cause
  const stack = error.stack ?? `${error.name}: ${error.message}`
  const text = inspect
    ? inspect(fields, { ...options, depth: 2, breakLength: 100, compact: 3 })
    : JSON.stringify(fields)
  // No field holds a value (a ClientValidationError): the stack alone, as the runtime prints a plain error.
  return text === '{}' ? stack : `${stack} ${text}`
}

/**
 * Readies an error the SDK received from ky or fetch to be a `cause`: its own fields (ky's `request`,
 * `response`, `options`, `data`; undici's `code`, `errno`, ...) stay where they are but stop being
 * enumerable, and its stack becomes its `name: message` line, down the chain of causes. Node prints an
 * uncaught error without the hooks above, whole, causes included: without this, ky's HTTPError alone is some
 * 180 lines with the request's headers. Only errors made for one call are readied so, never one a merchant
 * passed in (a signal's reason, a hook's error): those print as they are.
 *
 * @example
 * ```ts
 * new NotFoundError('No stores', { status: 404, cause: quietCause(httpError) })
 * ```
 */
export function quietCause<T>(cause: T): T {
  for (let current: unknown = cause, depth = 0; current instanceof Error && depth < 4; depth++) {
    for (const key of Object.keys(current)) {
      if (Object.getOwnPropertyDescriptor(current, key)?.configurable)
        Object.defineProperty(current, key, { enumerable: false })
    }
    const header = `${current.name}: ${current.message.split('\n')[0]}`
    if (Object.getOwnPropertyDescriptor(current, 'stack')?.configurable !== false)
      Object.defineProperty(current, 'stack', { value: header, writable: true, configurable: true })
    current = current.cause
  }
  return cause
}
