/**
 * @module adapters/sessions/session-body
 * What a session is made with: `POST /__mock/sessions`'s body, and `server.sessions.create(options)` in code, the
 * same fields under the same rules. Each field is an option `serve` takes that makes sense for one session (its
 * flag in cli/serve-flags.ts says so with `session`), under the name `startMockServer` gives it: where the clock
 * starts and whether it runs, the demo merchant's webhook URL, a saved state to start from, the development
 * one-time code, and what the session keeps of its history. Shapes are checked here (unknown fields are
 * refused, naming them); ranges by the mock's own option checks when the session's mock is made, so a session
 * refuses what `createMockGateway` refuses, with its words.
 */
import * as z from 'zod/mini'
import { isoInstantRefusal } from '../../clock/clock.js'
import type { MockGatewayOptions } from '../../options.js'
import { nearestWord } from '../../nearest-word.js'
import { RuleError } from '../../domain/rule-error.js'
import { validate } from '../../http/validate.js'

const count = z.number()
const HISTORY_FIELDS = ['max', 'maxAgeSeconds'] as const
const historyLimit = z.strictObject({ max: z.optional(count), maxAgeSeconds: z.optional(count) })
const RETENTION_FIELDS = ['webhooks', 'outbox', 'expiredQrCodeSeconds'] as const
const SESSION_FIELDS = [
  'state',
  'now',
  'frozen',
  'webhookUrl',
  'otpDevCode',
  'requestLogLimit',
  'retention',
  'keepRecordsSeconds',
] as const

/**
 * The body of `POST /__mock/sessions` (every field optional; an empty body is `{}`): `state`, a saved state
 * (what `GET /__mock/snapshot` answers) to start from instead of the server's start; `now` and `frozen`, the
 * session's clock; `webhookUrl`, where the demo merchant's webhooks go (null: nowhere); `otpDevCode`,
 * `requestLogLimit`, `retention`, `keepRecordsSeconds` as `startMockServer` takes them.
 *
 * @example
 * ```ts
 * createSessionBody.parse({ now: '2026-11-02T09:00:00Z', frozen: true, webhookUrl: 'http://127.0.0.1:3000/hooks' })
 * ```
 */
export const createSessionBody = z.strictObject({
  state: z.optional(z.unknown()),
  now: z.optional(z.string()),
  frozen: z.optional(z.boolean()),
  webhookUrl: z.optional(z.nullable(z.string())),
  otpDevCode: z.optional(z.string()),
  requestLogLimit: z.optional(count),
  retention: z.optional(
    z.strictObject({
      webhooks: z.optional(historyLimit),
      outbox: z.optional(historyLimit),
      expiredQrCodeSeconds: z.optional(count),
    }),
  ),
  keepRecordsSeconds: z.optional(count),
})

/**
 * What a session is made with (the body of `POST /__mock/sessions`, or `server.sessions.create(options)`).
 *
 * @example
 * ```ts
 * const options: SessionOptions = { now: '2026-11-02T09:00:00Z', frozen: true }
 * ```
 */
export type SessionOptions = z.infer<typeof createSessionBody>

/**
 * How a server's sessions start when a session asks for nothing else: the mock options the server was started
 * with (its seed, the demo merchant for `serve`, or its `--state`; its clock option; its retention and the rest).
 *
 * @example
 * ```ts
 * const start: SessionStart = { seed: [DEMO_MERCHANT], clock: { now: '2026-11-02T09:00:00Z' } }
 * ```
 */
export type SessionStart = Omit<MockGatewayOptions, 'baseUrl'>

/**
 * The mock options of a new session: the server's start with the session's own fields over it. Throws a 400
 * `RuleError` naming the field for a body of the wrong shape, for a date that is no ISO 8601 date or a webhook
 * URL that is no http(s) URL (in the CLI's words), and for fields that a saved state already holds.
 *
 * @example
 * ```ts
 * sessionOptionsOf({ frozen: true }, { seed: [DEMO_MERCHANT] }) // { seed: [DEMO_MERCHANT], clock: { frozen: true } }
 * ```
 */
export function sessionOptionsOf(body: unknown, start: SessionStart): SessionStart {
  const given = validateWithHints(body ?? {})
  const badNow = given.now === undefined ? undefined : isoInstantRefusal('now', given.now)
  if (badNow !== undefined) throw new RuleError(400, badNow)
  if (typeof given.webhookUrl === 'string' && !/^https?:\/\/[^\s]+$/.test(given.webhookUrl))
    throw new RuleError(400, `webhookUrl must be an http(s) URL, got ${JSON.stringify(given.webhookUrl)}`)
  const { state, now, frozen, webhookUrl, ...options } = given
  const beside = (['now', 'frozen', 'webhookUrl'] as const).filter((field) => given[field] !== undefined)
  const made: SessionStart = { ...start, ...options }
  if (state !== undefined) {
    if (beside.length > 0)
      throw new RuleError(
        400,
        `state holds the clock and the merchants: ${beside.join(' and ')} cannot be given with it (move the clock ` +
          'with POST <baseUrl>/__mock/clock, set a webhook URL with PATCH <baseUrl>/__mock/merchants/{id})',
      )
    delete made.seed
    delete made.clock
    return { ...made, state }
  }
  if (beside.length === 0) return made
  if (start.state !== undefined)
    throw new RuleError(
      400,
      `this server starts its sessions from its saved state, which holds the clock and the merchants: ` +
        `${beside.join(' and ')} cannot be given (move the clock with POST <baseUrl>/__mock/clock once it is made)`,
    )
  if (now !== undefined || frozen !== undefined)
    made.clock = { ...start.clock, ...(now === undefined ? {} : { now }), ...(frozen === undefined ? {} : { frozen }) }
  if (webhookUrl !== undefined) {
    const [first, ...others] = start.seed ?? []
    if (first === undefined)
      throw new RuleError(
        400,
        "webhookUrl sets the demo merchant's webhook URL; this server's sessions start with none",
      )
    made.seed = [{ ...first, webhookUrl: webhookUrl ?? undefined }, ...others]
  }
  return made
}

/** The body checked by its schema; a refusal of unknown fields says what each likely meant and what is taken. */
function validateWithHints(body: unknown): SessionOptions {
  try {
    return validate(createSessionBody, body)
  } catch (error) {
    const hints = unknownFieldHints(body)
    if (!(error instanceof RuleError) || hints.length === 0) throw error
    throw new RuleError(400, `${error.message} (${hints.join('; ')})`)
  }
}

/**
 * For each level of the body with a field no session takes: the field's likely meaning, if one is near, and
 * the fields that level takes (`frozn: did you mean frozen?; a session takes state, now, ...`).
 */
function unknownFieldHints(body: unknown): string[] {
  const levels: Array<[string, unknown, readonly string[]]> = [['a session', body, SESSION_FIELDS]]
  const retention = isRecord(body) ? body.retention : undefined
  levels.push(['retention', retention, RETENTION_FIELDS])
  if (isRecord(retention))
    for (const history of ['webhooks', 'outbox'] as const)
      levels.push([`retention.${history}`, retention[history], HISTORY_FIELDS])
  const hints: string[] = []
  for (const [name, value, known] of levels) {
    if (!isRecord(value)) continue
    const unknown = Object.keys(value).filter((key) => !known.includes(key))
    if (unknown.length === 0) continue
    for (const key of unknown) {
      const near = nearestWord(key, known)
      if (near !== undefined) hints.push(`${key}: did you mean ${near}?`)
    }
    hints.push(`${name} takes ${known.join(', ')}`)
  }
  return hints
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
