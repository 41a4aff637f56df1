/**
 * @module openapi-tools/examples/collect-examples
 * The examples of the OpenAPI documents, taken from the mock's own answers: one in-process mock
 * (`createMockGateway`) on a frozen clock with seeded randomness, driven through `mock.fetch` (the same
 * pipeline as over HTTP) and the control API's Fetch handler, in a fixed story: a merchant's day
 * (orders, a payment, refunds, a payout, refusals), a user's PIN and reset, and every control route.
 * Each answer's status must be the one the story expects, so a changed mock stops the generation
 * instead of slipping a wrong example into the document.
 */
import {
  GATEWAY_OPERATIONS,
  GATEWAY_PATHS,
  HEADERS,
  type OperationId,
  PIN_OPERATIONS,
  PIN_PATHS,
} from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import {
  createControlHandler,
  createMockGateway,
  type MockGateway,
  type MockGatewayOptions,
  withSeededRandomness,
} from '@merchant-gateway/mock'
import { DEMO_MERCHANT } from '@merchant-gateway/mock/server'
import type { DocumentExamples, NamedExamples, OperationExamples } from '../gateway/examples.js'
import { GATEWAY_OPERATION_IDS } from '../gateway/operations.js'
import { collectCallExamples } from './call-examples.js'

/** Every operation of the contract's table, by id. */
const OPERATION_TABLE: Readonly<Record<string, unknown>> = { ...GATEWAY_OPERATIONS, ...PIN_OPERATIONS }

/** The instant every example is taken at (after both releases' timelines). */
export const EXAMPLE_NOW = '2026-11-02T09:00:00.000Z'
/** Where the examples' URLs point: the local mock of `npm start`. */
const EXAMPLE_BASE_URL = 'http://127.0.0.1:4010'

interface Answer {
  status: number
  body: unknown
  headers: Headers
}

/** Collects examples by operation id, refusing an answer whose status the story did not expect. */
class ExampleBook {
  readonly operations: Record<string, OperationExamples> = {}

  private of(op: string): OperationExamples {
    return (this.operations[op] ??= { responses: {} })
  }

  request(op: string, name: string, summary: string, value: unknown): void {
    const entry = this.of(op)
    ;(entry.request ??= {})[name] = { summary, value }
  }

  query(op: string, values: Record<string, unknown>): void {
    this.of(op).query = values
  }

  response(op: string, answer: Answer, expected: number, name: string, summary: string): void {
    if (answer.status !== expected) {
      throw new Error(
        `[openapi] ${op} "${name}": the mock answered ${answer.status}, the ` +
          `example expects ${expected}: ${JSON.stringify(answer.body)}`,
      )
    }
    const byStatus = (this.of(op).responses[String(expected)] ??= {}) as NamedExamples
    byStatus[name] = { summary, value: answer.body }
  }
}

async function read(response: Response): Promise<Answer> {
  const text = await response.text()
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text), headers: response.headers }
}

/** A gateway or PIN call through the mock's pipeline. */
function caller(mock: MockGateway) {
  return async (
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; query?: Record<string, string> } = {},
  ) => {
    const url = new URL(`${mock.baseUrl}${path}`)
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v)
    const raw =
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body)
    const headers = { ...(raw !== undefined ? { 'Content-Type': 'application/json' } : {}), ...options.headers }
    return read(await mock.fetch(url, { method, headers, body: raw }))
  }
}

/** A control route through its Fetch handler, as the HTTP server mounts it. */
function controlCaller(mock: MockGateway) {
  const handle = createControlHandler(mock)
  return async (method: string, path: string, body?: unknown) => {
    const raw = body === undefined ? undefined : JSON.stringify(body)
    return read(
      await handle(
        new Request(`${mock.baseUrl}${path}`, {
          method,
          body: raw,
          headers: raw ? { 'Content-Type': 'application/json' } : {},
        }),
      ),
    )
  }
}

