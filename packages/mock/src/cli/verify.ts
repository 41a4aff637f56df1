/**
 * @module cli/verify
 * `merchant-gateway-mock verify`: prints what it will do, runs the comparison (verify/run.ts) and prints
 * the table, or the JSON report with `--json`. The exit status is 1 when anything drifted; every status is
 * listed on `verify` below.
 */
import { answeredNothing, formatTable } from '../verify/report.js'
import { runVerify, startMessage, VERIFY_ITSELF, type VerifyOptions } from '../verify/run.js'
import { VerifyStopped } from '../verify/scenario.js'
import type { VerifyArgs } from './verify-flags.js'
import type { CliOutput } from './serve.js'

/**
 * Runs `verify` and returns the exit status: 0 no drift, 1 drift, 3 the target answered nothing, 4 verify itself
 * failed (its row, or the error on `err`, names it), 130 or 143 when `stop` was aborted with `'SIGINT'` or
 * `'SIGTERM'` (the orders made are cancelled first); `onOrder` hears
 * of each order made at the target and each cancelled. With `--json` the start message goes to
 * `err`, so standard output is the JSON document alone.
 *
 * @example
 * ```ts
 * const stop = new AbortController()
 * process.once('SIGINT', () => stop.abort('SIGINT'))
 * process.exitCode = await verify(args, { out: console.log, err: console.error }, stop.signal)
 * ```
 */
export async function verify(
  args: VerifyArgs,
  io: CliOutput & { err(line: string): void },
  stop?: AbortSignal,
  onOrder?: VerifyOptions['onOrder'],
): Promise<number> {
  const options: VerifyOptions = {
    baseUrl: args.baseUrl,
    apiKey: args.apiKey,
    apiSecret: args.apiSecret,
    money: args.money,
    ...(args.bearer !== undefined ? { bearer: args.bearer } : {}),
    ...(args.pin !== undefined ? { pin: args.pin } : {}),
    ...(args.email !== undefined ? { email: args.email } : {}),
    ...(args.otp !== undefined ? { otp: args.otp } : {}),
    ...(args.paid !== undefined ? { paid: args.paid } : {}),
    ...(args.payoutAccount !== undefined ? { payoutAccount: args.payoutAccount } : {}),
    ...(args.now !== undefined ? { now: args.now } : {}),
    timeoutMs: args.timeoutSeconds * 1000,
    strict: args.strict ?? false,
    ...(stop !== undefined ? { stop } : {}),
    ...(onOrder !== undefined ? { onOrder } : {}),
  }
  const say = args.json ? io.err : io.out
  for (const line of startMessage(options)) say(line)
  let report: Awaited<ReturnType<typeof runVerify>>
  try {
    report = await runVerify(options)
  } catch (error) {
    if (error instanceof VerifyStopped) {
      io.err(`merchant-gateway-mock verify: ${error.message}`)
      return error.reason === 'SIGTERM' ? 143 : 130
    }
    // runVerify turns every failure of a request into a row; anything else is a fault of verify itself.
    io.err(
      `merchant-gateway-mock verify: verify itself failed: ${error instanceof Error ? error.message : String(error)}`,
    )
    return 4
  }
  if (args.json) io.out(JSON.stringify(report, null, 2))
  else for (const line of formatTable(report)) io.out(line)
  // A target that answered nothing was not compared at all: its own status, so a nightly job can tell it apart.
  if (answeredNothing(report)) return 3
  // The mock's side could not be run: a fault of verify or the mock, not a drift of the service.
  if (report.checks.some((c) => c.check === VERIFY_ITSELF)) return 4
  return report.drift > 0 ? 1 : 0
}
