/**
 * @module eras
 * Which contract is in force at a point in time, as one table. The dated releases (releases.ts) change the
 * service a step at a time: an era starts at 00:00:00 UTC of a step's day and lasts until the next step.
 * Everything date-dependent in the service is read from the era in force; nothing else compares dates.
 *
 * | era | refund and payout | X-App-Id, X-Timestamp on standard endpoints | missing / malformed X-Idempotent-Key |
 * X-Service-Deprecation-Warning | webhooks signed |
 * |---|---|---|---|---|---|
 * | before 2026-01-06 | earlier form only | accepted | accepted / accepted | none | no |
 * | 1.3.0 grace (01-06) | earlier form only | accepted | deprecated / deprecated | none | no |
 * | 1.3.0 warning (01-13) | earlier form only | accepted | deprecated / deprecated | refund and payout | no |
 * | 1.3.0 rejection (01-20) | earlier form only | accepted | refused / deprecated | refund and payout | no |
 * | 1.3.0 full enforcement (01-27) | earlier form only | accepted | refused / refused | none | no |
 * | 1.4.0 grace (03-02) | both forms, earlier deprecated | deprecated | refused / refused | none | yes |
 * | 1.4.0 warning (03-09) | both forms, earlier deprecated | deprecated | refused / refused | every gateway response |
 * yes |
 * | 1.4.0 rejection (03-16) | signed form only | refused | refused / refused | every gateway response | yes |
 * | 1.4.0 full enforcement (03-23) | signed form only | refused | refused / refused | none | yes |
 *
 * `accepted`: allowed, nothing said; `deprecated`: allowed, and the service logs a warning; `refused`:
 * answered with an error. "Malformed" is a key that is empty or longer than 255 characters: until full
 * enforcement of 1.3.0 an empty key counts as no key and a longer one is used as sent.
 */
import { RELEASES, type ReleaseStep } from './releases.js'

/**
 * How an era treats a request form or header that a release replaces.
 *
 * - `accepted`: allowed, nothing said (the release has not started);
 * - `deprecated`: allowed, and a warning is logged (the release's grace and warning steps);
 * - `refused`: answered with an error.
 *
 * @example
 * ```ts
 * const t: Treatment = eraAt(Date.parse('2026-03-10T00:00:00Z')).legacyAuth // 'deprecated'
 * ```
 */
export type Treatment = 'accepted' | 'deprecated' | 'refused'

/**
 * Something a request can do that a release deprecates, as the era's deprecation warning names it.
 *
 * - `legacy-auth`: X-App-Id on any endpoint, X-Timestamp on a standard endpoint, or a refund or payout in
 *   the earlier unsigned snake_case form;
 * - `missing-idempotency-key`: a refund or payout without X-Idempotent-Key (or with an empty one before the
 *   key's format is enforced);
 * - `malformed-idempotency-key`: X-Idempotent-Key empty or longer than 255 characters.
 *
 * @example
 * ```ts
 * const use: DeprecatedUse = 'legacy-auth'
 * ```
 */
export type DeprecatedUse = 'legacy-auth' | 'missing-idempotency-key' | 'malformed-idempotency-key'

/**
 * The `X-Service-Deprecation-Warning` an era sends: its text, which responses carry it, and what it is
 * about.
 *
 * @example
 * ```ts
 * const warning: DeprecationWarning | null = eraAt(Date.parse('2026-03-10T00:00:00Z')).deprecationWarning
 * warning?.scope // 'gateway': every gateway response
 * ```
 */
export interface DeprecationWarning {
  /** The header's value: what is deprecated, and since or from when it is refused. ASCII, one line. */
  readonly text: string
  /** `refund-payout`: responses of refund and payout; `gateway`: every response of a gateway path. */
  readonly scope: 'refund-payout' | 'gateway'
  /** What the warning is about (a service may send it only to requests that still do one of these). */
  readonly concerns: readonly DeprecatedUse[]
}

