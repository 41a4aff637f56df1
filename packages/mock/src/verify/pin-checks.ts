/**
 * @module verify/pin-checks
 * The PIN module's checks of `verify`, on the user of `--bearer`: refusals that change nothing, then the flows
 * its flags allow. Wrong PINs come at most two in a row, each followed by the right one before the next (the
 * contract blocks a user at the 5th wrong PIN in a row): the attempts left are counted down and the right PIN
 * clears them. Wrong one-time codes come twice, then the right code still works. The user ends as it began:
 * with `--pin` (set when it had none), its wrong-attempt counter cleared.
 */
import { PIN_PATHS, PIN_RULES, type PinOperation } from '@merchant-gateway/contract'
import { randomUUID } from 'node:crypto'
import { isObject, parseJson, payloadOf } from './body.js'
import type { SeenAnswer } from './compare.js'
import type { Expectation, Run } from './observation.js'

/**
 * What the PIN module's flows may use on the sandbox user: its PIN (set when it has none), its verified
 * e-mail address (a reset code is sent there) and the sandbox's fixed development code (the reset runs to
 * the end). Without them, only refusals are tried.
 *
 * @example
 * ```ts
 * const flows: PinFlows = { pin: '482913', email: 'qa@example.com', otp: '000000' }
 * ```
 */
export interface PinFlows {
  pin?: string
  email?: string
  otp?: string
}

/**
 * The name of the set-pin check: its answer at the target says whether the sandbox user had a PIN, and the
 * mock's user is given one first when it had.
 *
 * @example
 * ```ts
 * const hadPin = targetSeen.find((o) => o.check === SET_PIN_CHECK)?.answer.status !== 200
 * ```
 */
export const SET_PIN_CHECK = 'PIN: set-pin'

/**
 * Two codes no development environment uses as its fixed code (those are runs like 000000 or 123456), so a
 * "wrong code" check is not accepted by the sandbox's development code.
 */
const WRONG_CODES = ['409173', '583021', '726354'] as const

/** One PIN module request as a named step, with the given token; resolves to its answer. */
type PinCall = (
  check: string,
  operation: PinOperation,
  body: unknown,
  options?: { token?: string; expect?: Expectation },
) => Promise<SeenAnswer>

/**
 * The PIN module's checks: refusals that change nothing, then the flows `flows` allows.
 *
 * @example
 * ```ts
 * await pinChecks(run, side.bearer, { pin: '482913', email: 'qa@example.com' })
 * ```
 */
export async function pinChecks(run: Run, bearer: string, flows: PinFlows): Promise<void> {
  const call: PinCall = (check, operation, body, { token = bearer, expect } = {}) =>
    run.call({ check, operation: undefined, pinOperation: operation, ...(expect ? { expect } : {}) }, () =>
      run.requests.json(PIN_PATHS[operation], body, { Authorization: `Bearer ${token}` }),
    )
  await refusals(call, flows)
  if (flows.pin !== undefined) await pinFlow(call, flows.pin)
  if (flows.email !== undefined) await resetFlow(call, flows.email, flows)
}

/** Requests the module refuses before anything happens. */
async function refusals(call: PinCall, flows: PinFlows) {
  await call('PIN: verify-pin, missing field', 'verifyPin', {})
  await call('PIN: verify-pin, wrong token', 'verifyPin', { pin: '000000' }, { token: 'verify-not-a-token' })
  await call('PIN: reset-pin, unknown session', 'resetPin', {
    session_id: randomUUID(),
    new_pin: flows.pin ?? '000000',
  })
}

/** What is left after the `n`th wrong PIN in a row (the 5th blocks). */
const wrongPin = (n: number, note = ''): Expectation => ({
  kind: 'attempts-left',
  left: PIN_RULES.wrongAttemptsPerBlock - n,
  after: `the ${ordinal(n)} wrong PIN in a row${note}`,
})

