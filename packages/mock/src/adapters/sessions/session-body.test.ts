/**
 * @module adapters/sessions/session-body.test
 * What a session is made with: the fields `serve`'s flags set for one session, under the names the server's
 * options give them, checked for shape here; the server's start under them.
 */
import { describe, expect, it } from 'vitest'
import { SERVE_FLAGS } from '../../cli/serve-flags.js'
import { DEMO_MERCHANT } from '../../cli/demo-merchant.js'
import { isRuleError } from '../../domain/rule-error.js'
import { createSessionBody, sessionOptionsOf, type SessionStart } from './session-body.js'

const SERVER: SessionStart = { seed: [DEMO_MERCHANT], requestLogLimit: 50 }

/** The refusal `sessionOptionsOf` throws, as status and message. */
function refusal(body: unknown, start: SessionStart = SERVER): { status: number; message: string } | undefined {
  try {
    sessionOptionsOf(body, start)
    return undefined
  } catch (error) {
    if (!isRuleError(error)) throw error
    return { status: error.status, message: error.message }
  }
}

/** A value of the right type for a field, by the flag's kind. */
const sample = (path: string): unknown =>
  path === 'now' ? '2026-11-02T09:00:00Z' : path === 'frozen' ? true : path === 'webhookUrl' ? 'http://h/w' : 6

describe('the fields of a session', () => {
  it("are the flags of serve that make sense per session, each at its flag's session path", () => {
    const perSession = SERVE_FLAGS.filter((flag) => flag.session !== undefined)
    expect(perSession.map((flag) => flag.name)).toEqual([
      'now',
      'frozen',
      'webhook-url',
      'state',
      'otp-dev-code',
      'keep-requests',
      'keep-webhooks',
      'keep-webhooks-seconds',
      'keep-codes',
      'keep-codes-seconds',
      'keep-expired-qr-seconds',
      'keep-records-seconds',
    ])
    const leaves: string[] = []
    for (const flag of perSession) {
      const path = flag.session!
      leaves.push(path)
      if (path === 'state' || path === 'otpDevCode') continue
      const body: Record<string, unknown> = {}
      let at = body
      const keys = path.split('.')
      keys.slice(0, -1).forEach((key) => {
        at[key] = {}
        at = at[key] as Record<string, unknown>
      })
      at[keys.at(-1)!] = sample(path)
      expect(createSessionBody.safeParse(body).success, path).toBe(true)
    }
    // And nothing else: every field of the body is one of these flags'.
    const fields = (shape: Record<string, unknown>, prefix = ''): string[] =>
      Object.entries(shape).flatMap(([key, schema]) => {
        const inner = (schema as { _zod: { def: { innerType?: { _zod: { def: { shape?: object } } } } } })._zod.def
          .innerType?._zod.def.shape
        return inner ? fields(inner as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`]
      })
    expect(fields(createSessionBody.shape).sort()).toEqual([...leaves].sort())
  })

  it('an empty body is the server start as it is', () => {
    expect(sessionOptionsOf({}, SERVER)).toEqual(SERVER)
    expect(sessionOptionsOf(undefined, SERVER)).toEqual(SERVER)
  })

  it("go over the server's start: the clock, the demo merchant's webhook URL, the history kept", () => {
    const made = sessionOptionsOf(
      { now: '2026-11-02T09:00:00Z', frozen: true, webhookUrl: 'http://127.0.0.1:3000/w', requestLogLimit: 5 },
      { ...SERVER, clock: { frozen: false } },
    )
    expect(made.clock).toEqual({ now: '2026-11-02T09:00:00Z', frozen: true })
    expect(made.seed).toEqual([{ ...DEMO_MERCHANT, webhookUrl: 'http://127.0.0.1:3000/w' }])
    expect(made.requestLogLimit).toBe(5)
    expect(sessionOptionsOf({ webhookUrl: null }, SERVER).seed?.[0]?.webhookUrl).toBe(undefined)
  })

  it("a state replaces the server's seed and clock; the rest of the server's options stay", () => {
    const state = { format: 1, state: {} }
    expect(sessionOptionsOf({ state }, { ...SERVER, clock: { frozen: true } })).toEqual({ requestLogLimit: 50, state })
  })

  it('an unknown field is refused 400, naming it; a field of the wrong type names the field and the type', () => {
    expect(refusal({ now: '2026-11-02T09:00:00Z', webhookURL: 'http://h', stateFile: 'x' })).toEqual({
      status: 400,
      message:
        'has unknown fields webhookURL, stateFile (webhookURL: did you mean webhookUrl?; a session takes state, ' +
        'now, frozen, webhookUrl, otpDevCode, requestLogLimit, retention, keepRecordsSeconds)',
    })
    expect(refusal({ frozn: true })?.message).toMatch(/^has unknown field frozn \(frozn: did you mean frozen\?; /)
    expect(refusal({ retention: { requests: 5 } })?.message).toBe(
      'retention: has unknown field requests (retention takes webhooks, outbox, expiredQrCodeSeconds)',
    )
    expect(refusal({ frozen: 'yes' })).toEqual({ status: 400, message: 'frozen: expected boolean, received string' })
    expect(refusal({ retention: { outbox: { max: 5, maxAge: 1 } } })?.message).toBe(
      'retention.outbox: has unknown field maxAge (retention.outbox takes max, maxAgeSeconds)',
    )
    expect(refusal([])?.message).toBe('expected object, received array')
  })

  it("a date and a webhook URL are read as the CLI reads --now and --webhook-url, in the field's name", () => {
    expect(refusal({ now: '1' })?.message).toBe('now must be an ISO 8601 date such as 2026-11-02T09:00:00Z, got "1"')
    expect(refusal({ webhookUrl: 'ftp://h/w' })?.message).toBe('webhookUrl must be an http(s) URL, got "ftp://h/w"')
  })

  it(
    'a state beside the fields it holds is refused, as ' + '--state beside --now; so is a clock for a server of one',
    () => {
      expect(refusal({ state: {}, now: '2026-11-02T09:00:00Z', webhookUrl: 'http://h/w' })).toEqual({
        status: 400,
        message: expect.stringMatching(/^state holds the clock and the merchants: now and webhookUrl cannot be given/),
      })
      expect(refusal({ frozen: true }, { state: {} })?.message).toMatch(
        /^this server starts its sessions from its saved state, .*: frozen cannot be given/,
      )
      expect(refusal({ webhookUrl: 'http://h/w' }, {})?.message).toMatch(/^webhookUrl sets the demo merchant's/)
    },
  )
})