const KEY = { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey }
const nowSeconds = (mock: MockGateway) => String(Math.floor(Date.parse(mock.clock.now()) / 1000))

async function signed(
  mock: MockGateway,
  body: string,
  key: string,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  const timestamp = nowSeconds(mock)
  const signature = await signer.signRequest({ secret: DEMO_MERCHANT.apiSecret, body, timestamp })
  return {
    ...KEY,
    [HEADERS.timestamp]: timestamp,
    [HEADERS.signature]: signature,
    [HEADERS.idempotentKey]: key,
    ...extra,
  }
}

function newMock(now: string, options: Partial<MockGatewayOptions> = {}): MockGateway {
  return createMockGateway({
    baseUrl: EXAMPLE_BASE_URL,
    clock: { now, frozen: true },
    seed: [DEMO_MERCHANT],
    pinHashIterations: 1000,
    ...options,
  })
}

/** The gateway's story: a merchant's day, with the refusals a client meets. */
async function gatewayStory(
  mock: MockGateway,
  book: ExampleBook,
  control: ReturnType<typeof controlCaller>,
): Promise<{ webhook: DocumentExamples['webhook'] }> {
  const call = caller(mock)
  const P = GATEWAY_PATHS

  book.response(
    'listStores',
    await call('POST', P.listStores, { headers: KEY }),
    200,
    'ok',
    "The demo merchant's store",
  )
  book.response(
    'listStores',
    await call('POST', P.listStores, { headers: { [HEADERS.apiKey]: 'mk_test_unknown' } }),
    401,
    'unknownKey',
    'An unknown API key (status-style)',
  )
  book.response(
    'listStores',
    await call('POST', P.listStores, { headers: { ...KEY, [HEADERS.appId]: '100001' } }),
    401,
    'obsoleteHeader',
    `${HEADERS.appId} after 2026-03-16 (code-style)`,
  )
  const storeless = (await control('POST', '/__mock/merchants', { name: 'No Stores Yet' })).body as { apiKey: string }
  book.response(
    'listStores',
    await call('POST', P.listStores, { headers: { [HEADERS.apiKey]: storeless.apiKey } }),
    404,
    'noStores',
    'A merchant without stores',
  )
  book.response(
    'listStores',
    await call('POST', P.listStores, { headers: KEY, body: '[1]' }),
    400,
    'notAnObject',
    'A body that is not a JSON object',
  )

  book.response('balanceInquiry', await call('POST', P.balanceInquiry, { headers: KEY }), 200, 'ok', 'Opening balances')
  book.response('balanceInquiry', await call('POST', P.balanceInquiry, {}), 400, 'noApiKey', `No ${HEADERS.apiKey}`)
  book.response(
    'balanceInquiry',
    await call('POST', P.balanceInquiry, { headers: { [HEADERS.apiKey]: 'mk_test_unknown' } }),
    401,
    'unknownKey',
    'An unknown API key',
  )
  book.response(
    'balanceInquiry',
    await call('POST', P.balanceInquiry, { headers: KEY, body: JSON.stringify({ note: 'x'.repeat(70_000) }) }),
    413,
    'tooLarge',
    'A body over 64 KiB',
  )

  const orderBody = { storeId: 101, amount: 12.5, currency: 'USD' }
  book.request('createOrder', 'current', 'storeId as a number', orderBody)
  const order = await call('POST', P.createOrder, { headers: KEY, body: orderBody })
  book.response('createOrder', order, 200, 'ok', 'A pending order with its QR code')
  const orderId = Number((order.body as { order_id: string }).order_id)
  const earlierBody = { store_id: '101', amount: 4000, currency: 'KHR' }
  book.request('createOrder', 'earlierShape', 'store_id as a decimal string (deprecated shape)', earlierBody)
  book.response(
    'createOrder',
    await call('POST', P.createOrder, { headers: KEY, body: earlierBody }),
    200,
    'earlierShape',
    'The same answer for the earlier shape',
  )
  book.response(
    'createOrder',
    await call('POST', P.createOrder, { headers: KEY, body: { storeId: 101, amount: 12.345, currency: 'USD' } }),
    400,
    'tooManyDecimals',
    'USD with 3 decimals',
  )
  book.response(
    'createOrder',
    await call('POST', P.createOrder, { headers: KEY, body: { storeId: 999, amount: 5, currency: 'USD' } }),
    404,
    'unknownStore',
    "A store that is not the merchant's",
  )

  const qrBody = { store_id: 101, amount: 4000, currency: 'KHR' }
  book.request('generateQr', 'ok', 'A KHR QR code', qrBody)
  book.response(
    'generateQr',
    await call('POST', P.generateQr, { headers: KEY, body: qrBody }),
    200,
    'ok',
    'Valid for 30 minutes',
  )
  book.response(
    'generateQr',
    await call('POST', P.generateQr, { headers: KEY, body: { store_id: 101, amount: 1.5, currency: 'KHR' } }),
    400,
    'wholeRiel',
    'KHR must be whole',
  )

  // The customer pays the first order: a transaction and a webhook.
  const paid = (
    await control('POST', '/__mock/payments', {
      orderId,
      status: 'SUCCESS',
      payer: { accountName: 'Dara Sok', accountNumber: '012345678' },
    })
  ).body as {
    transactionId: number
  }
  const transactionId = String(paid.transactionId)
  book.query('transactionDetailGet', { transaction_id: transactionId })
  book.response(
    'transactionDetailGet',
    await call('GET', P.transactionDetail, { headers: KEY, query: { transaction_id: transactionId } }),
    200,
    'ok',
    'A completed payment',
  )
  book.response(
    'transactionDetailGet',
    await call('GET', P.transactionDetail, { headers: KEY, query: { transaction_id: '999999' } }),
    404,
    'unknown',
    'An unknown transaction',
  )
  book.response(
    'transactionDetailGet',
    await call('GET', P.transactionDetail, { headers: KEY, query: { transaction_id: 'abc' } }),
    400,
    'notDigits',
    'An id that is not decimal digits',
  )
  book.request('transactionDetailPost', 'numeric', 'transaction_id as a number', { transaction_id: paid.transactionId })
  book.response(
    'transactionDetailPost',
    await call('POST', P.transactionDetail, { headers: KEY, body: { transaction_id: paid.transactionId } }),
    200,
    'ok',
    'The same transaction',
  )
  book.response(
    'transactionDetailPost',
    await call('POST', P.transactionDetail, { headers: KEY, body: {} }),
    400,
    'noId',
    'No transaction_id anywhere',
  )

  const second = await call('POST', P.createOrder, { headers: KEY, body: { storeId: 101, amount: 3, currency: 'USD' } })
  const cancelBody = { order_id: (second.body as { order_id: string }).order_id, reason: 'customer left' }
  book.request('cancelOrder', 'ok', 'With a reason', cancelBody)
  book.response(
    'cancelOrder',
    await call('POST', P.cancelOrder, { headers: KEY, body: cancelBody }),
    200,
    'ok',
    'Cancelled',
  )
  book.response(
    'cancelOrder',
    await call('POST', P.cancelOrder, { headers: KEY, body: { order_id: String(orderId) } }),
    409,
    'completed',
    'A completed order: refund it instead',
  )
  book.response(
    'cancelOrder',
    await call('POST', P.cancelOrder, { headers: KEY, body: { order_id: '999999' } }),
    404,
    'unknown',
    'An unknown order',
  )

  const refundBody = JSON.stringify({ orderId, refundAmount: 2.5 })
  book.request('refundOrder', 'current', 'Current form (signed, camelCase)', JSON.parse(refundBody))
  book.request('refundOrder', 'earlierForm', 'Earlier form (deprecated: X-App-Id, no signature)', {
    order_id: String(orderId),
    amount: 2.5,
    reason: 'damaged',
  })
  const refundKey = '0b4f7c1e-2d9a-4c31-8e5f-6a7b8c9d0e1f'
  const refund = await call('POST', P.refundOrder, {
    headers: await signed(mock, refundBody, refundKey),
    body: refundBody,
  })
  book.response('refundOrder', refund, 200, 'ok', 'A partial refund, pending settlement')
  const replay = await call('POST', P.refundOrder, {
    headers: await signed(mock, refundBody, refundKey),
    body: refundBody,
  })
  if (replay.headers.get(HEADERS.idempotentReplayed) !== 'true')
    throw new Error('[openapi] the refund replay was not marked replayed')
  const badSignature = { ...(await signed(mock, refundBody, 'a-new-key')), [HEADERS.signature]: '0'.repeat(64) }
  book.response(
    'refundOrder',
    await call('POST', P.refundOrder, { headers: badSignature, body: refundBody }),
    401,
    'badSignature',
    'A signature that does not match',
  )
  const { [HEADERS.idempotentKey]: _, ...withoutKey } = await signed(mock, refundBody, 'unused')
  book.response(
    'refundOrder',
    await call('POST', P.refundOrder, { headers: withoutKey, body: refundBody }),
    400,
    'noIdempotentKey',
    `No ${HEADERS.idempotentKey} (from 2026-01-20)`,
  )
  const tooMuch = JSON.stringify({ orderId, refundAmount: 12.5 })
  book.response(
    'refundOrder',
    await call('POST', P.refundOrder, { headers: await signed(mock, tooMuch, 'refund-too-much'), body: tooMuch }),
    422,
    'exceedsRemaining',
    'More than what remains of the order',
  )

  const payoutBody = JSON.stringify({
    accountNumber: DEMO_MERCHANT.accounts[0]!.accountNumber,
    amount: 25,
    currency: 'USD',
  })
  book.request('payout', 'current', 'Current form (signed, camelCase)', JSON.parse(payoutBody))
  book.request('payout', 'earlierForm', 'Earlier form (deprecated: X-App-Id, no signature)', {
    account_id: DEMO_MERCHANT.accounts[0]!.accountNumber,
    amount: 25,
    currency: 'USD',
    description: 'weekly',
  })
  book.response(
    'payout',
    await call('POST', P.payout, { headers: await signed(mock, payoutBody, 'payout-1'), body: payoutBody }),
    200,
    'ok',
    'A payout, pending settlement',
  )
  const { [HEADERS.idempotentKey]: __, ...payoutWithoutKey } = await signed(mock, payoutBody, 'unused')
  book.response(
    'payout',
    await call('POST', P.payout, { headers: payoutWithoutKey, body: payoutBody }),
    400,
    'noIdempotentKey',
    `No ${HEADERS.idempotentKey} (from 2026-01-20)`,
  )
  const stale = {
    ...(await signed(mock, payoutBody, 'payout-stale')),
    [HEADERS.timestamp]: String(Number(nowSeconds(mock)) - 3600),
  }
  book.response(
    'payout',
    await call('POST', P.payout, { headers: stale, body: payoutBody }),
    401,
    'staleTimestamp',
    `${HEADERS.timestamp} an hour old`,
  )
  const hugeBody = JSON.stringify({
    accountNumber: DEMO_MERCHANT.accounts[0]!.accountNumber,
    amount: 5_000_000,
    currency: 'USD',
  })
  book.response(
    'payout',
    await call('POST', P.payout, { headers: await signed(mock, hugeBody, 'payout-2'), body: hugeBody }),
    422,
    'insufficientFunds',
    'Above the usable balance',
  )

  const [delivery] = mock.webhooks.list()
  if (!delivery) throw new Error('[openapi] the payment sent no webhook')
  // Deliveries are signed from 2026-03-02; the examples run on a later clock.
  if (delivery.signature === null)
    throw new Error('[openapi] the example delivery is unsigned: the clock is before signed webhooks')
  return {
    webhook: {
      payload: { summary: 'A successful payment', value: JSON.parse(delivery.rawBody) },
      signature: delivery.signature,
    },
  }
}