/**
 * The names of the eras, oldest first.
 *
 * @example
 * ```ts
 * ERA_NAMES.at(-1) // '1.4.0-full-enforcement': the contract in force today
 * ```
 */
export const ERA_NAMES = [
  'before-1.3.0',
  '1.3.0-grace',
  '1.3.0-deprecation-warning',
  '1.3.0-rejection',
  '1.3.0-full-enforcement',
  '1.4.0-grace',
  '1.4.0-deprecation-warning',
  '1.4.0-rejection',
  '1.4.0-full-enforcement',
] as const

/**
 * The name of an era.
 *
 * @example
 * ```ts
 * const name: EraName = '1.3.0-grace'
 * ```
 */
export type EraName = (typeof ERA_NAMES)[number]

/**
 * The contract in force from `from` until the next era starts.
 *
 * @example
 * ```ts
 * const era: ContractEra = eraAt(Date.parse('2026-01-15T09:00:00Z'))
 * era.name // '1.3.0-deprecation-warning'
 * era.signedMoneyForm // false: refund and payout take the earlier form only
 * ```
 */
export interface ContractEra {
  readonly name: EraName
  /** The release whose step starts this era, or null before any. */
  readonly release: '1.3.0' | '1.4.0' | null
  readonly step: ReleaseStep | null
  /** Start, ISO 8601 at 00:00:00Z; null for the first era. */
  readonly from: string | null
  /** Start in epoch milliseconds; `-Infinity` for the first era. */
  readonly fromMs: number
  /** One line for people: what changes in this era. */
  readonly summary: string
  /** Whether refund and payout take the current signed camelCase form (release 1.4.0). */
  readonly signedMoneyForm: boolean
  /** X-App-Id anywhere, X-Timestamp on standard endpoints, and the earlier unsigned refund and payout form. */
  readonly legacyAuth: Treatment
  /** A refund or payout without X-Idempotent-Key. */
  readonly missingIdempotencyKey: Treatment
  /** X-Idempotent-Key empty or longer than 255 characters. */
  readonly malformedIdempotencyKey: Treatment
  /** The deprecation warning responses carry in this era, or null. */
  readonly deprecationWarning: DeprecationWarning | null
  /** Whether webhooks carry X-Signature (release 1.4.0). */
  readonly signedWebhooks: boolean
}

