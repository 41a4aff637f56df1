/**
 * Bad bodies on every PIN route (4xx in the PIN envelope, never 5xx, nothing changes), injected faults
 * on PIN routes, and that no answer and no sent message ever carries a PIN.
 */
import { HEADERS, LIMITS, PIN_MESSAGES, PIN_PATHS, PIN_REQUESTS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import type { MockGateway } from '../src/index.js'
import type { Reply } from './harness.js'
import {
  as,
  BY_EMAIL,
  BY_PHONE,
  expectNoPin,
  expectOk,
  expectPinIs,
  expectRefused,
  NEW_PIN,
  newUser,
  openSession,
  PHONE,
  PIN,
  pinCall,
  pinMock,
  UUID,
  userWithPin,
  verifiedSession,
  WRONG_PIN,
  type PinUser,
} from './pin-helpers.js'

/**
 * A world a refused request could disturb: `a` has a PIN and an open reset session (one code sent),
 * `b` has no PIN.
 */
async function world() {
  const mock = pinMock()
  const { user: a } = await userWithPin(mock)
  const b = await newUser(mock, {
    phone: { phoneCode: '855', countryCode: 'KH', phoneNumber: '87654321' },
    phoneVerified: true,
  })
  const session = await openSession(mock, a)
  return { mock, a, b, session }
}

/**
 * Nothing changed: one code sent, b without a PIN, a's PIN and counter untouched, a's session still open with all its
 * attempts.
 */
async function expectWorldUnchanged({ mock, a, b, session }: Awaited<ReturnType<typeof world>>): Promise<void> {
  expect(mock.otp.list()).toHaveLength(1)
  await expectNoPin(as(mock, b.accessToken))
  const aApi = as(mock, a.accessToken)
  expectRefused(await aApi.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
  await expectPinIs(aApi, PIN)
  const wrong = session.code === '999999' ? '999998' : '999999'
  expectRefused(await aApi.verifyOtp(BY_EMAIL, wrong, session.sessionId), 422, 'otp_invalid', { attempts_remaining: 4 })
  expect((await aApi.verifyOtp(BY_EMAIL, session.code, session.sessionId)).status).toBe(200)
}

const ROUTES = Object.entries(PIN_PATHS) as Array<[keyof typeof PIN_PATHS, string]>

/** Whether a field's schema says the field is absent (`z.optional(z.never())`). */
function isAbsent(field: unknown): boolean {
  const def = (field as { _zod: { def: { type: string; innerType?: { _zod: { def: { type: string } } } } } })._zod.def
  return def.type === 'optional' && def.innerType?._zod.def.type === 'never'
}

/** The token each route is called with: set-pin as b (no PIN yet), reset-pin without one, the rest as a. */
function tokenFor(route: keyof typeof PIN_PATHS, a: PinUser, b: PinUser): string | null {
  return route === 'setPin' ? b.accessToken : route === 'resetPin' ? null : a.accessToken
}

const BAD_BODIES: ReadonlyArray<[string, string | Uint8Array<ArrayBuffer>, number, string]> = [
  ['no body', '', 400, 'invalid_request'],
  ['whitespace', '  \n ', 400, 'invalid_request'],
  ['not JSON', '{"pin": 123456', 400, 'invalid_request'],
  ['single quotes', "{'pin': '123456'}", 400, 'invalid_request'],
  ['an array', '["123456"]', 400, 'invalid_request'],
  ['null', 'null', 400, 'invalid_request'],
  ['a JSON string', '"123456"', 400, 'invalid_request'],
  ['a JSON number', '123456', 400, 'invalid_request'],
  ['bytes that are not UTF-8', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 400, 'invalid_request'],
  ['a 70 KB object', JSON.stringify({ pin: '1'.repeat(70_000) }), 413, 'payload_too_large'],
]

describe(
  'bad bodies on every PIN route: 4xx in the PIN envelope ' +
    '(invalid_request, payload_too_large), never 5xx, nothing changes',
  () => {
    it.each(ROUTES)('%s', async (route, path) => {
      const w = await world()
      for (const [label, rawBody, status, code] of BAD_BODIES) {
        const reply = await pinCall(w.mock, path, { token: tokenFor(route, w.a, w.b), rawBody })
        expect({ label, status: reply.status, body: reply.body }).toEqual({
          label,
          status,
          body: { status_code: status, message: expect.stringMatching(/\S/), code, data: null },
        })
      }
      await expectWorldUnchanged(w)
    })

    it(
      'the 70 KB limit is the documented body limit: a body of exactly the ' + 'limit is read, one byte more is 413',
      async () => {
        const w = await world()
        const frame = JSON.stringify({ pin: '' }).length
        const atLimit = JSON.stringify({ pin: '1'.repeat(LIMITS.maxBodyBytes - frame) })
        expect(atLimit.length).toBe(LIMITS.maxBodyBytes)
        expectRefused(
          await pinCall(w.mock, PIN_PATHS.verifyPin, { token: w.a.accessToken, rawBody: atLimit }),
          400,
          'invalid_pin_format',
        )
        expectRefused(
          await pinCall(w.mock, PIN_PATHS.verifyPin, { token: w.a.accessToken, rawBody: `${atLimit} ` }),
          413,
          'payload_too_large',
        )
        await expectWorldUnchanged(w)
      },
    )

    const ODD_VALUES: unknown[] = [
      {},
      [],
      true,
      false,
      0,
      -1,
      1e308,
      123456.5,
      '\u0000\u0000\u0000\u0000\u0000\u0000',
      '１２３４５６',
      '😀😀😀',
      'x'.repeat(256),
      '1'.repeat(5_000),
      '__proto__',
      'constructor',
      '<script>',
    ]
    /** A well-formed value of each field a PIN request has, by its name. */
    const SAMPLE: Record<string, unknown> = {
      pin: WRONG_PIN,
      current_pin: WRONG_PIN,
      new_pin: NEW_PIN,
      ...BY_EMAIL,
      ...BY_PHONE,
      otp_code: '999999',
      session_id: 'x',
    }
    /**
     * The well-formed bodies of each PIN operation, read off the contract's request schema (each shape of a
     * union: e-mail and phone), so that a new operation's fields are covered too.
     */
    const BODIES = Object.fromEntries(
      ROUTES.map(([route]) => {
        const schema = PIN_REQUESTS[route] as unknown as { _zod: { def: { options?: unknown[] } } }
        const shapes = (schema._zod.def.options ?? [schema]) as Array<{ shape: Record<string, unknown> }>
        const bodies = shapes.map((shape) =>
          Object.fromEntries(
            Object.entries(shape.shape)
              // A field of the other contact kind is absent from this shape (`z.never()`): not sent.
              .filter(([, field]) => !isAbsent(field))
              .map(([name]) => [name, SAMPLE[name]]),
          ),
        )
        return [route, bodies]
      }),
    ) as Record<keyof typeof PIN_PATHS, Array<Record<string, unknown>>>

    it.each(ROUTES)(
      '%s: odd values in every field (objects, numbers, huge or exotic ' +
        'strings, prototype keys) answer 4xx, never 5xx, and change nothing',
      async (route, path) => {
        const w = await world()
        const token = tokenFor(route, w.a, w.b)
        for (const base of BODIES[route]) {
          for (const name of Object.keys(base)) {
            for (const value of ODD_VALUES) {
              const body = { ...base, [name]: value }
              const reply = await pinCall(w.mock, path, { token, body })
              expect({ name, value, status: reply.status }).toEqual({
                name,
                value,
                status: expect.toSatisfy((s: number) => s >= 400 && s < 500),
              })
              expect(reply.body).toEqual({
                status_code: reply.status,
                message: expect.stringMatching(/\S/),
                code: expect.any(String),
                data: null,
              })
            }
          }
        }
        for (const raw of ['{"__proto__": {"pin": "482915"}}', '{"constructor": {"prototype": {"pin": "482915"}}}']) {
          const reply = await pinCall(w.mock, path, { token, rawBody: raw })
          expect(reply.status).toBe(400)
        }
        await expectWorldUnchanged(w)
      },
    )
  },
)

describe('injected faults on PIN routes', () => {
  it(
    'an error fault answers the chosen status in the PIN envelope (code ' +
      'injected_fault) and processes nothing: the wrong PIN is not counted',
    async () => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      mock.faults.add({ route: `POST ${PIN_PATHS.verifyPin}`, kind: 'error', status: 503 })
      const reply = await api.verifyPin(WRONG_PIN)
      expectRefused(reply, 503, 'injected_fault')
      expect(reply.body.message).toContain('[mock] injected fault')
      expect(reply.headers.get(HEADERS.traceId)).toMatch(/^trc_/)
      expectRefused(await api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
    },
  )

  it(
    'an injected 4xx (a 429 rate limit, a 400) is labelled injected_fault, ' +
      'not pin_locked or invalid_request, and counts nothing',
    async () => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      mock.faults.add({ route: `POST ${PIN_PATHS.verifyPin}`, kind: 'error', status: 429 })
      mock.faults.add({ route: `POST ${PIN_PATHS.verifyPin}`, kind: 'error', status: 400 })
      expectRefused(await api.verifyPin(WRONG_PIN), 429, 'injected_fault')
      expectRefused(await api.verifyPin(WRONG_PIN), 400, 'injected_fault')
      expectRefused(await api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
    },
  )

  it(
    'an error fault on set-pin stores no PIN; on forgot-pin sends no code; ' +
      'on reset-pin leaves the PIN and the session as they were',
    async () => {
      const mock = pinMock()
      const user = await newUser(mock)
      const api = as(mock, user.accessToken)
      mock.faults.add({ route: `POST ${PIN_PATHS.setPin}`, kind: 'error', status: 500 })
      expectRefused(await api.setPin(PIN), 500, 'injected_fault')
      await expectNoPin(api)
      expectOk(await api.setPin(PIN), PIN_MESSAGES.setPin)

      mock.faults.add({ route: `POST ${PIN_PATHS.forgotPin}`, kind: 'error', status: 502 })
      expectRefused(await api.forgotPin(BY_EMAIL), 502, 'injected_fault')
      expect(mock.otp.list()).toEqual([])

      const sessionId = await verifiedSession(mock, user)
      mock.faults.add({ route: `POST ${PIN_PATHS.resetPin}`, kind: 'error', status: 503 })
      expectRefused(await api.resetPin(sessionId, NEW_PIN), 503, 'injected_fault')
      await expectPinIs(api, PIN)
      expectOk(await api.resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, {
        success: true,
        message: PIN_MESSAGES.resetPin,
      })
    },
  )

  it('an error fault on verify-otp does not count as a wrong code and leaves the session open', async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    const api = as(mock, user.accessToken)
    const { sessionId, code } = await openSession(mock, user)
    mock.faults.add({ route: `POST ${PIN_PATHS.verifyOtp}`, kind: 'error', status: 500, times: 6 })
    for (let i = 0; i < 6; i++) expectRefused(await api.verifyOtp(BY_EMAIL, code, sessionId), 500, 'injected_fault')
    expect((await api.verifyOtp(BY_EMAIL, code, sessionId)).status).toBe(200)
  })

  it('a "*" fault reaches PIN routes too, for as many requests as armed', async () => {
    const mock = pinMock()
    const { api } = await userWithPin(mock)
    mock.faults.add({ route: '*', kind: 'error', status: 503, times: 2 })
    expectRefused(await api.verifyPin(PIN), 503, 'injected_fault')
    expectRefused(await api.changePin(PIN, NEW_PIN), 503, 'injected_fault')
    await expectPinIs(api, PIN)
  })

  it('a network fault makes fetch reject and processes nothing', async () => {
    const mock = pinMock()
    const { api } = await userWithPin(mock)
    mock.faults.add({ route: `POST ${PIN_PATHS.changePin}`, kind: 'network' })
    await expect(api.changePin(PIN, NEW_PIN)).rejects.toThrow(TypeError)
    await expectPinIs(api, PIN)
  })

  it('drop-response commits the change but drops the answer: the retried set-pin is 409 pin_already_set', async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    const api = as(mock, user.accessToken)
    mock.faults.add({ route: `POST ${PIN_PATHS.setPin}`, kind: 'drop-response' })
    await expect(api.setPin(PIN)).rejects.toThrow(TypeError)
    expectRefused(await api.setPin(PIN), 409, 'pin_already_set')
    await expectPinIs(api, PIN)
  })

  it('a latency fault waits through the configured sleep, then processes normally', async () => {
    const waits: number[] = []
    const mock = pinMock({ sleep: async (ms) => void waits.push(ms) })
    const { api } = await userWithPin(mock)
    mock.faults.add({ route: `POST ${PIN_PATHS.verifyPin}`, kind: 'latency', delayMs: 1500 })
    await expectPinIs(api, PIN)
    expect(waits).toEqual([1500])
  })
})

