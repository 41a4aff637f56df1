/**
 * @module verify/run
 * `merchant-gateway-mock verify` end to end: say what will be done, read the target's date, make an
 * in-process mock at that date's contract era with a merchant and store of its own (the same API key and
 * secret, so each request is built once), run the scenario on both sides, and compare.
 */
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { createMockGateway } from '../create-mock-gateway.js'
import { buildReport, type VerifyReport } from './report.js'
import { planOf, runScenario, type ScenarioOptions, type Side } from './scenario.js'

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
  /** Refund and payout of the smallest amount. */
  money: boolean
  /** The account a payout goes to (with `money`). */
  payoutAccount?: string
  /** The mock's clock (ISO 8601); default: the target's `Date` header, else this machine's clock. */
  now?: string
  /** The fetch the target is called with; default: the global one. */
  fetch?: typeof fetch
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
 * Runs the scenario against the target and the in-process mock and compares the answers.
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
  const clock = options.now
    ? { now: options.now, from: '--now' as const }
    : await targetDate(targetFetch, options.baseUrl)
  const mock = createMockGateway({
    clock: { now: clock.now },
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
  })
  await mock.ready
  const user = options.bearer === undefined ? undefined : await mock.users.create({ email: 'verify@example.com' })
  const scenario = scenarioOptions(options)
  const common = { apiKey: options.apiKey, apiSecret: options.apiSecret, payoutAccount: options.payoutAccount }
  const mockSide: Side = {
    ...common,
    fetch: mock.fetch,
    baseUrl: mock.baseUrl,
    bearer: user?.accessToken,
    nowMs: () => Date.parse(mock.clock.now()),
  }
  const targetSide: Side = {
    ...common,
    fetch: targetFetch,
    baseUrl: options.baseUrl,
    bearer: options.bearer,
    nowMs: Date.now,
  }
  const [mockSeen, targetSeen] = [await runScenario(mockSide, scenario), await runScenario(targetSide, scenario)]
  const era = mock.clock.era().name
  return buildReport(mockSeen, targetSeen, {
    target: options.baseUrl,
    era: { name: era, now: clock.now, from: clock.from },
  })
}

function scenarioOptions(options: VerifyOptions): ScenarioOptions {
  return { money: options.money, pin: options.bearer !== undefined }
}

/**
 * The target's date, from the `Date` header of a list-stores answer (the service's contract is the one in
 * force at its date); this machine's clock when it sends none.
 */
async function targetDate(
  targetFetch: typeof fetch,
  baseUrl: string,
): Promise<{ now: string; from: VerifyReport['era']['from'] }> {
  try {
    const res = await targetFetch(new URL(GATEWAY_PATHS.listStores, baseUrl).href, {
      method: 'POST',
      headers: { [HEADERS.apiKey]: 'mk_verify_date_probe' },
    })
    await res.body?.cancel()
    const date = Date.parse(res.headers.get('Date') ?? '')
    if (Number.isFinite(date)) return { now: new Date(date).toISOString(), from: "the target's Date header" }
  } catch {
    // No answer: the scenario reports it; the clock falls back to this machine's.
  }
  return { now: new Date().toISOString(), from: "this machine's clock" }
}
