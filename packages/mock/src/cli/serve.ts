/**
 * @module cli/serve
 * `merchant-gateway-mock serve`: starts the HTTP server with the demo merchant and prints what a
 * developer needs to call it at once: the address, the credentials, a curl line, where the control
 * API is, where the docs are. The first line that says `listening on <url>` is stable, so scripts and tests
 * can wait for it. With `--state <file>` the server starts from a saved state instead of the demo merchant,
 * and the banner prints the state's merchants and their keys. A server listening on every interface
 * (`--host 0.0.0.0`) also prints the addresses other machines reach it by, since `0.0.0.0` is not one a
 * browser or client can use.
 */
import { CURRENCY_DECIMALS, type Currency, GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { readFileSync } from 'node:fs'
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os'
import { isLoopback, isWildcard, listeningHosts } from '../adapters/control-guard.js'
import { serveMock, type MockServer, type MockServerOptions } from '../adapters/http-server.js'
import { isRuleError } from '../domain/rule-error.js'
import { type MockGateway, wireGateway } from '../wire-gateway.js'
import { DOCS_URL } from './args.js'
import { DEMO_MERCHANT } from './demo-merchant.js'
import { optionsOf } from './flags.js'
import { SERVE_FLAGS, type ServeArgs } from './serve-flags.js'

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
  const saved = args.state === undefined ? undefined : readStateFile(args.state)
  let server: MockServer
  try {
    server = await serveMock(
      {
        // The options the flags set as they are (each flag's declaration names its option).
        ...(optionsOf(SERVE_FLAGS, args) as MockServerOptions),
        // A saved state holds its own clock and merchants; without one, the demo merchant (with --webhook-url).
        ...(saved === undefined ? { seed: [{ ...DEMO_MERCHANT, webhookUrl: args.webhookUrl }] } : { state: saved }),
        log: args.quiet ? undefined : (line) => io.out(`${new Date().toISOString().slice(11, 23)} ${line}`),
      },
      // Mocks without msw handlers: the server answers through their dispatcher, and the CLI loads no msw.
      (options) => wireGateway(options, undefined),
    )
  } catch (error) {
    // A refused state names the field; the message names the file too.
    if (args.state !== undefined && isRuleError(error))
      throw new StateFileError(`--state ${args.state}: ${error.message}`)
    throw error
  }
  const { mock, url } = server
  // On every interface, the lines a developer copies use 127.0.0.1: 0.0.0.0 is no address to connect to.
  const local = isWildcard(args.host) ? `http://127.0.0.1:${server.port}` : url
  const fragment = server.controlToken ? `#token=${server.controlToken}` : ''
  const clockFrom = args.state !== undefined ? 'from --state' : args.now ? 'from --now' : 'the real time'
  // Read back through the control API (a request to the service would be the first entry of the user's log).
  const merchantLines = args.state === undefined ? await demoLines(mock, args) : await stateLines(mock, args.state)
  const tryKey = merchantLines.apiKey
  const lines = [
    `listening on ${url}`,
    `clock          ${mock.clock.now()} ` +
      `(${clockFrom}${mock.clock.frozen() ? ', frozen' : ', running'}; ` +
      `contract era ${mock.clock.era().name})`,
    ...merchantLines.lines,
    ...(tryKey === undefined
      ? []
      : ['try:', `  curl -s -X POST ${local}${GATEWAY_PATHS.listStores} -H '${HEADERS.apiKey}: ${tryKey}'`]),
    `control API:   GET ${local}/__mock lists its routes${server.controlToken ? ' (with the token below)' : ''}`,
    `inspector:     ${local}/__mock/ui/${fragment}   (the state, live, in a browser)`,
    `sessions:      POST ${local}/__mock/sessions makes an isolated mock under its own base URL (one per test)`,
    `docs:          ${DOCS_URL}`,
    ...controlNotes(args, server),
    ...networkNotes(args, server),
    'Ctrl-C stops the server.',
  ]
  for (const line of lines) io.out(line)
  return server
}

