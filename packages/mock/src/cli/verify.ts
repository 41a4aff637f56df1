/**
 * @module cli/verify
 * `merchant-gateway-mock verify`: prints what it will do, runs the comparison (verify/run.ts) and prints
 * the table, or the JSON report with `--json`. The exit status is 1 when anything drifted.
 */
import { formatTable } from '../verify/report.js'
import { runVerify, startMessage, type VerifyOptions } from '../verify/run.js'
import type { VerifyArgs } from './args.js'
import type { CliOutput } from './serve.js'

/**
 * Runs `verify` and returns the exit status: 0 no drift, 1 drift. With `--json` the start message goes to
 * `err`, so standard output is the JSON document alone.
 *
 * @example
 * ```ts
 * process.exitCode = await verify(args, { out: console.log, err: console.error })
 * ```
 */
export async function verify(args: VerifyArgs, io: CliOutput & { err(line: string): void }): Promise<0 | 1> {
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
  }
  const say = args.json ? io.err : io.out
  for (const line of startMessage(options)) say(line)
  const report = await runVerify(options)
  if (args.json) io.out(JSON.stringify(report, null, 2))
  else for (const line of formatTable(report)) io.out(line)
  return report.drift > 0 ? 1 : 0
}