// The table and its texts are built by functions marked free of side effects, so that a bundle which does not
// use the eras (the SDK's) drops the table and its texts entirely.
/* @__NO_SIDE_EFFECTS__ */
function buildEras(): readonly ContractEra[] {
  return Object.freeze([
    era('before-1.3.0', null, null, {
      summary:
        'Refund and payout in the earlier form (X-App-Id, X-Api-Key, ' +
        'X-Timestamp, snake_case); X-Idempotent-Key optional, honoured when ' +
        'sent',
      ...BEFORE_1_4_0,
      missingIdempotencyKey: 'accepted',
      malformedIdempotencyKey: 'accepted',
      deprecationWarning: null,
    }),
    era('1.3.0-grace', '1.3.0', 'grace', {
      summary: 'Release 1.3.0, grace: a refund or payout without X-Idempotent-Key is accepted and a warning is logged',
      ...BEFORE_1_4_0,
      missingIdempotencyKey: 'deprecated',
      malformedIdempotencyKey: 'deprecated',
      deprecationWarning: null,
    }),
    era('1.3.0-deprecation-warning', '1.3.0', 'deprecationWarning', {
      summary:
        'Release 1.3.0, warning: refund and payout responses carry ' +
        'X-Service-Deprecation-Warning; a missing key is still accepted',
      ...BEFORE_1_4_0,
      missingIdempotencyKey: 'deprecated',
      malformedIdempotencyKey: 'deprecated',
      deprecationWarning: keyWarning(),
    }),
    era('1.3.0-rejection', '1.3.0', 'rejection', {
      summary:
        'Release 1.3.0, rejection: a refund or payout without X-Idempotent-Key ' +
        'is refused with 400 missing_idempotent_key',
      ...BEFORE_1_4_0,
      missingIdempotencyKey: 'refused',
      malformedIdempotencyKey: 'deprecated',
      deprecationWarning: keyFormatWarning(),
    }),
    era('1.3.0-full-enforcement', '1.3.0', 'fullEnforcement', {
      summary:
        'Release 1.3.0, full enforcement: a key must be 1 to 255 characters ' +
        '(400 invalid_idempotent_key); no more warnings',
      ...BEFORE_1_4_0,
      ...FROM_1_3_0_ENFORCEMENT,
      deprecationWarning: null,
    }),
    era('1.4.0-grace', '1.4.0', 'grace', {
      summary:
        'Release 1.4.0, grace: refund and payout take the signed camelCase form ' +
        'too; old headers and the earlier form are accepted and logged',
      signedMoneyForm: true,
      legacyAuth: 'deprecated',
      ...FROM_1_3_0_ENFORCEMENT,
      deprecationWarning: null,
      signedWebhooks: true,
    }),
    era('1.4.0-deprecation-warning', '1.4.0', 'deprecationWarning', {
      summary:
        'Release 1.4.0, warning: every gateway response carries ' +
        'X-Service-Deprecation-Warning; old headers still accepted',
      signedMoneyForm: true,
      legacyAuth: 'deprecated',
      ...FROM_1_3_0_ENFORCEMENT,
      deprecationWarning: authWarning(),
      signedWebhooks: true,
    }),
    era('1.4.0-rejection', '1.4.0', 'rejection', {
      summary:
        'Release 1.4.0, rejection: X-App-Id, X-Timestamp on standard endpoints ' +
        'and the earlier form are refused with 401 invalid_authentication',
      signedMoneyForm: true,
      legacyAuth: 'refused',
      ...FROM_1_3_0_ENFORCEMENT,
      deprecationWarning: authRefusedWarning(),
      signedWebhooks: true,
    }),
    era('1.4.0-full-enforcement', '1.4.0', 'fullEnforcement', {
      summary: 'Release 1.4.0, full enforcement: the current contract; no more warnings',
      signedMoneyForm: true,
      legacyAuth: 'refused',
      ...FROM_1_3_0_ENFORCEMENT,
      deprecationWarning: null,
      signedWebhooks: true,
    }),
  ])
}

/** What the eras before release 1.4.0 share. */
const BEFORE_1_4_0 = { signedMoneyForm: false, legacyAuth: 'accepted', signedWebhooks: false } as const

/** What the eras from release 1.3.0's full enforcement on share. */
const FROM_1_3_0_ENFORCEMENT = { missingIdempotencyKey: 'refused', malformedIdempotencyKey: 'refused' } as const

/** One era: from the day of its release's step (none: from the start of time) until the next era. */
/* @__NO_SIDE_EFFECTS__ */
function era(
  name: EraName,
  release: ContractEra['release'],
  step: ReleaseStep | null,
  rules: Omit<ContractEra, 'name' | 'release' | 'step' | 'from' | 'fromMs'>,
): ContractEra {
  const from = release === null || step === null ? null : RELEASES[release].iso[step]
  return Object.freeze({
    name,
    release,
    step,
    from,
    fromMs: from === null ? Number.NEGATIVE_INFINITY : Date.parse(from),
    ...rules,
  })
}

/** Release 1.3.0's warning: the key will be required, then its format. */
/* @__NO_SIDE_EFFECTS__ */
function keyWarning(): DeprecationWarning {
  const { iso } = RELEASES['1.3.0']
  return {
    text:
      `X-Idempotent-Key will be required on refund and payout from ${iso.rejection} (release 1.3.0): ` +
      `a request without it will be refused with 400 missing_idempotent_key, and from ${iso.fullEnforcement} ` +
      'a key must be 1 to 255 characters',
    scope: 'refund-payout',
    concerns: ['missing-idempotency-key', 'malformed-idempotency-key'],
  }
}

