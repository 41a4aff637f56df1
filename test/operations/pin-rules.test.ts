/**
 * The PIN module's rules are written once, in the contract (`PIN_RULES`), and three readers apply them: the
 * SDK's PIN client checks a call's parameters before sending, the mock parses the request, and the OpenAPI
 * document states them as JSON Schema. Each rule's edge values go to all three here, and all three must give
 * the verdict the rule gives: valid (the SDK sends it, the mock does not refuse it as malformed, the
 * document's schema accepts it) or invalid (the SDK refuses it, the mock answers 400 with a code for a
 * malformed request, the document's schema refuses it). The document is the committed one, read by a JSON
 * Schema validator (ajv) that is not ours.
 */
import { readFileSync } from 'node:fs'
import { PIN_PATHS } from '@merchant-gateway/contract'
import { createMockGateway } from '@merchant-gateway/mock'
import { ClientValidationError, PinClient } from '@merchant-gateway/sdk/pin'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'

type Operation = keyof typeof PIN_PATHS
type Verdict = 'valid' | 'invalid'

/** One rule's edge value: the wire body the mock and the document get, and the SDK call that sends it. */
interface Case {
  rule: string
  value: unknown
  verdict: Verdict
  operation: Operation
  body: Record<string, unknown>
  sdk: (client: PinClient) => Promise<unknown>
}

const EMAIL = 'dara@example.com'
const PHONE = { phoneCode: '855', countryCode: 'KH', phoneNumber: '12345678' }
const wirePhone = (phone: typeof PHONE) => ({
  phone_code: phone.phoneCode,
  country_code: phone.countryCode,
  phone_number: phone.phoneNumber,
})

const pin = (value: unknown, verdict: Verdict): Case => ({
  rule: 'a PIN',
  value,
  verdict,
  operation: 'setPin',
  body: { pin: value },
  sdk: (c) => c.pin.set({ pin: value as string }),
})
const code = (value: unknown, verdict: Verdict): Case => ({
  rule: 'a one-time code',
  value,
  verdict,
  operation: 'verifyOtp',
  body: { email: EMAIL, otp_code: value, session_id: 'session-1' },
  sdk: (c) => c.pinReset.verifyCode({ sessionId: 'session-1', code: value as string, email: EMAIL }),
})
const email = (value: unknown, verdict: Verdict): Case => ({
  rule: 'an e-mail address',
  value,
  verdict,
  operation: 'forgotPin',
  body: { email: value },
  sdk: (c) => c.pinReset.request({ email: value as string }),
})
const phone = (field: keyof typeof PHONE, value: unknown, verdict: Verdict): Case => {
  const given = { ...PHONE, [field]: value }
  return {
    rule: `a phone's ${field}`,
    value,
    verdict,
    operation: 'forgotPin',
    body: wirePhone(given),
    sdk: (c) => c.pinReset.request({ phone: given }),
  }
}
const session = (value: unknown, verdict: Verdict): Case => ({
  rule: 'a session id',
  value,
  verdict,
  operation: 'resetPin',
  body: { session_id: value, new_pin: '123456' },
  sdk: (c) => c.pinReset.complete({ sessionId: value as string, newPin: '123456' }),
})
const contacts = (label: string, body: Record<string, unknown>, params: object): Case => ({
  rule: 'one contact',
  value: label,
  verdict: 'invalid',
  operation: 'forgotPin',
  body,
  sdk: (c) => c.pinReset.request(params as never),
})

