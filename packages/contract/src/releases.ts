/**
 * @module releases
 * The dated service releases (each a grace step, a deprecation warning, rejection, then full enforcement) and
 * their timelines, as ISO 8601 strings and as epoch milliseconds, plus the phase a given instant falls in. Each step
 * starts at 00:00:00 UTC on its day (the service documents dates only; UTC midnight is our decision).
 */

/**
 * The steps of a release timeline, in order.
 *
 * @example
 * ```ts
 * RELEASE_STEPS[0] // 'grace'
 * ```
 */
export const RELEASE_STEPS = ['grace', 'deprecationWarning', 'rejection', 'fullEnforcement'] as const

/**
 * One step of a release timeline.
 *
 * @example
 * ```ts
 * const step: ReleaseStep = 'rejection'
 * ```
 */
export type ReleaseStep = (typeof RELEASE_STEPS)[number]

/**
 * A release and its timeline. Each step is epoch milliseconds at 00:00:00Z; `iso` holds the
 * same instants as ISO 8601 strings.
 *
 * @example
 * ```ts
 * const r: Release = RELEASES['1.4.0']
 * new Date(r.rejection).toISOString() // '2026-03-16T00:00:00.000Z'
 * ```
 */
export interface Release {
  readonly version: string
  /** Release day, `YYYY-MM-DD` (the grace step starts on it). */
  readonly date: string
  /** Old and new behaviour both accepted; the server only logs. */
  readonly grace: number
  /** Responses carry `X-Service-Deprecation-Warning`. */
  readonly deprecationWarning: number
  /** Requests using the old behaviour are rejected. */
  readonly rejection: number
  /** Full enforcement. */
  readonly fullEnforcement: number
  /** The same instants as ISO 8601 strings at 00:00:00Z. */
  readonly iso: Readonly<Record<ReleaseStep, string>>
}

/* @__NO_SIDE_EFFECTS__ */
function release(version: string, days: Readonly<Record<ReleaseStep, string>>): Release {
  const iso = {
    grace: `${days.grace}T00:00:00Z`,
    deprecationWarning: `${days.deprecationWarning}T00:00:00Z`,
    rejection: `${days.rejection}T00:00:00Z`,
    fullEnforcement: `${days.fullEnforcement}T00:00:00Z`,
  } as const
  return Object.freeze({
    version,
    date: days.grace,
    grace: Date.parse(iso.grace),
    deprecationWarning: Date.parse(iso.deprecationWarning),
    rejection: Date.parse(iso.rejection),
    fullEnforcement: Date.parse(iso.fullEnforcement),
    iso: Object.freeze(iso),
  })
}

/**
 * The dated releases, each with four steps a week apart.
 *
 * - `1.3.0` (mandatory X-Idempotent-Key on refund and payout): Jan 6, 13, 20, 27 2026.
 * - `1.4.0` (signature authentication, X-App-Id removed, camelCase bodies): Mar 2, 9, 16, 23 2026.
 *
 * @example
 * ```ts
 * const keyRequired = now >= RELEASES['1.3.0'].rejection
 * ```
 */
export const RELEASES = /* @__PURE__ */ Object.freeze({
  '1.3.0': release('1.3.0', {
    grace: '2026-01-06',
    deprecationWarning: '2026-01-13',
    rejection: '2026-01-20',
    fullEnforcement: '2026-01-27',
  }),
  '1.4.0': release('1.4.0', {
    grace: '2026-03-02',
    deprecationWarning: '2026-03-09',
    rejection: '2026-03-16',
    fullEnforcement: '2026-03-23',
  }),
}) satisfies Readonly<Record<string, Release>>

/**
 * A release version listed in {@link RELEASES}.
 *
 * @example
 * ```ts
 * const version: ReleaseVersion = '1.4.0'
 * ```
 */
export type ReleaseVersion = keyof typeof RELEASES

/**
 * The timeline step a release is in at `nowMs`, or `'before'` the release day.
 * A step starts at its instant inclusive.
 *
 * @example
 * ```ts
 * releasePhase('1.3.0', Date.parse('2026-01-20T00:00:00Z')) // 'rejection'
 * releasePhase('1.3.0', Date.parse('2026-01-05T23:59:59Z')) // 'before'
 * ```
 */
export function releasePhase(version: ReleaseVersion, nowMs: number): ReleaseStep | 'before' {
  const r = RELEASES[version]
  if (nowMs >= r.fullEnforcement) return 'fullEnforcement'
  if (nowMs >= r.rejection) return 'rejection'
  if (nowMs >= r.deprecationWarning) return 'deprecationWarning'
  if (nowMs >= r.grace) return 'grace'
  return 'before'
}
