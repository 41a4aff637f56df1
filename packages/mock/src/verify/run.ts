/**
 * @module verify/run
 * `merchant-gateway-mock verify` end to end: say what will be done, read the target's date, make an
 * in-process mock at that date's contract era with a merchant and store of its own (the same API key and
 * secret, so each request is built once), run the scenario on the target and then on the mock (its paid order
 * and its user's PIN made to match the target's), and compare.
 */
import { eraAt, GATEWAY_PATHS, HEADERS, JSON_MEDIA_TYPE, PIN_PATHS } from '@merchant-gateway/contract'
import type { MockGatewayOptions } from '../options.js'
import { type MockGateway, wireGateway } from '../wire-gateway.js'
import { hintsOf } from './hints.js'
import { SET_PIN_CHECK } from './pin-checks.js'
import { buildReport, type VerifyReport } from './report.js'
import { serviceUrl } from './requests.js'
import type { Observation } from './observation.js'
import { failureText, planOf, runScenario, type ScenarioOptions, VerifyStopped } from './scenario.js'
import type { PaidOrder, Side } from './side.js'

/**
 * What to verify against.
 *
 * @example
 * ```ts
 * const options: VerifyOptions = { baseUrl: 'https://sandbox.example', apiKey: 'mk_...', apiSecret: 'sk_...',
 *   money: false }
 * ```
 */
export interface VerifyOptions {
  baseUrl: string
  apiKey: string
  apiSecret: string
  bearer?: string
  /** The sandbox user's PIN (or the PIN to set when it has none): set, verify and change run. */
  pin?: string
  /** The sandbox user's verified e-mail address: forgot-pin and verify-otp run. */
  email?: string
  /** The sandbox's fixed development one-time code: the reset runs to the end (needs `pin`, `email`). */
  otp?: string
  /** A paid order of the target and its transaction: read, and with `money` refunded the smallest amount. */
  paid?: PaidOrder
  /** Refund and payout of the smallest amount. */
  money: boolean
  /** The account a payout goes to (with `money`). */
  payoutAccount?: string
  /** A field the target adds that the contract does not document is drift, not a note. */
  strict?: boolean
  /** The mock's clock (ISO 8601); default: the target's `Date` header, else this machine's clock. */
  now?: string
  /** The fetch the target is called with; default: the global one. */
  fetch?: typeof fetch
  /** How long one request to the target may take, in ms; default 30 000. */
  timeoutMs?: number
  /** Told of each order made at the target and of each cancelled, so a hard stop can name the ones left. */
  onOrder?: (orderId: string, event: 'made' | 'cancelled') => void
  /**
   * Aborted to stop the run (the CLI aborts it on SIGINT and SIGTERM): the request in flight finishes, the
   * orders made are cancelled, and `runVerify` rejects with `VerifyStopped`.
   */
  stop?: AbortSignal
}

/**
 * The lines printed before anything is sent: the target, and what the scenario will do there.
 *
 * @example
 * ```ts
 * startMessage({ baseUrl: 'https://sandbox.example', apiKey, apiSecret, money: false })
 * // ['verify: https://sandbox.example against an in-process mock, the same requests on both', ...]
 * ```
 */
export function startMessage(options: VerifyOptions): string[] {
  return [
    `verify: ${options.baseUrl} against an in-process mock, the same requests on both`,
    options.now
      ? `  the mock's clock: ${options.now} (--now)`
      : "  the mock's clock: the target's Date header (one list-stores call with a wrong API key reads it)",
    ...planOf(scenarioOptions(options)).map((line) => `  ${line}`),
  ]
}

/**
 * The name of the row that says verify itself could not finish the mock's side of the run (an error of verify
 * or of the in-process mock, never of the target): the CLI exits 4 when it is there.
 *
 * @example
 * ```ts
 * const broken = report.checks.some((c) => c.check === VERIFY_ITSELF)
 * ```
 */
export const VERIFY_ITSELF = 'verify itself'