/** The demo merchant's lines of the banner, read back from the mock, and its key for the curl line. */
async function demoLines(mock: MockGateway, args: ServeArgs): Promise<{ lines: string[]; apiKey: string }> {
  // The seed is the first merchant of a fresh instance; read its ids back rather than assume them.
  const demo = await mock.merchants.get(1)
  if (demo.apiKey !== DEMO_MERCHANT.apiKey) throw new Error('[mock] the demo merchant is not merchant 1')
  const { merchants } = await mock.snapshot()
  const stores = merchants.find((m) => m.merchantId === demo.merchantId)?.stores ?? []
  const balance = DEMO_MERCHANT.balances
  return {
    apiKey: DEMO_MERCHANT.apiKey,
    lines: [
      `demo merchant  ${demo.name} (merchantId ${demo.merchantId}, appId ${demo.appId})`,
      `  X-Api-Key    ${DEMO_MERCHANT.apiKey}`,
      `  API secret   ${DEMO_MERCHANT.apiSecret}   (signs refunds and payouts; never sent)`,
      ...stores.map((s) => `  store        ${s.storeId}  ${s.storeName}`),
      ...DEMO_MERCHANT.accounts.map((a) => `  account      ${a.accountNumber}  ${a.accountName}`),
      `  balances     ${money('USD', balance.usd)}, ${money('KHR', balance.khr)}`,
      `  webhooks     ${args.webhookUrl ?? 'not sent by HTTP (pass --webhook-url); GET /__mock/webhooks lists them'}`,
    ],
  }
}

/** At most this many merchants of a loaded state are printed; the rest are counted. */
const BANNER_MERCHANTS = 10

/**
 * The lines of a loaded state: what it holds, then each merchant with its credentials, stores and balances
 * (at most {@link BANNER_MERCHANTS}), and the first active merchant's key for the curl line.
 *
 * @example
 * ```ts
 * const { lines } = await stateLines(mock, 'scenario.json')
 * lines[0] // 'state          scenario.json: 2 merchants, 5 orders, 7 transactions, 1 user'
 * ```
 */
async function stateLines(mock: MockGateway, file: string): Promise<{ lines: string[]; apiKey?: string }> {
  const { merchants, orders, transactions, users } = await mock.snapshot()
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`
  const oldestFirst = [...merchants].reverse()
  const lines = [
    `state          ${file}: ${count(merchants.length, 'merchant')}, ${count(orders.length, 'order')}, ` +
      `${count(transactions.length, 'transaction')}, ${count(users.length, 'user')}`,
  ]
  for (const m of oldestFirst.slice(0, BANNER_MERCHANTS)) {
    lines.push(
      `merchant       ${m.name} (merchantId ${m.merchantId}, appId ${m.appId})${m.removedAt ? ', removed' : ''}`,
      `  X-Api-Key    ${m.apiKey}`,
      `  API secret   ${m.apiSecret}   (signs refunds and payouts; never sent)`,
      ...m.stores.map((s) => `  store        ${s.storeId}  ${s.storeName}`),
      `  balances     ${money('USD', m.balances.usd.balance)}, ${money('KHR', m.balances.khr.balance)}`,
      `  webhooks     ${m.webhookUrl ?? 'not sent by HTTP; GET /__mock/webhooks lists them'}`,
    )
  }
  if (oldestFirst.length > BANNER_MERCHANTS)
    lines.push(`  ... and ${count(oldestFirst.length - BANNER_MERCHANTS, 'more merchant')}: GET /__mock/snapshot`)
  return { lines, apiKey: oldestFirst.find((m) => m.removedAt === null)?.apiKey }
}

/**
 * The parsed document of a `--state` file, or an Error naming the file and what is wrong with it (not
 * there, not JSON). Whether it is a state a mock can load is checked when the mock is made.
 *
 * @example
 * ```ts
 * const document = readStateFile('scenario.json')
 * ```
 */
function readStateFile(file: string): unknown {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new StateFileError(`--state ${file}: ${code === 'ENOENT' ? 'no such file' : messageOf(error)}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new StateFileError(`--state ${file}: not JSON (${messageOf(error)}); save a state with GET /__mock/snapshot`)
  }
}

/**
 * A `--state` file the server cannot start from: not there, not JSON, or a state the mock refuses (the message
 * names the file and the field). The CLI exits with status 2 for it, as for a wrong flag.
 *
 * @example
 * ```ts
 * try {
 *   await serve(args, io)
 * } catch (error) {
 *   process.exitCode = serveFailure(error, args).status // 2 for a StateFileError
 * }
 * ```
 */
class StateFileError extends Error {
  override name = 'StateFileError'
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * What the CLI says when the server could not start, and its exit status: 2 for the caller's input (a
 * `--state` file it cannot load, a `--host` that names no host), 1 for the machine's state (the port taken).
 *
 * @example
 * ```ts
 * serveFailure(Object.assign(new Error('getaddrinfo ENOTFOUND nosuch.invalid'), { code: 'ENOTFOUND' }), args)
 * // { message: '--host nosuch.invalid: no such host name ...', status: 2 }
 * ```
 */
