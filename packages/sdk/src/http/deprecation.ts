/**
 * @module deprecation
 * The gateway announces, during a release's transition window, that a request form will stop working by
 * answering with `X-Service-Deprecation-Warning`. The clients pass each distinct text on once (per client
 * and the clients made from it with `withOptions`), so a merchant sees it in their logs without a line
 * per call.
 */
/**
 * Where the call that drew a deprecation warning went.
 *
 * @example
 * ```ts
 * const context: DeprecationWarningContext = { method: 'POST', path: '/api/v1/payment-gateway/order/refund' }
 * ```
 */
export interface DeprecationWarningContext {
  /** HTTP method, upper case. */
  readonly method: string
  /** Path and query of the request. */
  readonly path: string
}

/**
 * Receives each distinct `X-Service-Deprecation-Warning` text once. Default: `process.emitWarning(text, { type:
 * 'DeprecationWarning', code: 'MERCHANT_GATEWAY_DEPRECATION', detail })` where it exists (Node, Bun, Deno), else
 * one `console.warn`. A handler that
 * throws does not fail the call.
 *
 * @example
 * ```ts
 * const gateway = new GatewayClient({
 *   apiKey, apiSecret, baseUrl,
 *   onDeprecationWarning: (text, { method,
 *     path }) => alerts.notify(`gateway deprecation on ${method} ${path}: ${text}`),
 * })
 * ```
 */
export type DeprecationWarningHandler = (text: string, context: DeprecationWarningContext) => void

/**
 * Where a transport reports deprecation texts, spelt out in public types only: transports appear in the
 * declarations of the resources, and a name private to the package there would not resolve for users.
 */
export interface DeprecationReporter {
  report(text: string, context: DeprecationWarningContext, handler?: DeprecationWarningHandler): void
}

/** The texts a family of clients (one client and those made with `withOptions`) has already reported. */
export class DeprecationNotices implements DeprecationReporter {
  readonly #seen = new Set<string>()

  /** Passes a deprecation text to `handler`, unless this family reported the same text before. */
  report(
    rawText: string,
    context: DeprecationWarningContext,
    handler: DeprecationWarningHandler = warnOfDeprecation,
  ): void {
    const text = rawText.trim()
    if (text === '' || this.#seen.has(text)) return
    this.#seen.add(text)
    try {
      handler(text, context)
    } catch {
      // Reporting must not fail a payment call; the handler is the merchant's to fix.
    }
  }
}

/** The default handler: a process warning where the runtime has them, else the console. */
function warnOfDeprecation(text: string, { method, path }: DeprecationWarningContext): void {
  const processLike = (globalThis as { process?: { emitWarning?: (warning: string, options: object) => void } }).process
  if (typeof processLike?.emitWarning === 'function') {
    processLike.emitWarning(text, {
      type: 'DeprecationWarning',
      code: 'MERCHANT_GATEWAY_DEPRECATION',
      detail: `Sent by the gateway in answer to ${method} ${path}`,
    })
  } else {
    console.warn(`merchant-gateway deprecation (${method} ${path}): ${text}`)
  }
}
