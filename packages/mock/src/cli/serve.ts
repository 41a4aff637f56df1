/**
 * @module cli/serve
 * `merchant-gateway-mock serve`: starts the HTTP server with the demo merchant and prints what a
 * developer needs to call it at once: the address, the credentials, a curl line, where the control
 * API is. The first line that says `listening on <url>` is stable, so scripts and tests can wait for it.
 */
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { startMockServer, type MockServer } from '../adapters/http-server.js'
import type { ServeArgs } from './args.js'
import { DEMO_MERCHANT } from './demo-merchant.js'

/**
 * Where the CLI writes: standard output for the banner and the request log.
 *
 * @example
 * ```ts
 * const io: CliOutput = { out: (line) => process.stdout.write(`${line}\n`) }
 * ```
 */
export interface CliOutput {
  out(line: string): void
}

/**
 * Starts the server `args` describe and prints the banner.
 *
 * @example
 * ```ts
 * const server = await serve(parseCli(['--port', '0']) as ServeArgs, { out: console.log })
 * await server.close()
 * ```
 */
export async function serve(args: ServeArgs, io: CliOutput): Promise<MockServer> {
  const server = await startMockServer({
    port: args.port,
    host: args.host,
    clock: { now: args.now, frozen: args.frozen },
    seed: [{ ...DEMO_MERCHANT, webhookUrl: args.webhookUrl }],
    allowedOrigins: args.allowOrigins,
    allowedHosts: args.allowHosts,
    ...(args.requestLogLimit !== undefined ? { requestLogLimit: args.requestLogLimit } : {}),
    ...(args.retention !== undefined ? { retention: args.retention } : {}),
    ...(args.controlToken !== undefined ? { controlToken: args.controlToken } : {}),
    log: args.quiet ? undefined : (line) => io.out(`${new Date().toISOString().slice(11, 23)} ${line}`),
  })
  const { mock, url } = server
  // The seed is the first merchant of a fresh instance; read its ids back rather than assume them.
  const listed = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.listStores}`, {
    method: 'POST',
    headers: { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey },
  })
  const stores = ((await listed.json()) as { data: Array<{ storeId: number; storeName: string }> }).data
  const demo = await mock.merchants.get(1)
  if (demo.apiKey !== DEMO_MERCHANT.apiKey) throw new Error('[mock] the demo merchant is not merchant 1')
  const balance = DEMO_MERCHANT.balances
  const lines = [
    `listening on ${url}`,
    `clock          ${mock.clock.now()} ` +
      `(${args.now ? 'from --now' : 'the real time'}${args.frozen ? ', frozen' : ', running'}; ` +
      `contract era ${mock.clock.era().name})`,
    `demo merchant  ${demo.name} (merchantId ${demo.merchantId}, appId ${demo.appId})`,
    `  X-Api-Key    ${DEMO_MERCHANT.apiKey}`,
    `  API secret   ${DEMO_MERCHANT.apiSecret}   (signs refunds and payouts; never sent)`,
    ...stores.map((s) => `  store        ${s.storeId}  ${s.storeName}`),
    ...DEMO_MERCHANT.accounts.map((a) => `  account      ${a.accountNumber}  ${a.accountName}`),
    `  balances     USD ${balance.usd.toFixed(2)}, KHR ${balance.khr}`,
    `  webhooks     ${args.webhookUrl ?? 'not sent by HTTP (pass --webhook-url); GET /__mock/webhooks lists them'}`,
    'try:',
    `  curl -s -X POST ${url}${GATEWAY_PATHS.listStores} -H '${HEADERS.apiKey}: ${DEMO_MERCHANT.apiKey}'`,
    `control API:   GET ${url}/__mock lists its routes (docs/mock-server.md)`,
    `inspector:     ${url}/__mock/ui/${server.controlToken ? `#token=${server.controlToken}` : ''}` +
      '   (the state, live, in a browser)',
    ...controlNotes(args, server),
    'Ctrl-C stops the server.',
  ]
  for (const line of lines) io.out(line)
  return server
}

/**
 * What the banner says about the control API's guard: the allowed origins, and the token when one is
 * needed, with a warning when the server was made reachable from other machines without one given.
 *
 * @example
 * ```ts
 * controlNotes({ ...args, host: '0.0.0.0' }, { controlToken: 'k3J...' })
 * // ['WARNING: listening on 0.0.0.0, reachable from other machines; ...', '  control token  k3J...   (...)']
 * ```
 */
export function controlNotes(
  args: Pick<ServeArgs, 'allowOrigins' | 'controlToken' | 'host'>,
  server: Pick<MockServer, 'controlToken'>,
): string[] {
  const notes: string[] = []
  if (args.allowOrigins.length > 0) notes.push(`  browser pages of ${args.allowOrigins.join(', ')} may use it`)
  if (server.controlToken !== undefined) {
    if (args.controlToken === undefined) {
      notes.push(
        `WARNING: listening on ${args.host}, reachable from other machines; the ` +
          `control API (API secrets, one-time codes) needs this token:`,
      )
    }
    notes.push(`  control token  ${server.controlToken}   (Authorization: Bearer <token>)`)
  }
  return notes
}
