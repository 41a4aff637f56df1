/**
 * @module pin-helpers
 * Helpers of the PIN module suites (pin*.test.ts): a mock with cheap PIN hashing, signed-in users, a
 * raw client of the six PIN routes that speaks the wire protocol by hand, and the two shapes every
 * answer takes (`{status_code, message, data}`, plus `code` on a refusal).
 */
import { PIN_MESSAGES, PIN_PATHS, PIN_RULES, type PinErrorCode } from '@merchant-gateway/contract'
import { expect } from 'vitest'
import type { CreateUserInput, MockGateway, MockGatewayOptions } from '../src/index.js'
import { newMock, type Reply } from './harness.js'

/** The PIN users start with, the one they move to, and one that is neither. */
export const PIN = '482915'
export const NEW_PIN = '730264'
export const WRONG_PIN = '111111'

export const EMAIL = 'dara.sok@example.com'
export const PHONE = { phoneCode: '855', countryCode: 'KH', phoneNumber: '12345678' } as const
/** The e-mail contact as forgot-pin and verify-otp take it. */
export const BY_EMAIL = { email: EMAIL } as const
/** The phone contact as forgot-pin and verify-otp take it. */
export const BY_PHONE = { phone_code: '855', country_code: 'KH', phone_number: '12345678' } as const
/** Where the outbox says a phone code went. */
export const PHONE_ADDRESS = '+855 12345678 (KH)'

/** The PIN module's time limits in milliseconds: the block after wrong PINs, a reset session's life. */
export const BLOCK_MS = PIN_RULES.blockSeconds * 1000
export const SESSION_MS = PIN_RULES.otpSessionSeconds * 1000

/** A mock with a frozen clock at MONDAY and 1 000 PBKDF2 iterations (speed). */
export function pinMock(options: MockGatewayOptions = {}): MockGateway {
  return newMock({ pinHashIterations: 1000, ...options })
}

export interface PinUser {
  userId: number
  accessToken: string
}

/** A user with a verified e-mail and a verified phone, unless told otherwise. */
export function newUser(
  mock: MockGateway,
  input: CreateUserInput = { email: EMAIL, emailVerified: true, phone: { ...PHONE }, phoneVerified: true },
): Promise<PinUser> {
  return mock.users.create(input)
}

/** Sends a PIN module request: `token` becomes `Authorization: Bearer <token>`; `authorization` is sent as is. */
export async function pinCall(
  mock: MockGateway,
  path: string,
  options: {
    token?: string | null
    authorization?: string
    body?: unknown
    rawBody?: string | Uint8Array<ArrayBuffer>
  } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  if (options.authorization !== undefined) headers.Authorization = options.authorization
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
  const res = await mock.fetch(`${mock.baseUrl}${path}`, { method: 'POST', headers, body })
  return { status: res.status, body: await res.json(), headers: res.headers }
}

/** A contact as the wire takes it: `{email}` or `{phone_code, country_code, phone_number}`. */
export type ContactBody = Record<string, unknown>

/** The six PIN routes as the holder of `token` (null: no Authorization header) calls them. */
export function as(mock: MockGateway, token: string | null) {
  const post = (path: string, body: unknown) => pinCall(mock, path, { token, body })
  return {
    setPin: (pin: unknown) => post(PIN_PATHS.setPin, { pin }),
    verifyPin: (pin: unknown) => post(PIN_PATHS.verifyPin, { pin }),
    changePin: (current_pin: unknown, new_pin: unknown) => post(PIN_PATHS.changePin, { current_pin, new_pin }),
    forgotPin: (contact: ContactBody) => post(PIN_PATHS.forgotPin, contact),
    verifyOtp: (contact: ContactBody, otp_code: unknown, session_id: unknown) =>
      post(PIN_PATHS.verifyOtp, { ...contact, otp_code, session_id }),
    resetPin: (session_id: unknown, new_pin: unknown) => post(PIN_PATHS.resetPin, { session_id, new_pin }),
  }
}

