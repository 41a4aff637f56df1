/**
 * @module handlers/pin
 * The PIN module's six routes: parse the body, call the domain, shape the documented envelope data. Each
 * body is parsed by the contract's request schema of its operation (`PIN_REQUESTS`, built from `PIN_RULES`,
 * the rules the SDK checks and the OpenAPI document states); a refusal carries the module's code for what
 * is wrong: `invalid_contact` for the contact, `invalid_pin_format` for a PIN given in another form,
 * `invalid_request` for anything missing or else malformed.
 */
import {
  type OperationInput,
  PIN_MESSAGES,
  PIN_REQUESTS,
  type PinErrorCode,
  type PinOperation,
  describeIssues,
} from '@merchant-gateway/contract'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { changePin, setPin, verifyPin } from '../../domain/pins.js'
import { forgotPin, resetPin, verifyOtp, type Contact } from '../../domain/pin-reset.js'
import { RuleError } from '../../domain/rule-error.js'
import { pinRoute } from '../pin-pipeline.js'
import type { GatewayRuntime } from '../runtime.js'

/** The parse step of each PIN operation, from the contract's request schemas. */
const PARSE = {
  setPin: fromTable('setPin'),
  verifyPin: fromTable('verifyPin'),
  changePin: fromTable('changePin'),
  forgotPin: fromTable('forgotPin'),
  verifyOtp: fromTable('verifyOtp'),
  resetPin: fromTable('resetPin'),
} satisfies Record<PinOperation, unknown>

/** POST set-pin, verify-pin, change-pin, forgot-pin, verify-otp, reset-pin. */
export function pinHandlers(runtime: GatewayRuntime) {
  return [
    pinRoute(runtime, {
      operation: 'setPin',
      parse: PARSE.setPin,
      run: (ctx, user, { pin }) => setPin(ctx, user!, pin),
    }),
    pinRoute(runtime, {
      operation: 'verifyPin',
      parse: PARSE.verifyPin,
      run: (ctx, user, { pin }) => verifyPin(ctx, user!, pin),
    }),
    pinRoute(runtime, {
      operation: 'changePin',
      parse: PARSE.changePin,
      run: (ctx, user, input) => changePin(ctx, user!, input.current_pin, input.new_pin),
    }),
    pinRoute(runtime, {
      operation: 'forgotPin',
      parse: PARSE.forgotPin,
      run: async (ctx, user, input) => {
        const opened = await forgotPin(ctx, user!, contactOf(input))
        return { session_id: opened.sessionId, expires_at: opened.expiresInSeconds }
      },
    }),
    pinRoute(runtime, {
      operation: 'verifyOtp',
      parse: PARSE.verifyOtp,
      run: async (ctx, user, input) => ({
        success: true,
        message: PIN_MESSAGES.verifyOtp,
        session_id: await verifyOtp(ctx, user!, {
          contact: contactOf(input),
          code: input.otp_code,
          sessionId: input.session_id,
        }),
      }),
    }),
    pinRoute(runtime, {
      operation: 'resetPin',
      parse: PARSE.resetPin,
      run: async (ctx, user, input) => {
        await resetPin(ctx, user, { sessionId: input.session_id, newPin: input.new_pin })
        return { success: true, message: PIN_MESSAGES.resetPin }
      },
    }),
  ]
}

/** The fields that are a PIN: given in another form, they are `invalid_pin_format`. */
const PIN_FIELDS: ReadonlySet<string> = new Set(['pin', 'current_pin', 'new_pin'])

/** The fields of a contact: any problem with them is `invalid_contact`. */
const CONTACT_FIELDS = ['email', 'phone_code', 'country_code', 'phone_number'] as const

/**
 * The parse step of a PIN operation: its body validated by the contract's request schema, the first problem
 * refused with the module's code for it.
 */
function fromTable<Id extends PinOperation>(operation: Id): (body: Record<string, unknown>) => OperationInput<Id> {
  const schema: StandardSchemaV1<unknown, OperationInput<Id>> = PIN_REQUESTS[operation] as never
  return (body) => {
    const result = schema['~standard'].validate(body)
    if (result instanceof Promise) throw new Error('[mock] contract schemas must validate synchronously')
    if (result.issues === undefined) return result.value
    throw refusalOf(firstIssue(result.issues[0]!, body), body)
  }
}

type Issue = StandardSchemaV1.Issue & { code?: string; errors?: Issue[][] }

/**
 * The issue to report. Of a contact given as e-mail or phone (a union), the issue of the kind the body
 * names; a body that names both kinds or neither is refused before any field is looked at.
 */
function firstIssue(issue: Issue, body: Record<string, unknown>): Issue {
  if (issue.code !== 'invalid_union' || !issue.errors) return issue
  const byEmail = body.email !== undefined
  const byPhone = CONTACT_FIELDS.slice(1).some((name) => body[name] !== undefined)
  if (byEmail === byPhone) return { message: 'Give either email, or phone_code, country_code and phone_number' }
  return issue.errors[byEmail ? 0 : 1]![0]!
}

/** A 400 naming the field and its rule, with the module's code for it. */
function refusalOf(issue: Issue, body: Record<string, unknown>): RuleError {
  const segment = issue.path?.[0]
  const field = typeof segment === 'object' ? segment.key : segment
  if (typeof field !== 'string') return new RuleError(400, issue.message, 'invalid_contact')
  const given = body[field] !== undefined && body[field] !== null
  const rule = issue.message === 'Invalid input' ? describeIssues({ issues: [issue] }, body) : issue.message
  const code: PinErrorCode = (CONTACT_FIELDS as readonly string[]).includes(field)
    ? 'invalid_contact'
    : PIN_FIELDS.has(field) && given
      ? 'invalid_pin_format'
      : 'invalid_request'
  return new RuleError(400, given ? `${field} ${rule}` : `${field} is required (${rule})`, code)
}

/** The contact of a parsed request, as the domain takes it. */
function contactOf(input: OperationInput<'forgotPin'> | OperationInput<'verifyOtp'>): Contact {
  if (input.email !== undefined) return { channel: 'email', email: input.email }
  const { phone_code, country_code, phone_number } = input as {
    phone_code: string
    country_code: string
    phone_number: string
  }
  return { channel: 'phone', phone: { phoneCode: phone_code, countryCode: country_code, phoneNumber: phone_number } }
}
