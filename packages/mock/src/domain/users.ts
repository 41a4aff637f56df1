/**
 * @module users
 * Signed-in users of the PIN module, created by the control API (the identity provider of the test):
 * an e-mail and/or a phone, each verified or not, and a bearer access token.
 */
import { PIN_RULES } from '@merchant-gateway/contract'
import { randomHex, type DomainContext } from './context.js'
import { RuleError } from './rule-error.js'
import { insertUser } from './state-moves.js'
import type { Phone, UserRecord } from '../store/records.js'

/**
 * What the control API accepts to create a user.
 *
 * @example
 * ```ts
 * const input: CreateUserInput = { email: 'dara@example.com', emailVerified: true, phone: { phoneCode: '855',
 *   countryCode: 'KH', phoneNumber: '12345678' } }
 * const { accessToken } = await mock.users.create(input)
 * ```
 */
export interface CreateUserInput {
  email?: string
  emailVerified?: boolean
  phone?: Phone
  phoneVerified?: boolean
}

/** True for an e-mail address of the contract's rule (`PIN_RULES`: a plausible shape, at most 254 characters). */
export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= PIN_RULES.emailMaxLength && PIN_RULES.emailPattern.test(value)
}

/** The reason a phone is malformed by the contract's rules (`PIN_RULES`), or undefined when it is well-formed. */
function phoneProblem(phone: Partial<Record<keyof Phone, unknown>>): string | undefined {
  if (typeof phone.phoneCode !== 'string' || !PIN_RULES.phoneCodePattern.test(phone.phoneCode))
    return 'phone_code must be 1 to 4 digits'
  if (typeof phone.countryCode !== 'string' || !PIN_RULES.countryCodePattern.test(phone.countryCode))
    return 'country_code must be an ISO 3166-1 alpha-2 code (two upper-case letters)'
  if (typeof phone.phoneNumber !== 'string' || !PIN_RULES.phoneNumberPattern.test(phone.phoneNumber))
    return 'phone_number must be 4 to 15 digits'
  return undefined
}

/** Creates a user with a fresh access token. */
export function createUser(ctx: DomainContext, input: CreateUserInput): UserRecord {
  if (input.email === undefined && input.phone === undefined)
    throw new RuleError(400, 'A user needs an email or a phone')
  if (input.email !== undefined && !isEmail(input.email)) throw new RuleError(400, 'email must be an e-mail address')
  if (input.phone !== undefined) {
    const problem =
      typeof input.phone === 'object' && input.phone !== null ? phoneProblem(input.phone) : 'phone must be an object'
    if (problem) throw new RuleError(400, problem)
  }
  return insertUser(ctx, {
    userId: ctx.db.nextId('user'),
    accessToken: `at_${randomHex(24)}`,
    email: input.email ?? null,
    emailVerified: input.emailVerified ?? false,
    phone: input.phone
      ? { phoneCode: input.phone.phoneCode, countryCode: input.phone.countryCode, phoneNumber: input.phone.phoneNumber }
      : null,
    phoneVerified: input.phoneVerified ?? false,
    pin: null,
    wrongAttempts: 0,
    blockedUntil: null,
    resetCodesSentAt: [],
    createdAt: ctx.clock.now(),
  })
}

/** The user a bearer token belongs to, if any. */
export function userByToken(ctx: DomainContext, token: string): UserRecord | undefined {
  return ctx.db.users.get('byToken', token)
}