/** The earlier refund and payout forms, during release 1.4.0's grace period, where the mock serves them. */
async function earlierFormsStory(book: ExampleBook): Promise<void> {
  const mock = newMock('2026-03-05T09:00:00.000Z')
  const call = caller(mock)
  const control = controlCaller(mock)
  const order = await call('POST', GATEWAY_PATHS.createOrder, {
    headers: KEY,
    body: { storeId: 101, amount: 12.5, currency: 'USD' },
  })
  const orderId = (order.body as { order_id: string }).order_id
  await control('POST', '/__mock/payments', { orderId: Number(orderId), status: 'SUCCESS' })
  const legacyHeaders = { ...KEY, [HEADERS.appId]: '100001', [HEADERS.timestamp]: nowSeconds(mock) }
  const refund = await call('POST', GATEWAY_PATHS.refundOrder, {
    headers: { ...legacyHeaders, [HEADERS.idempotentKey]: 'legacy-refund-1' },
    body: { order_id: orderId, amount: 2.5, reason: 'damaged' },
  })
  // The mock serves the earlier forms by date once it implements them; until then there is no answer to show.
  if (refund.status === 200)
    book.response('refundOrder', refund, 200, 'earlierForm', 'The earlier bare result (deprecated form)')
  const payout = await call('POST', GATEWAY_PATHS.payout, {
    headers: { ...legacyHeaders, [HEADERS.idempotentKey]: 'legacy-payout-1' },
    body: { account_id: DEMO_MERCHANT.accounts[0]!.accountNumber, amount: 25, currency: 'USD', description: 'weekly' },
  })
  if (payout.status === 200)
    book.response('payout', payout, 200, 'earlierForm', 'The earlier bare result (deprecated form)')
}