const CASES: Case[] = [
  pin('000000', 'valid'),
  pin('012345', 'valid'),
  pin('12345', 'invalid'),
  pin('1234567', 'invalid'),
  pin('12a456', 'invalid'),
  pin(' 12345', 'invalid'),
  pin('123456\n', 'invalid'),
  pin('١٢٣٤٥٦', 'invalid'),
  pin('', 'invalid'),
  pin(123456, 'invalid'),
  code('482913', 'valid'),
  code('48291', 'invalid'),
  code('4829130', 'invalid'),
  code('48291x', 'invalid'),
  email('a@b.co', 'valid'),
  email(EMAIL, 'valid'),
  email(`${'l'.repeat(64)}@example.com`, 'valid'),
  email(`${'l'.repeat(64)}@${'d'.repeat(185)}.com`, 'valid'),
  email('a@b.c', 'invalid'),
  email('dara.example.com', 'invalid'),
  email('da ra@example.com', 'invalid'),
  email('a@@example.com', 'invalid'),
  email('@example.com', 'invalid'),
  email(`${'l'.repeat(65)}@example.com`, 'invalid'),
  email(`${'l'.repeat(64)}@${'d'.repeat(186)}.com`, 'invalid'),
  email(42, 'invalid'),
  phone('phoneCode', '1', 'valid'),
  phone('phoneCode', '1234', 'valid'),
  phone('phoneCode', '12345', 'invalid'),
  phone('phoneCode', '+855', 'invalid'),
  phone('phoneCode', '', 'invalid'),
  phone('countryCode', 'KH', 'valid'),
  phone('countryCode', 'kh', 'invalid'),
  phone('countryCode', 'KHM', 'invalid'),
  phone('phoneNumber', '1234', 'valid'),
  phone('phoneNumber', '1'.repeat(15), 'valid'),
  phone('phoneNumber', '123', 'invalid'),
  phone('phoneNumber', '1'.repeat(16), 'invalid'),
  phone('phoneNumber', '12 345', 'invalid'),
  session('s', 'valid'),
  session('x'.repeat(255), 'valid'),
  session('x'.repeat(256), 'invalid'),
  session('', 'invalid'),
  session('   ', 'invalid'),
  contacts('e-mail and phone', { email: EMAIL, ...wirePhone(PHONE) }, { email: EMAIL, phone: PHONE }),
  contacts(
    'e-mail and a phone code',
    { email: EMAIL, phone_code: '855' },
    { email: EMAIL, phone: { phoneCode: '855' } },
  ),
  contacts('neither', {}, {}),
]

/** The committed service document, its request bodies read by ajv (JSON Schema 2020-12, as OpenAPI 3.1). */
const DOCUMENT = JSON.parse(readFileSync(new URL('../../packages/contract/openapi.json', import.meta.url), 'utf8'))
const ajv = new Ajv2020({ strict: false, validateFormats: false })
ajv.addSchema(DOCUMENT, 'service')

function documentVerdict(operation: Operation, body: unknown): Verdict {
  const path = PIN_PATHS[operation].replaceAll('/', '~1')
  const pointer = `/paths/${path}/post/requestBody/content/application~1json/schema`
  const validate = ajv.getSchema(`service#${pointer}`)
  if (!validate) throw new Error(`no request body schema at ${pointer}`)
  return validate(body) ? 'valid' : 'invalid'
}

/** The codes of a request the mock refuses as malformed (a rule of the service, such as an unknown session, is not). */
const MALFORMED = ['invalid_pin_format', 'invalid_request', 'invalid_contact']

async function mockVerdict(operation: Operation, body: unknown): Promise<Verdict> {
  const mock = createMockGateway({ pinHashIterations: 1000 })
  const user = await mock.users.create({ email: EMAIL, emailVerified: true })
  const res = await mock.fetch(`${mock.baseUrl}${PIN_PATHS[operation]}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.accessToken}` },
    body: JSON.stringify(body),
  })
  const answer = (await res.json()) as { code?: string }
  return res.status === 400 && MALFORMED.includes(answer.code ?? '') ? 'invalid' : 'valid'
}

async function sdkVerdict(call: (client: PinClient) => Promise<unknown>): Promise<Verdict> {
  let sent = false
  const fetch: typeof globalThis.fetch = async () => {
    sent = true
    const data = { session_id: '6f1c2a8e-3c1b-4f7e-9a52-2d3b9c4e7f10', expires_at: 600, success: true, message: 'ok' }
    return Response.json({ status_code: 200, message: 'ok', data })
  }
  const client = new PinClient({ baseUrl: 'https://pin.test', accessToken: 'at_1', fetch })
  try {
    await call(client)
  } catch (error) {
    if (!(error instanceof ClientValidationError)) throw error
  }
  return sent ? 'valid' : 'invalid'
}

/** A value as a test name shows it: a long run of one character written once with its count. */
const shown = (value: unknown) => JSON.stringify(value).replace(/(.)\1{9,}/g, (run, c) => `${c}×${run.length}`)

describe('one verdict on each PIN rule from the SDK, the mock and the OpenAPI document', () => {
  it.each(CASES.map((c) => [c.rule, shown(c.value), c.verdict, c] as const))(
    '%s %s is %s for all three',
    async (_rule, _value, verdict, c) => {
      const verdicts = {
        sdk: await sdkVerdict(c.sdk),
        mock: await mockVerdict(c.operation, c.body),
        document: documentVerdict(c.operation, c.body),
      }
      expect(verdicts).toEqual({ sdk: verdict, mock: verdict, document: verdict })
    },
  )
})