/** Release 1.3.0's warning once the key is required: its format will be. */
/* @__NO_SIDE_EFFECTS__ */
function keyFormatWarning(): DeprecationWarning {
  const { iso } = RELEASES['1.3.0']
  return {
    text:
      `X-Idempotent-Key has been required on refund and payout since ${iso.rejection} (release 1.3.0); ` +
      (`from ${iso.fullEnforcement} a key that is empty or longer than 255 ` +
        `characters will be refused with 400 invalid_idempotent_key`),
    scope: 'refund-payout',
    concerns: ['missing-idempotency-key', 'malformed-idempotency-key'],
  }
}

const HOW_TO_MIGRATE =
  'send X-Api-Key alone on standard endpoints, and sign refund and payout ' +
  'with X-Timestamp and X-Signature and a camelCase body'

/** Release 1.4.0's warning: the earlier authentication will be refused. */
/* @__NO_SIDE_EFFECTS__ */
function authWarning(): DeprecationWarning {
  return {
    text:
      'X-App-Id, X-Timestamp on standard endpoints, and unsigned snake_case ' +
      'refund and payout requests are deprecated (release 1.4.0) ' +
      `and will be refused with 401 invalid_authentication from ${RELEASES['1.4.0'].iso.rejection}; ${HOW_TO_MIGRATE}`,
    scope: 'gateway',
    concerns: ['legacy-auth'],
  }
}

/** Release 1.4.0's warning once the earlier authentication is refused. */
/* @__NO_SIDE_EFFECTS__ */
function authRefusedWarning(): DeprecationWarning {
  return {
    text:
      `Since ${RELEASES['1.4.0'].iso.rejection} (release 1.4.0) X-App-Id, X-Timestamp on ` +
      `standard endpoints, and unsigned snake_case refund and payout ` +
      `requests are refused with 401 invalid_authentication; ${HOW_TO_MIGRATE}`,
    scope: 'gateway',
    concerns: ['legacy-auth'],
  }
}

/* @__NO_SIDE_EFFECTS__ */
function lastOf<T>(list: readonly T[]): T {
  return list[list.length - 1]!
}

/**
 * Every era of the contract, oldest first: the one table that decides which contract is in force.
 *
 * @example
 * ```ts
 * for (const era of CONTRACT_ERAS) console.log(era.from ?? 'always', era.name, era.summary)
 * ```
 */
export const CONTRACT_ERAS: readonly ContractEra[] = /* @__PURE__ */ buildEras()

/**
 * The contract in force today: the last era.
 *
 * @example
 * ```ts
 * CURRENT_ERA.name // '1.4.0-full-enforcement'
 * ```
 */
export const CURRENT_ERA: ContractEra = /* @__PURE__ */ lastOf(CONTRACT_ERAS)

/**
 * The era in force at `nowMs` (epoch milliseconds). An era starts at its instant inclusive.
 *
 * @example
 * ```ts
 * eraAt(Date.parse('2026-01-19T23:59:59Z')).name // '1.3.0-deprecation-warning'
 * eraAt(Date.parse('2026-01-20T00:00:00Z')).name // '1.3.0-rejection'
 * ```
 */
export function eraAt(nowMs: number): ContractEra {
  for (let i = CONTRACT_ERAS.length - 1; i > 0; i--) {
    if (nowMs >= CONTRACT_ERAS[i]!.fromMs) return CONTRACT_ERAS[i]!
  }
  return CONTRACT_ERAS[0]!
}

/**
 * The era with this name.
 *
 * @example
 * ```ts
 * eraNamed('1.4.0-grace').from // '2026-03-02T00:00:00Z'
 * ```
 */
export function eraNamed(name: EraName): ContractEra {
  const found = CONTRACT_ERAS.find((e) => e.name === name)
  if (!found) throw new RangeError(`Unknown era ${JSON.stringify(name)}`)
  return found
}
