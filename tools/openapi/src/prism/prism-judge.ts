/**
 * @module openapi-tools/prism/prism-judge
 * What the exchanges Prism saw mean for the documents:
 *
 * - a violation in an answer (a field, a type, an undocumented status or header) is a failure: the
 *   server said something its document does not allow;
 * - a request Prism finds invalid is fine when the server refused it with a 4xx (a test that sends bad
 *   input on purpose, and the server agreeing with the document), and a failure otherwise (the
 *   document forbids what the server accepts);
 * - a path the document does not have is a failure (Prism: "Selected route not found").
 */
import type { Exchange } from '../../../../test/e2e/openapi-proxy.js'

/** The verdict on a run. */
export interface Judgement {
  failures: string[]
  /** Requests Prism found invalid and the server refused with a 4xx, as it should. */
  refused: string[]
  /** `METHOD /path/template` of every documented operation that was called. */
  covered: Set<string>
}

/** Prism's warning for a path (or method) the document does not have. */
const ROUTE_NOT_FOUND = 'Selected route not found'

const describe = (e: Exchange, v: Exchange['violations'][number]) =>
  `${e.method} ${e.path} -> ${e.status}: ${v.location.join('.')} ${v.message} (${v.severity})`

/**
 * Judges the exchanges against the document's operations (`paths`).
 *
 * @example
 * ```ts
 * const { failures } = judgeExchanges(exchanges, document.paths)
 * if (failures.length) process.exitCode = 1
 * ```
 */
export function judgeExchanges(exchanges: readonly Exchange[], paths: Record<string, unknown>): Judgement {
  const templates = Object.keys(paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }))
  const judgement: Judgement = { failures: [], refused: [], covered: new Set() }
  for (const exchange of exchanges) {
    const template = templates.find((t) => t.pattern.test(exchange.path))?.template
    if (template) judgement.covered.add(`${exchange.method} ${template}`)
    const refusedAsDocumented = exchange.status >= 400 && exchange.status < 500
    if (exchange.unvalidated) {
      const line = `${exchange.method} ${exchange.path} -> ${exchange.status}: not validated (${exchange.unvalidated})`
      if (refusedAsDocumented) judgement.refused.push(line)
      else judgement.failures.push(`${line}, yet the server did not refuse it`)
    }
    for (const violation of exchange.violations) {
      const inRequest = violation.location[0] === 'request' && violation.message !== ROUTE_NOT_FOUND
      if (inRequest && refusedAsDocumented) judgement.refused.push(describe(exchange, violation))
      else judgement.failures.push(describe(exchange, violation))
    }
  }
  return judgement
}