/**
 * Runs the scenario against the target and the in-process mock and compares the answers. Rejects only with
 * `VerifyStopped` (the run was stopped): whatever else fails is a row of the report.
 *
 * @example
 * ```ts
 * const report = await runVerify({ baseUrl: 'http://127.0.0.1:4010', apiKey: 'mk_test_demo',
 *   apiSecret: 'sk_test_demo', money: false })
 * report.drift // 0 against the mock's own server
 * ```
 */
export async function runVerify(options: VerifyOptions): Promise<VerifyReport> {
  const targetFetch = options.fetch ?? fetch
  const clock: { now: string; from: VerifyReport['era']['from']; failure?: string } = options.now
    ? { now: options.now, from: '--now' }
    : await targetDate(targetFetch, options.baseUrl, options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  const scenario = scenarioOptions(options)
  // The target first: what it answered to set-pin says whether its user had a PIN, and the mock's user is
  // put in the same state before its own run.
  const targetSeen = await runScenario(targetSide(options, targetFetch, clock.failure), scenario)
  let mockSeen: Observation[] = []
  let failure: string | undefined
  try {
    mockSeen = await runMockSide(options, clock.now, scenario, targetSeen)
  } catch (error) {
    if (error instanceof VerifyStopped) throw error
    failure = error instanceof Error ? error.message : String(error)
  }
  const report = buildReport(mockSeen, targetSeen, {
    target: options.baseUrl,
    era: { name: eraAt(Date.parse(clock.now)).name, now: clock.now, from: clock.from },
    hints: hintsOf(targetSeen, mockSeen, { paid: options.paid }),
    strict: options.strict ?? false,
  })
  if (failure === undefined) return report
  const text = `the in-process mock's side could not be run: ${failure}`
  report.checks.push({
    check: VERIFY_ITSELF,
    mock: '(failed)',
    target: '(not compared)',
    verdict: 'drift',
    differences: [{ severity: 'drift', text }],
  })
  return { ...report, drift: report.drift + 1 }
}

/** The in-process mock: a merchant and store of its own with the target's credentials, at the target's date. */
function mockOptions(options: VerifyOptions, now: string): MockGatewayOptions {
  return {
    clock: { now },
    seed: [
      {
        name: 'Verify Merchant',
        apiKey: options.apiKey,
        apiSecret: options.apiSecret,
        balances: { usd: 100, khr: 400_000 },
        stores: [{ storeName: 'Verify Store', address: '1 Verify Street' }],
        accounts: [{ accountNumber: options.payoutAccount ?? '100200300', accountName: 'Verify Account' }],
      },
    ],
    // The same development code as the target's, so the same request is accepted on both sides.
    ...(options.otp !== undefined ? { otpDevCode: options.otp } : {}),
  }
}

function targetSide(options: VerifyOptions, targetFetch: typeof fetch, failure: string | undefined): Side {
  return {
    apiKey: options.apiKey,
    apiSecret: options.apiSecret,
    payoutAccount: options.payoutAccount,
    fetch: targetFetch,
    baseUrl: options.baseUrl,
    bearer: options.bearer,
    ...(options.paid !== undefined ? { paid: options.paid } : {}),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(options.stop !== undefined ? { stop: options.stop } : {}),
    ...(failure !== undefined ? { unreachable: `the clock probe (list stores) got no answer (${failure})` } : {}),
    ...(options.onOrder !== undefined ? { onOrder: options.onOrder } : {}),
    nowMs: Date.now,
  }
}

/** The mock's side: its user, its paid order, its user's PIN as the target's was, then the scenario. */
async function runMockSide(
  options: VerifyOptions,
  now: string,
  scenario: ScenarioOptions,
  targetSeen: readonly Observation[],
): Promise<Observation[]> {
  // Its fetch is all verify uses: no msw handlers, and the CLI loads no msw.
  const mock = wireGateway(mockOptions(options, now), undefined)
  await mock.ready
  const user =
    options.bearer === undefined
      ? undefined
      : await mock.users.create({ email: options.email ?? 'verify@example.com', emailVerified: true })
  const side: Side = {
    apiKey: options.apiKey,
    apiSecret: options.apiSecret,
    payoutAccount: options.payoutAccount,
    fetch: mock.fetch,
    baseUrl: mock.baseUrl,
    bearer: user?.accessToken,
    ...(options.paid !== undefined ? { paid: await payMockOrder(mock, options.apiKey) } : {}),
    ...(options.stop !== undefined ? { stop: options.stop } : {}),
    nowMs: () => Date.parse(mock.clock.now()),
  }
  const targetSetPin = targetSeen.find((o) => o.check === SET_PIN_CHECK)
  if (user !== undefined && options.pin !== undefined && targetSetPin && !isSuccess(targetSetPin.answer.status)) {
    await setMockPin(mock, user.accessToken, options.pin)
  }
  return runScenario(side, scenario)
}

function scenarioOptions(options: VerifyOptions): ScenarioOptions {
  return {
    money: options.money,
    paid: options.paid !== undefined,
    ...(options.bearer !== undefined
      ? {
          pin: {
            ...(options.pin !== undefined ? { pin: options.pin } : {}),
            ...(options.email !== undefined ? { email: options.email } : {}),
            ...(options.otp !== undefined ? { otp: options.otp } : {}),
          },
        }
      : {}),
  }
}

const isSuccess = (status: number) => status >= 200 && status <= 299

/** How long one request to the target may take by default: a hung sandbox ends the run, not the CI job. */
const DEFAULT_TIMEOUT_MS = 30_000

/**
 * The mock's own paid order, the counterpart of the target's `--paid-order`: an order of its store (USD 1.00,
 * so a refund of the smallest amount is within it), paid SUCCESS through the control API.
 */
async function payMockOrder(mock: MockGateway, apiKey: string): Promise<PaidOrder> {
  const post = (path: string, body: unknown) =>
    mock.fetch(new URL(path, mock.baseUrl).href, {
      method: 'POST',
      headers: { 'Content-Type': JSON_MEDIA_TYPE, [HEADERS.apiKey]: apiKey },
      body: JSON.stringify(body),
    })
  const stores = (await (await post(GATEWAY_PATHS.listStores, {})).json()) as { data: Array<{ storeId: number }> }
  const order = (await (
    await post(GATEWAY_PATHS.createOrder, { storeId: stores.data[0]!.storeId, amount: 1, currency: 'USD' })
  ).json()) as { order_id: string }
  const payment = await mock.payments.create({ orderId: Number(order.order_id), status: 'SUCCESS' })
  return { orderId: String(payment.orderId), transactionId: String(payment.transactionId) }
}

/** Gives the mock's user the PIN the target's user already had (set-pin, as the user would). */
async function setMockPin(mock: MockGateway, accessToken: string, pin: string): Promise<void> {
  const res = await mock.fetch(new URL(PIN_PATHS.setPin, mock.baseUrl).href, {
    method: 'POST',
    headers: { 'Content-Type': JSON_MEDIA_TYPE, Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ pin }),
  })
  if (!isSuccess(res.status)) throw new Error(`verify: the mock refused to set its user's PIN (${res.status})`)
}

/**
 * The target's date, from the `Date` header of a list-stores answer (the service's contract is the one in
 * force at its date); this machine's clock when it sends none.
 */
async function targetDate(
  targetFetch: typeof fetch,
  baseUrl: string,
  timeoutMs: number,
): Promise<{ now: string; from: VerifyReport['era']['from']; failure?: string }> {
  try {
    const res = await targetFetch(serviceUrl(baseUrl, GATEWAY_PATHS.listStores), {
      method: 'POST',
      headers: { [HEADERS.apiKey]: 'mk_verify_date_probe' },
      signal: AbortSignal.timeout(timeoutMs),
    })
    await res.body?.cancel()
    const date = Date.parse(res.headers.get('Date') ?? '')
    if (Number.isFinite(date)) return { now: new Date(date).toISOString(), from: "the target's Date header" }
  } catch (error) {
    // No answer: the clock falls back to this machine's, and the scenario sends nothing to the target.
    return { now: new Date().toISOString(), from: "this machine's clock", failure: failureText(error, timeoutMs) }
  }
  return { now: new Date().toISOString(), from: "this machine's clock" }
}
