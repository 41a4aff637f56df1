/**
 * Model-based property test of the PIN module. Each run drives ONE mock with two signed-in users through a
 * random sequence of the six PIN routes (set, verify right and wrong, change, forgot-pin for own, foreign
 * and unverified contacts, verify-otp with right, wrong and stale codes and sessions, reset-pin with and
 * without the bearer, with used and foreign sessions) and clock moves, many of them to an instant just
 * before, at or after a lockout's or a session's end. Next to it runs a small model of what each request
 * must answer. After every step:
 *
 * - the answer's status, error code and data are the model's (the lockout's `retry_after_seconds` and
 *   `locked_until`, the attempts left, the rate limit's `retry_after_seconds`);
 * - no answer and no control view contains a PIN that any user has or had;
 * - the control API's view of each user (PIN set, wrong attempts, blocked until, reset codes sent) is the
 *   model's: a refused request moved no counter;
 * - a used, ended, expired or foreign session never works again; only accepted forgot-pin requests count
 *   towards the rate limit.
 *
 * On failure fast-check prints the seed, the path and the shrunk step list.
 */
import { PIN_MESSAGES, PIN_RULES } from '@merchant-gateway/contract'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MockGateway, ResetPinBearer } from '../src/index.js'
import type { Reply } from './harness.js'
import { as, BY_EMAIL, BY_PHONE, EMAIL, PHONE, pinMock, type ContactBody } from './pin-helpers.js'
import { isTransition, PIN_MACHINE, RESET_SESSION_MACHINE } from '../src/domain/state-machines.js'
import { checkProperty, propertyRuns, propertyTimeout } from './property-runs.js'

const PINS = ['482915', '730264', '195837'] as const
const WRONG_PIN = '000000'
const BLOCK_MS = PIN_RULES.blockSeconds * 1000
const SESSION_MS = PIN_RULES.otpSessionSeconds * 1000
/** The mock's default forgot-pin limit: 5 codes in 15 minutes. */
const RESET_LIMIT = { max: 5, windowMs: 900_000 }
const OTHER_EMAIL = 'sophea@example.com'

// ---------------------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------------------

interface SessionM {
  id: string
  user: number
  to: string
  state: 'open' | 'verified' | 'ended'
  wrongCodes: number
  expiresAt: number
  code: string
}

interface UserM {
  userId: number
  token: string
  pin: string | null
  wrong: number
  blockedUntil: number | null
  sentAt: number[]
}

interface Model {
  /** The mock's `resetPinBearer`: by default another user's token on reset-pin changes nothing. */
  policy: ResetPinBearer
  now: number
  users: UserM[]
  /** Every session by its current id; ids a session had before verification stay as aliases to nothing. */
  sessions: Map<string, SessionM>
  /** Ids that once worked and must never work again (reset with, or replaced on verification). */
  spent: string[]
}

/** Users: 0 has a verified e-mail and phone; 1 a verified e-mail and an unverified phone. */
const CONTACTS: ReadonlyArray<{ email: ContactBody; phone: ContactBody }> = [
  { email: BY_EMAIL, phone: BY_PHONE },
  { email: { email: OTHER_EMAIL }, phone: { phone_code: '855', country_code: 'KH', phone_number: '87654321' } },
]
const ADDRESS = (contact: ContactBody): string =>
  'email' in contact
    ? String(contact.email).toLowerCase()
    : `+${contact.phone_code} ${contact.phone_number} (${contact.country_code})`

// ---------------------------------------------------------------------------------------------------------
// The steps
// ---------------------------------------------------------------------------------------------------------

type Step =
  | { kind: 'set'; user: number; pin: number }
  | { kind: 'verify'; user: number; right: boolean }
  | { kind: 'change'; user: number; rightCurrent: boolean; next: number }
  | { kind: 'badFormat'; user: number; route: 'set' | 'verify' | 'change' }
  | { kind: 'forgot'; user: number; contact: 'own-email' | 'own-phone' | 'foreign' }
  | { kind: 'verifyOtp'; user: number; session: SessionPick; code: 'right' | 'wrong'; contact: 'same' | 'other' }
  | { kind: 'reset'; bearer: number | null; session: SessionPick; pin: number }
  | { kind: 'advance'; ms: number }
  | { kind: 'toBlockEnd'; user: number; offsetMs: -1000 | -1 | 0 | 1 }
  | { kind: 'toSessionEnd'; session: SessionPick; offsetMs: -1 | 0 | 1 }