export function serveFailure(
  error: unknown,
  args: Pick<ServeArgs, 'port' | 'host'>,
): { message: string; status: 1 | 2 } {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'EADDRINUSE')
    return {
      message:
        `port ${args.port} is already in use on ${args.host}: stop the other ` +
        `server or pass --port <n> (0 picks a free one)`,
      status: 1,
    }
  if (code === 'EADDRNOTAVAIL') return { message: `cannot listen on ${args.host}: no such local address`, status: 1 }
  // The resolver found no such name (or none could be asked): the flag is wrong, not the machine.
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL')
    return {
      message:
        `--host ${args.host}: no such host name (${code}); pass an address of this machine, ` +
        '127.0.0.1 (the default) or 0.0.0.0 for every interface',
      status: 2,
    }
  // A --state file that cannot be loaded is the caller's input, as a wrong flag is: status 2.
  return { message: messageOf(error), status: error instanceof StateFileError ? 2 : 1 }
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

/**
 * What the banner says to reach the server from other machines, when it listens off loopback: on every
 * interface, one line per address of this machine's network interfaces for the service and for the
 * inspector (with its `#token=`); and, on any address, that the control API refuses host names (a DNS
 * name, `mybox.local`) unless given with `--allow-host`. Nothing on loopback.
 *
 * @example
 * ```ts
 * networkNotes({ host: '0.0.0.0', allowHosts: [] }, { port: 4010, controlToken: 'tok' },
 *   { eth0: [{ address: '192.168.1.5', family: 'IPv4', internal: false, netmask: '', mac: '', cidr: null }] })
 * // ['from other machines:', '  service      http://192.168.1.5:4010   (eth0)',
 * //  '  inspector    http://192.168.1.5:4010/__mock/ui/#token=tok', '  host names   ...']
 * ```
 */
export function networkNotes(
  args: Pick<ServeArgs, 'host' | 'allowHosts'>,
  server: Pick<MockServer, 'port' | 'controlToken'>,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  if (isLoopback(args.host)) return []
  const fragment = server.controlToken ? `#token=${server.controlToken}` : ''
  const lines: string[] = []
  if (isWildcard(args.host)) {
    // Loopback is in the lines above; link-local IPv6 needs a zone, which browsers do not take in a URL.
    const usable = Object.entries(interfaces).flatMap(([name, list]) =>
      (list ?? [])
        .filter((info) => !info.internal && !/^fe80:/i.test(info.address))
        .flatMap((info) => listeningHosts(args.host, [info.address]).map((host) => ({ host, name }))),
    )
    if (usable.length === 0) {
      lines.push(`from other machines: none reaches it, no network interface of this one has an address`)
    } else {
      const urls = usable.map(({ host, name }) => ({ url: `http://${host}:${server.port}`, name }))
      const width = Math.max(...urls.map(({ url }) => url.length))
      lines.push(`from other machines (${args.host} listens on every address of this one):`)
      urls.forEach(({ url, name }, i) => {
        lines.push(`${i === 0 ? '  service      ' : '               '}${url.padEnd(width)}   (${name})`)
      })
      urls.forEach(({ url }, i) => {
        lines.push(`${i === 0 ? '  inspector    ' : '               '}${url}/__mock/ui/${fragment}`)
      })
    }
  }
  const answered = isWildcard(args.host) ? 'these addresses' : args.host
  const named = args.allowHosts.length > 0 ? `, ${args.allowHosts.join(', ')} (--allow-host)` : ''
  lines.push(
    `  host names   the control API answers ${answered}, 127.0.0.1 and localhost${named};`,
    '               another name of this machine (mybox.local, a DNS name) is refused: pass --allow-host <name>',
  )
  return lines
}

/**
 * An amount as the banner and the inspector page write it: the currency, thousands separated by commas, and
 * the currency's decimals (`USD 1,000.00`, `KHR 4,000,000`), whatever the machine's locale.
 *
 * @example
 * ```ts
 * money('USD', 1000) // 'USD 1,000.00'
 * ```
 */
export function money(currency: Currency, amount: number): string {
  const decimals = CURRENCY_DECIMALS[currency]
  const text = amount.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
  return `${currency} ${text}`
}
