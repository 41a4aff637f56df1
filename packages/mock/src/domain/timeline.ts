/**
 * @module timeline
 * Which contract is in force, judged by the mock clock: the era of the contract's table at the clock's
 * time (or always the current contract with `releaseTimeline: 'current'`), what a deprecated use of a
 * request is told in the request log, and which responses carry `X-Service-Deprecation-Warning`. The
 * handlers never compare dates: they ask this module.
 */
import { CURRENT_ERA, eraAt, RELEASES, type ContractEra, type DeprecatedUse } from '@merchant-gateway/contract'
import type { DomainContext } from './context.js'

/**
 * The era in force for this mock now.
 *
 * @example
 * ```ts
 * const era = eraNow(ctx)
 * if (!era.signedMoneyForm) // refund and payout take the earlier form only
 * ```
 */
export function eraNow(ctx: DomainContext): ContractEra {
  return ctx.options.releaseTimeline === 'current' ? CURRENT_ERA : eraAt(ctx.clock.now())
}

const R13 = RELEASES['1.3.0']
const R14 = RELEASES['1.4.0']

/**
 * The request-log warning for a deprecated use that the era still accepts: what was used, and from when
 * it is refused.
 *
 * @example
 * ```ts
 * deprecationNote('missing-idempotency-key', 'X-Idempotent-Key')
 * // 'no X-Idempotent-Key: accepted for now; refused with 400 missing_idempotent_key from 2026-01-20T00:00:00Z (release
 * // 1.3.0)'
 * ```
 */
export function deprecationNote(use: DeprecatedUse, what: string): string {
  switch (use) {
    case 'missing-idempotency-key':
      return (
        `no ${what}: accepted for now; refused with 400 missing_idempotent_key ` +
        `from ${R13.iso.rejection} (release 1.3.0)`
      )
    case 'malformed-idempotency-key':
      return (
        `${what}: accepted for now; refused with 400 invalid_idempotent_key ` +
        `from ${R13.iso.fullEnforcement} (release 1.3.0)`
      )
    case 'legacy-auth':
      return `${what}: deprecated by release 1.4.0; refused with 401 invalid_authentication from ${R14.iso.rejection}`
  }
}

/**
 * The `X-Service-Deprecation-Warning` value for a response, or undefined.
 *
 * `every-response` (default): every response in the warning's scope carries it (the refund and payout
 * routes, `signed` in the operation table, for release 1.3.0; every gateway route for 1.4.0), whatever the
 * request sent.
 * `deprecated-use`: only responses to requests that still do what the warning is about.
 *
 * @example
 * ```ts
 * // the 1.4.0 text
 * deprecationHeader(eraAt(Date.parse('2026-03-10T00:00:00Z')), 'api-key', new Set(), 'every-response')
 * deprecationHeader(eraAt(Date.parse('2026-03-10T00:00:00Z')), 'api-key', new Set(), 'deprecated-use') // undefined
 * ```
 */
export function deprecationHeader(
  era: ContractEra,
  auth: 'api-key' | 'signed',
  uses: ReadonlySet<DeprecatedUse>,
  scope: 'every-response' | 'deprecated-use',
): string | undefined {
  const warning = era.deprecationWarning
  if (!warning) return undefined
  if (warning.scope === 'refund-payout' && auth !== 'signed') return undefined
  if (scope === 'deprecated-use' && !warning.concerns.some((use) => uses.has(use))) return undefined
  return warning.text
}