/** Every string in a value, with the key it sits under. */
function leaves(value: unknown, key = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[key, value]]
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([k, v]) => leaves(v, k))
}

/** No answer and no outbox entry holds a PIN; session ids and codes are what they claim to be. */
function expectNoPinIn(mock: MockGateway, replies: Reply[], pins: string[]): void {
  const texts = [...replies.map((r) => r.body), mock.otp.list()]
  for (const [key, text] of leaves(texts)) {
    if (key === 'session_id' || key === 'sessionId') expect(text).toMatch(UUID)
    else if (key === 'code' && /^\d+$/.test(text))
      expect(pins).not.toContain(text) // a random one-time code, never the PIN
    else for (const pin of pins) expect(text, `${key}: ${text}`).not.toContain(pin)
  }
  for (const reply of replies) {
    for (const [name, value] of reply.headers)
      if (name !== HEADERS.traceId.toLowerCase()) for (const pin of pins) expect(value).not.toContain(pin)
  }
}

describe('PINs are never echoed', () => {
  it('no answer of any route (success or refusal) and no sent message contains a PIN', async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    const api = as(mock, user.accessToken)
    const replies: Reply[] = []
    const keep = async (p: Promise<Reply>) => replies.push(await p)
    await keep(api.setPin(PIN))
    await keep(api.setPin(NEW_PIN))
    await keep(api.verifyPin(PIN))
    await keep(api.verifyPin(WRONG_PIN))
    await keep(api.changePin(PIN, PIN))
    await keep(api.changePin(WRONG_PIN, NEW_PIN))
    await keep(api.changePin(PIN, NEW_PIN))
    for (let i = 0; i < 5; i++) await keep(api.verifyPin(WRONG_PIN))
    await keep(api.verifyPin(NEW_PIN.slice(0, 5)))
    await keep(api.forgotPin(BY_EMAIL))
    const { sessionId, code } = mock.otp.list().at(-1)!
    await keep(api.verifyOtp(BY_EMAIL, code === '000000' ? '000001' : '000000', sessionId))
    await keep(api.verifyOtp(BY_EMAIL, code, sessionId))
    const verified = replies.at(-1)!.body.data.session_id as string
    await keep(api.resetPin(verified, PIN))
    await keep(api.resetPin(verified, WRONG_PIN))
    await keep(as(mock, null).resetPin(crypto.randomUUID(), NEW_PIN))
    await keep(api.verifyPin(PIN))
    expect(replies.map((r) => r.status)).toEqual([
      200, 409, 200, 422, 422, 422, 200, 422, 422, 422, 422, 429, 400, 200, 422, 200, 200, 400, 400, 200,
    ])
    expectNoPinIn(mock, replies, [PIN, NEW_PIN, WRONG_PIN])
  })

  it('a phone recovery sends the code to the phone and puts no PIN in the message', async () => {
    const mock = pinMock()
    const { user, api } = await userWithPin(mock, { phone: { ...PHONE }, phoneVerified: true })
    const sessionId = await verifiedSession(mock, user, BY_PHONE)
    const reply = await api.resetPin(sessionId, NEW_PIN)
    expect(reply.status).toBe(200)
    expectNoPinIn(mock, [reply], [PIN, NEW_PIN])
    expect(mock.otp.list()).toEqual([expect.objectContaining({ channel: 'phone', to: '+855 12345678 (KH)' })])
  })
})