/** A PIN client bound to a user. */
export type PinApi = ReturnType<typeof as>

/** Asserts a success: status 200 and exactly `{status_code: 200, message, data}`. */
export function expectOk(reply: Reply, message: string, data: unknown = null): void {
  expect({ status: reply.status, body: reply.body }).toEqual({ status: 200, body: { status_code: 200, message, data } })
}

/** Asserts a refusal: `status` and exactly `{status_code, message (non-empty), code, data}`. */
export function expectRefused(
  reply: Reply,
  status: number,
  code: PinErrorCode | 'injected_fault',
  data: unknown = null,
): void {
  expect({ status: reply.status, body: reply.body }).toEqual({
    status,
    body: { status_code: status, message: expect.stringMatching(/\S/), code, data },
  })
}

/** Asserts that `pin` is the user's PIN now (a right verify-pin also clears the wrong-attempt counter). */
export async function expectPinIs(api: PinApi, pin: string): Promise<void> {
  expectOk(await api.verifyPin(pin), PIN_MESSAGES.verifyPin)
}

/** Asserts that the user has no PIN. */
export async function expectNoPin(api: PinApi): Promise<void> {
  expectRefused(await api.verifyPin(PIN), 409, 'pin_not_set')
}

/** Sends 4 wrong PINs (4, 3, 2, 1 left) and the 5th that blocks; returns the 429 reply. */
export async function lockOut(api: PinApi): Promise<Reply> {
  for (const left of [4, 3, 2, 1])
    expectRefused(await api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: left })
  const blocked = await api.verifyPin(WRONG_PIN)
  expect(blocked.status).toBe(429)
  return blocked
}

/** The newest code in the outbox. */
export function lastMessage(mock: MockGateway) {
  const message = mock.otp.list().at(-1)
  if (!message) throw new Error('no one-time code was sent')
  return message
}

/** A 6-digit code that is neither `code` nor any of `avoid`. */
export function otherCode(code: string, ...avoid: string[]): string {
  for (const candidate of ['111111', '222222', '333333'])
    if (candidate !== code && !avoid.includes(candidate)) return candidate
  throw new Error('unreachable')
}

/** forgot-pin for `contact`, expecting success; returns the open session's id and the code sent. */
export async function openSession(
  mock: MockGateway,
  user: PinUser,
  contact: ContactBody = BY_EMAIL,
): Promise<{ sessionId: string; code: string }> {
  const reply = await as(mock, user.accessToken).forgotPin(contact)
  expectOk(reply, PIN_MESSAGES.forgotPin, { session_id: expect.any(String), expires_at: PIN_RULES.otpSessionSeconds })
  const sent = lastMessage(mock)
  expect(sent.sessionId).toBe(reply.body.data.session_id)
  return { sessionId: reply.body.data.session_id, code: sent.code }
}

/** forgot-pin then verify-otp, expecting success; returns the verified session's id. */
export async function verifiedSession(
  mock: MockGateway,
  user: PinUser,
  contact: ContactBody = BY_EMAIL,
): Promise<string> {
  const { sessionId, code } = await openSession(mock, user, contact)
  const reply = await as(mock, user.accessToken).verifyOtp(contact, code, sessionId)
  expectOk(reply, PIN_MESSAGES.verifyOtp, {
    success: true,
    message: PIN_MESSAGES.verifyOtp,
    session_id: expect.any(String),
  })
  return reply.body.data.session_id
}

/** A user with {@link PIN} set. */
export async function userWithPin(mock: MockGateway, input?: CreateUserInput): Promise<{ user: PinUser; api: PinApi }> {
  const user = await newUser(mock, input)
  const api = as(mock, user.accessToken)
  expectOk(await api.setPin(PIN), PIN_MESSAGES.setPin)
  return { user, api }
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