const user = fc.integer({ min: 0, max: 1 })
/**
 * Which session a step names: the user's newest open or verified one (the likely next move of a real
 * client), or any id the run has seen (including spent ones and other users'), or one never issued.
 */
type SessionPick = { of: 'open' | 'verified'; user: number } | { of: 'seen'; index: number } | { of: 'unknown' }
/** Picks weighted towards the session the step would use in a real flow (`likely`). */
const pickMostly = (likely: 'open' | 'verified'): fc.Arbitrary<SessionPick> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.record({ of: fc.constant(likely), user }) },
    {
      weight: 1,
      arbitrary: fc.record({ of: fc.constant(likely === 'open' ? ('verified' as const) : ('open' as const)), user }),
    },
    { weight: 2, arbitrary: fc.record({ of: fc.constant('seen' as const), index: fc.nat({ max: 7 }) }) },
    { weight: 1, arbitrary: fc.constant({ of: 'unknown' as const }) },
  )
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('set' as const), user, pin: fc.nat({ max: PINS.length - 1 }) }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('verify' as const), user, right: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('change' as const),
      user,
      rightCurrent: fc.boolean(),
      next: fc.nat({ max: PINS.length - 1 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('badFormat' as const),
      user,
      route: fc.constantFrom('set' as const, 'verify' as const, 'change' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('forgot' as const),
      user,
      contact: fc.constantFrom('own-email' as const, 'own-phone' as const, 'foreign' as const),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('verifyOtp' as const),
      user,
      session: pickMostly('open'),
      code: fc.constantFrom('right' as const, 'right' as const, 'right' as const, 'wrong' as const),
      contact: fc.constantFrom('same' as const, 'same' as const, 'same' as const, 'other' as const),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('reset' as const),
      bearer: fc.option(user, { freq: 4 }),
      session: pickMostly('verified'),
      pin: fc.nat({ max: PINS.length - 1 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.constantFrom(1_000, 30_000, 59_999, 60_000, 300_000, 600_000, 900_000),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('toBlockEnd' as const),
      user,
      offsetMs: fc.constantFrom(-1000 as const, -1 as const, 0 as const, 1 as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('toSessionEnd' as const),
      session: pickMostly('open'),
      offsetMs: fc.constantFrom(-1 as const, 0 as const, 1 as const),
    }),
  },
)

/** Steps, with now and then a burst of them as a client would send them. */
const stepsArb: fc.Arbitrary<Step[]> = fc
  .array(
    fc.oneof(
      { weight: 30, arbitrary: stepArb.map((step) => [step]) },
      // A guessing client: five wrong PINs in a row, then a wait to about the lockout's end, then a try.
      {
        weight: 2,
        arbitrary: fc
          .tuple(user, fc.constantFrom(-1000 as const, -1 as const, 0 as const, 1 as const), fc.boolean())
          .map(([u, offsetMs, right]): Step[] => [
            ...Array.from({ length: 5 }, (): Step => ({ kind: 'verify', user: u, right: false })),
            { kind: 'toBlockEnd', user: u, offsetMs },
            { kind: 'verify', user: u, right },
          ]),
      },
      {
        weight: 1,
        arbitrary: user.map((u): Step[] =>
          Array.from({ length: 6 }, () => ({ kind: 'forgot', user: u, contact: 'own-email' })),
        ),
      },
      // A whole reset flow, its steps possibly wrong: request a code, enter it (or a wrong one), set a new PIN.
      {
        weight: 3,
        arbitrary: fc
          .tuple(
            user,
            fc.constantFrom('own-email' as const, 'own-phone' as const),
            fc.nat({ max: 5 }),
            fc.option(user, { freq: 3 }),
            fc.nat({ max: PINS.length - 1 }),
          )
          .map(([u, contact, wrongCodes, bearer, pin]): Step[] => [
            { kind: 'forgot', user: u, contact },
            ...Array.from(
              { length: wrongCodes },
              (): Step => ({
                kind: 'verifyOtp',
                user: u,
                session: { of: 'open', user: u },
                code: 'wrong',
                contact: 'same',
              }),
            ),
            { kind: 'verifyOtp', user: u, session: { of: 'open', user: u }, code: 'right', contact: 'same' },
            { kind: 'reset', bearer, session: { of: 'verified', user: u }, pin },
          ]),
      },
    ),
    { minLength: 3, maxLength: 40 },
  )
  .map((groups) => groups.flat())

function describeStep(step: Step): string {
  return JSON.stringify(step)
}

// ---------------------------------------------------------------------------------------------------------
// Expectations: each step's answer from the model, and the model's next state
// ---------------------------------------------------------------------------------------------------------

/** What a step must answer: a success with its message and data, or a refusal with its status, code and data. */
type Expected = { status: 200; message: string; data: unknown } | { status: number; code: string; data: unknown }

const ok = (message: string, data: unknown = null): Expected => ({ status: 200, message, data })
const refused = (status: number, code: string, data: unknown = null): Expected => ({ status, code, data })

/** A session's state changes only by a move of the reset session machine. */
function moveSession(session: SessionM, to: SessionM['state']): void {
  expect(isTransition(RESET_SESSION_MACHINE, session.state, to), `reset session ${session.state} -> ${to}`).toBe(true)
  session.state = to
}

/** The user's PIN as the PIN machine names its states, at `now`. */
function pinState(u: UserM, now: number): 'none' | 'set' | 'blocked' {
  if (u.pin === null) return 'none'
  return u.blockedUntil !== null && now < u.blockedUntil ? 'blocked' : 'set'
}

/** The PIN check shared by verify-pin and change-pin: the model's answer, and its state changes. */
function checkPin(model: Model, u: UserM, pin: string): Expected | undefined {
  if (u.pin === null) return refused(409, 'pin_not_set')
  if (u.blockedUntil !== null && model.now < u.blockedUntil) return locked(u.blockedUntil, model.now)
  if (pin === u.pin) {
    u.wrong = 0
    u.blockedUntil = null
    return undefined
  }
  u.wrong += 1
  if (u.wrong % PIN_RULES.wrongAttemptsPerBlock === 0) {
    u.blockedUntil = model.now + BLOCK_MS
    return locked(u.blockedUntil, model.now)
  }
  return refused(422, 'wrong_pin', {
    attempts_remaining: PIN_RULES.wrongAttemptsPerBlock - (u.wrong % PIN_RULES.wrongAttemptsPerBlock),
  })
}

function locked(until: number, now: number): Expected {
  return refused(429, 'pin_locked', {
    locked_until: new Date(until).toISOString(),
    retry_after_seconds: Math.ceil((until - now) / 1000),
  })
}

const NEVER_ISSUED = '5f0c6a1e-0000-4000-8000-000000000000'

/** The session id a step's pick designates (an id never issued when there is none such). */
function sessionIdFor(model: Model, pick: SessionPick): string {
  if (pick.of === 'unknown') return NEVER_ISSUED
  if (pick.of === 'seen') {
    const seen = [...model.sessions.keys(), ...model.spent]
    return seen[pick.index % Math.max(seen.length, 1)] ?? NEVER_ISSUED
  }
  const mine = [...model.sessions.values()].filter((s) => s.user === pick.user && s.state === pick.of)
  return mine.at(-1)?.id ?? NEVER_ISSUED
}

// ---------------------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------------------

/** How often each step kind got each status, over all runs: the property must reach every outcome. */
const outcomes = new Map<string, number>()

async function run(steps: Step[], policy: ResetPinBearer = 'ignored'): Promise<void> {
  const mock: MockGateway = pinMock({ resetPinBearer: policy })
  const created = [
    await mock.users.create({ email: EMAIL, emailVerified: true, phone: { ...PHONE }, phoneVerified: true }),
    await mock.users.create({
      email: OTHER_EMAIL,
      emailVerified: true,
      phone: { phoneCode: '855', countryCode: 'KH', phoneNumber: '87654321' },
      phoneVerified: false,
    }),
  ]
  const model: Model = {
    policy,
    now: Date.parse(mock.clock.now()),
    users: created.map((c) => ({
      userId: c.userId,
      token: c.accessToken,
      pin: null,
      wrong: 0,
      blockedUntil: null,
      sentAt: [],
    })),
    sessions: new Map(),
    spent: [],
  }
  const api = (u: number | null) => as(mock, u === null ? null : model.users[u]!.token)
  // User 0 starts with a PIN (most flows are about a PIN that exists); user 1 has none.
  expect((await api(0).setPin(PINS[0])).status).toBe(200)
  model.users[0]!.pin = PINS[0]

  for (const [index, step] of steps.entries()) {
    const where = `step ${index} ${describeStep(step)}`
    const before = model.users.map((u) => pinState(u, model.now))
    const { reply, expected } = await perform(mock, model, api, step)
    model.users.forEach((u, i) => {
      const after = pinState(u, model.now)
      if (after !== before[i])
        expect(isTransition(PIN_MACHINE, before[i]!, after), `${where}: user ${i}'s PIN ${before[i]} -> ${after}`).toBe(
          true,
        )
    })
    if (reply) outcomes.set(`${step.kind} ${reply.status}`, (outcomes.get(`${step.kind} ${reply.status}`) ?? 0) + 1)
    if (reply && expected) {
      const want =
        expected.status === 200
          ? { status_code: 200, message: (expected as { message: string }).message, data: expected.data }
          : {
              status_code: expected.status,
              message: expect.stringMatching(/\S/),
              code: (expected as { code: string }).code,
              data: expected.data,
            }
      expect({ status: reply.status, body: reply.body }, where).toEqual({ status: expected.status, body: want })
    }
    await checkInvariants(mock, model, reply, where)
  }
}

async function perform(
  mock: MockGateway,
  model: Model,
  api: (u: number | null) => ReturnType<typeof as>,
  step: Step,
): Promise<{ reply?: Reply; expected?: Expected }> {
  switch (step.kind) {
    case 'set': {
      const u = model.users[step.user]!
      const pin = PINS[step.pin]!
      const expected = u.pin !== null ? refused(409, 'pin_already_set') : ok(PIN_MESSAGES.setPin)
      const reply = await api(step.user).setPin(pin)
      if (u.pin === null) Object.assign(u, { pin, wrong: 0, blockedUntil: null })
      return { reply, expected }
    }
    case 'verify': {
      const u = model.users[step.user]!
      const pin = step.right && u.pin !== null ? u.pin : WRONG_PIN
      const expected = checkPin(model, u, pin) ?? ok(PIN_MESSAGES.verifyPin)
      return { reply: await api(step.user).verifyPin(pin), expected }
    }
    case 'change': {
      const u = model.users[step.user]!
      const current = step.rightCurrent && u.pin !== null ? u.pin : WRONG_PIN
      const next = PINS[step.next]!
      let expected: Expected
      if (next === current) expected = refused(422, 'pin_unchanged')
      else {
        const failure = checkPin(model, u, current)
        if (failure) expected = failure
        else {
          u.pin = next
          expected = ok(PIN_MESSAGES.changePin)
        }
      }
      return { reply: await api(step.user).changePin(current, next), expected }
    }
    case 'badFormat': {
      const bad = ['12345', '1234567', 'abcdef', 123456][model.now % 4]
      const call = api(step.user)
      const reply =
        step.route === 'set'
          ? await call.setPin(bad)
          : step.route === 'verify'
            ? await call.verifyPin(bad)
            : await call.changePin(bad, PINS[0])
      // The format is checked before anything else: no counter moves, whatever the user's state.
      return { reply, expected: refused(400, 'invalid_pin_format') }
    }
    case 'forgot': {
      const u = model.users[step.user]!
      const own = CONTACTS[step.user]!
      const contact =
        step.contact === 'own-email'
          ? own.email
          : step.contact === 'own-phone'
            ? own.phone
            : CONTACTS[1 - step.user]!.email
      const recent = u.sentAt.filter((at) => at > model.now - RESET_LIMIT.windowMs)
      let expected: Expected | undefined
      if (recent.length >= RESET_LIMIT.max) {
        const retryAfter = Math.max(1, Math.ceil((recent[0]! + RESET_LIMIT.windowMs - model.now) / 1000))
        expected = refused(429, 'too_many_reset_requests', {
          retry_after_seconds: retryAfter,
          limit: RESET_LIMIT.max,
          window_seconds: RESET_LIMIT.windowMs / 1000,
        })
      } else if (step.contact === 'foreign') expected = refused(404, 'contact_not_found')
      else if (step.contact === 'own-phone' && step.user === 1) expected = refused(422, 'contact_not_verified')
      const reply = await api(step.user).forgotPin(contact)
      if (expected) return { reply, expected }
      // Accepted: earlier open sessions of the user end, a new one opens with the code the outbox shows.
      for (const s of model.sessions.values()) if (s.user === step.user && s.state === 'open') moveSession(s, 'ended')
      const sent = mock.otp.list().at(-1)!
      expect(sent.sessionId, 'the outbox names the session forgot-pin answered').toBe(reply.body?.data?.session_id)
      model.sessions.set(sent.sessionId, {
        id: sent.sessionId,
        user: step.user,
        to: ADDRESS(contact),
        state: 'open',
        wrongCodes: 0,
        expiresAt: model.now + SESSION_MS,
        code: sent.code,
      })
      u.sentAt = [...recent, model.now]
      return {
        reply,
        expected: ok(PIN_MESSAGES.forgotPin, { session_id: sent.sessionId, expires_at: PIN_RULES.otpSessionSeconds }),
      }
    }
    case 'verifyOtp': {
      // The newest open or verified session named is the calling user's own (a client continues its own flow).
      const id = sessionIdFor(
        model,
        step.session.of === 'open' || step.session.of === 'verified'
          ? { ...step.session, user: step.user }
          : step.session,
      )
      const session = model.sessions.get(id)
      const own = CONTACTS[step.user]!
      // The contact sent: the session's own (when it is this user's), or another one of the user's.
      const sameContact =
        session && session.user === step.user ? (ADDRESS(own.email) === session.to ? own.email : own.phone) : own.email
      const contact = step.contact === 'same' ? sameContact : sameContact === own.email ? own.phone : own.email
      const code = step.code === 'right' && session ? session.code : session?.code === '999999' ? '999998' : '999999'
      let expected: Expected
      if (
        !session ||
        session.user !== step.user ||
        session.to !== ADDRESS(contact) ||
        session.state !== 'open' ||
        model.now >= session.expiresAt
      ) {
        expected = refused(400, 'otp_session_invalid')
      } else if (code !== session.code) {
        session.wrongCodes += 1
        const remaining = PIN_RULES.otpMaxWrongCodes - session.wrongCodes
        if (remaining <= 0) moveSession(session, 'ended')
        expected = refused(422, 'otp_invalid', { attempts_remaining: Math.max(remaining, 0) })
      } else
        expected = ok(PIN_MESSAGES.verifyOtp, {
          success: true,
          message: PIN_MESSAGES.verifyOtp,
          session_id: expect.any(String),
        })
      const reply = await api(step.user).verifyOtp(contact, code, id)
      if (expected.status === 200 && session) {
        // Verified: the session goes on under a new id, for 10 minutes more; the old id is spent.
        const verifiedId = reply.body?.data?.session_id as string
        expect(verifiedId, 'the verified session id is a new one').not.toBe(id)
        model.sessions.delete(id)
        model.spent.push(id)
        expect(
          isTransition(RESET_SESSION_MACHINE, 'open', 'verified'),
          'open -> verified is a move of the reset session machine',
        ).toBe(true)
        model.sessions.set(verifiedId, {
          ...session,
          id: verifiedId,
          state: 'verified',
          expiresAt: model.now + SESSION_MS,
        })
      }
      return { reply, expected }
    }
    case 'reset': {
      const id = sessionIdFor(model, step.session)
      const session = model.sessions.get(id)
      const pin = PINS[step.pin]!
      let expected: Expected
      if (
        session?.state !== 'verified' ||
        model.now >= session.expiresAt ||
        (model.policy !== 'ignored' && step.bearer !== null && step.bearer !== session.user)
      ) {
        expected = refused(400, 'reset_session_invalid')
      } else {
        Object.assign(model.users[session.user]!, { pin, wrong: 0, blockedUntil: null })
        expect(
          isTransition(RESET_SESSION_MACHINE, session.state, null),
          `${session.state} -> removed is a move of the reset session machine`,
        ).toBe(true)
        model.sessions.delete(id)
        model.spent.push(id)
        expected = ok(PIN_MESSAGES.resetPin, { success: true, message: PIN_MESSAGES.resetPin })
      }
      return { reply: await api(step.bearer).resetPin(id, pin), expected }
    }
    case 'advance':
      await moveTo(mock, model, model.now + step.ms)
      return {}
    case 'toBlockEnd': {
      const until = model.users[step.user]!.blockedUntil
      if (until !== null && until + step.offsetMs > model.now) await moveTo(mock, model, until + step.offsetMs)
      return {}
    }
    case 'toSessionEnd': {
      const session = model.sessions.get(sessionIdFor(model, step.session))
      if (session && session.expiresAt + step.offsetMs > model.now)
        await moveTo(mock, model, session.expiresAt + step.offsetMs)
      return {}
    }
  }
}

async function moveTo(mock: MockGateway, model: Model, at: number): Promise<void> {
  await mock.clock.set(new Date(at).toISOString())
  model.now = at
}

/** After every step: no PIN anywhere, and the control API's view of each user is the model's. */
async function checkInvariants(
  mock: MockGateway,
  model: Model,
  reply: Reply | undefined,
  where: string,
): Promise<void> {
  const views = await Promise.all(model.users.map((u) => mock.users.get(u.userId)))
  const seen = JSON.stringify([reply?.body ?? null, views])
  for (const pin of PINS)
    expect(seen.includes(`"${pin}"`), `${where}: the PIN ${pin} appears in an answer or a view`).toBe(false)
  views.forEach((view, i) => {
    const u = model.users[i]!
    expect(
      {
        hasPin: view.hasPin,
        wrongAttempts: view.wrongAttempts,
        blockedUntil: view.blockedUntil,
        resetCodesSentAt: view.resetCodesSentAt,
      },
      `${where}: user ${i} as the control API shows it`,
    ).toEqual({
      hasPin: u.pin !== null,
      wrongAttempts: u.wrong,
      blockedUntil: u.blockedUntil === null ? null : new Date(u.blockedUntil).toISOString(),
      resetCodesSentAt: u.sentAt.map((at) => new Date(at).toISOString()),
    })
  })
}

describe('the PIN module against a model (property)', () => {
  const runs = propertyRuns(100)
  it(
    "every answer is the model's, no PIN ever shows, lockouts and sessions " +
      'end exactly on time, and refusals move no counter',
    async () => {
      const policies = fc.constantFrom<ResetPinBearer>('ignored', 'owner-if-sent')
      await checkProperty('PIN module', fc.asyncProperty(stepsArb, policies, run), {
        numRuns: runs,
      })
      // Not vacuous: the random walks reached every outcome the model distinguishes.
      const reached = [...outcomes.keys()].sort()
      if (process.env.PROPERTY_RUNS)
        console.log(`[property] PIN module outcomes: ${reached.map((k) => `${k} x${outcomes.get(k)}`).join(', ')}`)
      for (const outcome of [
        'set 200',
        'set 409',
        'verify 200',
        'verify 422',
        'verify 429',
        'verify 409',
        'change 200',
        'change 422',
        'badFormat 400',
        'forgot 200',
        'forgot 404',
        'forgot 422',
        'forgot 429',
        'verifyOtp 200',
        'verifyOtp 400',
        'verifyOtp 422',
        'reset 200',
        'reset 400',
      ]) {
        expect(reached, `no run reached ${outcome}`).toContain(outcome)
      }
    },
    propertyTimeout(runs, 400),
  )

  it.each(['ignored', 'owner-if-sent'] as const)(
    'the model is not vacuous: a fixed walk through lockout, reset by code and the rate limit passes (%s)',
    async (policy) => {
      const steps: Step[] = [
        { kind: 'set', user: 0, pin: 0 },
        ...Array.from({ length: 5 }, () => ({ kind: 'verify' as const, user: 0, right: false })),
        { kind: 'verify', user: 0, right: true },
        { kind: 'toBlockEnd', user: 0, offsetMs: -1 },
        { kind: 'verify', user: 0, right: true },
        { kind: 'toBlockEnd', user: 0, offsetMs: 0 },
        { kind: 'verify', user: 0, right: true },
        { kind: 'forgot', user: 0, contact: 'own-email' },
        { kind: 'verifyOtp', user: 0, session: { of: 'open', user: 0 }, code: 'wrong', contact: 'same' },
        { kind: 'verifyOtp', user: 0, session: { of: 'open', user: 0 }, code: 'right', contact: 'same' },
        { kind: 'verifyOtp', user: 0, session: { of: 'seen', index: 1 }, code: 'right', contact: 'same' },
        // The verified session resets the PIN once, then never again.
        { kind: 'reset', bearer: 1, session: { of: 'verified', user: 0 }, pin: 2 },
        { kind: 'reset', bearer: 0, session: { of: 'verified', user: 0 }, pin: 2 },
        { kind: 'reset', bearer: 0, session: { of: 'seen', index: 1 }, pin: 1 },
        { kind: 'verify', user: 0, right: true },
        ...Array.from({ length: 6 }, () => ({ kind: 'forgot' as const, user: 1, contact: 'own-email' as const })),
        { kind: 'verify', user: 0, right: true },
      ]
      await run(steps, policy)
    },
  )
})