/** set-pin, verify-pin right and wrong (the counter down, then cleared), change-pin there and back. */
async function pinFlow(call: PinCall, pin: string) {
  await call(SET_PIN_CHECK, 'setPin', { pin })
  const right = await call('PIN: verify-pin, the PIN', 'verifyPin', { pin })
  // Not the user's PIN (or no PIN at all): every later try would be one more wrong PIN, and five in a row
  // block the sandbox user. The checks not run are reported as such.
  if (right.status < 200 || right.status > 299) return
  const wrong = shiftPin(pin, 3)
  await call('PIN: verify-pin, a wrong PIN', 'verifyPin', { pin: wrong }, { expect: wrongPin(1) })
  await call('PIN: verify-pin, a second wrong PIN', 'verifyPin', { pin: wrong }, { expect: wrongPin(2) })
  await call('PIN: verify-pin, the PIN again', 'verifyPin', { pin })
  // The right PIN cleared the counter: the next wrong one is the first again.
  const cleared = wrongPin(1, ' (the right PIN before it cleared the count)')
  await call('PIN: verify-pin, a wrong PIN after the right one', 'verifyPin', { pin: wrong }, { expect: cleared })
  await call('PIN: verify-pin, the PIN once more', 'verifyPin', { pin })
  const other = shiftPin(pin, 5)
  await call('PIN: change-pin to the same PIN', 'changePin', { current_pin: pin, new_pin: pin })
  await call('PIN: change-pin to another', 'changePin', { current_pin: pin, new_pin: other })
  await call('PIN: change-pin back', 'changePin', { current_pin: other, new_pin: pin })
}

/** forgot-pin, two wrong codes (the attempts counted down), then with `--otp` and `--pin` the reset to the end. */
async function resetFlow(call: PinCall, email: string, flows: PinFlows) {
  const contact = { email }
  const sessionId = sessionIdOf(await call('PIN: forgot-pin (e-mail)', 'forgotPin', contact))
  if (sessionId === undefined) return
  const [first, second] = WRONG_CODES.filter((code) => code !== flows.otp)
  const wrongCode = (n: number): Expectation => ({
    kind: 'attempts-left',
    left: PIN_RULES.otpMaxWrongCodes - n,
    after: `the ${ordinal(n)} wrong code`,
  })
  const session = { ...contact, session_id: sessionId }
  await call('PIN: verify-otp, a wrong code', 'verifyOtp', { ...session, otp_code: first }, { expect: wrongCode(1) })
  await call(
    'PIN: verify-otp, a second wrong code',
    'verifyOtp',
    { ...session, otp_code: second },
    {
      expect: wrongCode(2),
    },
  )
  const pin = flows.pin
  if (flows.otp === undefined || pin === undefined) return
  const verified = sessionIdOf(
    await call('PIN: verify-otp, the code', 'verifyOtp', { ...session, otp_code: flows.otp }),
  )
  if (verified === undefined) return
  await call('PIN: reset-pin', 'resetPin', { session_id: verified, new_pin: pin })
  await call('PIN: reset-pin, the session again', 'resetPin', { session_id: verified, new_pin: pin })
  await call('PIN: verify-pin after the reset', 'verifyPin', { pin })
}

const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`

/** A 6-digit PIN that differs from `pin` in every digit: each digit moved by `by` (1 to 9). */
function shiftPin(pin: string, by: number): string {
  return [...pin].map((digit) => String((Number(digit) + by) % 10)).join('')
}

/** The session id in a PIN module answer's data (forgot-pin's, verify-otp's), if the call succeeded. */
function sessionIdOf(answer: SeenAnswer): string | undefined {
  if (answer.status < 200 || answer.status > 299) return undefined
  const data = payloadOf(parseJson(answer.text))
  const id = isObject(data) ? data.session_id : undefined
  return typeof id === 'string' && id !== '' ? id : undefined
}