/** The PIN module's story: set, verify (with a block), change, and a reset by one-time code. */
async function pinStory(
  mock: MockGateway,
  book: ExampleBook,
  control: ReturnType<typeof controlCaller>,
): Promise<void> {
  const call = caller(mock)
  const P = PIN_PATHS
  const user = (await control('POST', '/__mock/users', { email: 'dara@example.com', emailVerified: true })).body as {
    accessToken: string
  }
  const bearer = { Authorization: `Bearer ${user.accessToken}` }

  book.request('setPin', 'ok', 'A 6-digit PIN', { pin: '482913' })
  book.response(
    'setPin',
    await call('POST', P.setPin, { headers: bearer, body: { pin: '12345' } }),
    400,
    'badFormat',
    'Not 6 digits',
  )
  book.response('setPin', await call('POST', P.setPin, { body: { pin: '482913' } }), 401, 'noToken', 'No bearer token')
  book.response(
    'setPin',
    await call('POST', P.setPin, { headers: bearer, body: { pin: '482913' } }),
    200,
    'ok',
    'PIN set',
  )
  book.response(
    'setPin',
    await call('POST', P.setPin, { headers: bearer, body: { pin: '111111' } }),
    409,
    'alreadySet',
    'A PIN exists: use change-pin',
  )

  book.request('verifyPin', 'ok', 'The PIN', { pin: '482913' })
  book.response(
    'verifyPin',
    await call('POST', P.verifyPin, { headers: bearer, body: { pin: '482913' } }),
    200,
    'ok',
    'Right PIN',
  )
  book.response(
    'verifyPin',
    await call('POST', P.verifyPin, { headers: bearer, body: { pin: '000000' } }),
    422,
    'wrong',
    'Wrong PIN: attempts left',
  )
  for (let i = 0; i < 3; i++) await call('POST', P.verifyPin, { headers: bearer, body: { pin: '000000' } })
  book.response(
    'verifyPin',
    await call('POST', P.verifyPin, { headers: bearer, body: { pin: '000000' } }),
    429,
    'locked',
    'The 5th wrong PIN: blocked for a minute',
  )
  await mock.clock.advance(61_000)

  book.request('changePin', 'ok', 'Current and new PIN', { current_pin: '482913', new_pin: '730164' })
  book.response(
    'changePin',
    await call('POST', P.changePin, { headers: bearer, body: { current_pin: '482913', new_pin: '482913' } }),
    422,
    'unchanged',
    'The same PIN again',
  )
  book.response(
    'changePin',
    await call('POST', P.changePin, { headers: bearer, body: { current_pin: '482913', new_pin: '730164' } }),
    200,
    'ok',
    'PIN changed',
  )

  book.request('forgotPin', 'email', 'By e-mail', { email: 'dara@example.com' })
  book.request('forgotPin', 'phone', 'By phone', { phone_code: '855', country_code: 'KH', phone_number: '12345678' })
  book.response(
    'forgotPin',
    await call('POST', P.forgotPin, { headers: bearer, body: { email: 'someone@example.com' } }),
    404,
    'notTheUsers',
    "Not the user's contact",
  )
  const opened = await call('POST', P.forgotPin, { headers: bearer, body: { email: 'dara@example.com' } })
  book.response('forgotPin', opened, 200, 'ok', 'Code sent; session open for 600 s')
  const sessionId = (opened.body as { data: { session_id: string } }).data.session_id
  const [otp] = mock.otp.list().slice(-1)
  if (!otp) throw new Error('[openapi] forgot-pin sent no code')

  const wrong = otp.code === '000000' ? '000001' : '000000'
  book.response(
    'verifyOtp',
    await call('POST', P.verifyOtp, {
      headers: bearer,
      body: { email: 'dara@example.com', otp_code: wrong, session_id: sessionId },
    }),
    422,
    'wrongCode',
    'A wrong code',
  )
  const verifyBody = { email: 'dara@example.com', otp_code: otp.code, session_id: sessionId }
  book.request('verifyOtp', 'ok', 'The code from the e-mail', verifyBody)
  const verified = await call('POST', P.verifyOtp, { headers: bearer, body: verifyBody })
  book.response('verifyOtp', verified, 200, 'ok', 'Verified: a new session id')
  book.response(
    'verifyOtp',
    await call('POST', P.verifyOtp, { headers: bearer, body: verifyBody }),
    400,
    'sessionUsed',
    'The session is already verified',
  )

  const resetBody = {
    session_id: (verified.body as { data: { session_id: string } }).data.session_id,
    new_pin: '905172',
  }
  book.request('resetPin', 'ok', 'The verified session and a new PIN', resetBody)
  book.response(
    'resetPin',
    await call('POST', P.resetPin, { headers: bearer, body: resetBody }),
    200,
    'ok',
    'PIN reset',
  )
  book.response(
    'resetPin',
    await call('POST', P.resetPin, { headers: bearer, body: resetBody }),
    400,
    'sessionGone',
    'The session was used',
  )
}

/**
 * Runs the stories and returns the service document's examples.
 *
 * @example
 * ```ts
 * const examples = await collectGatewayExamples()
 * buildGatewayDocument(examples, { version })
 * ```
 */
export async function collectGatewayExamples(): Promise<DocumentExamples> {
  return withSeededRandomness(20261102, async () => {
    const book = new ExampleBook()
    const mock = newMock(EXAMPLE_NOW)
    const control = controlCaller(mock)
    const { webhook } = await gatewayStory(mock, book, control)
    await pinStory(mock, book, control)
    await earlierFormsStory(book)
    // An operation the stories do not cover gets its success example from the SDK's call of it.
    const uncovered = GATEWAY_OPERATION_IDS.filter(
      (id): id is OperationId => id in OPERATION_TABLE && book.operations[id]?.responses['200'] === undefined,
    )
    const fromCalls = await collectCallExamples(uncovered, EXAMPLE_NOW)
    return { operations: { ...book.operations, ...fromCalls }, webhook }
  })
}

export { caller, controlCaller, newMock }
