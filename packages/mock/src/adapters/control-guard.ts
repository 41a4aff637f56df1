/**
 * @module control-guard
 * The control API's security on a developer's machine. The mock holds API secrets and one-time codes, and
 * its control routes move money and time, so:
 *
 * - CORS on control routes only for origins the user allows (default: none): another web page the
 *   developer has open cannot read or drive them. A browser request to a control route that carries an
 *   `Origin` not allowed is refused 403 before it does anything (a form post or `no-cors` fetch would
 *   otherwise still run, unread);
 * - a `Host` that is not a loopback name, an address the server listens on or an allowed host is refused
 *   403 (a DNS rebinding page reaches 127.0.0.1 under its own host name). Listening on every interface
 *   (`0.0.0.0`, `::`), the addresses the server listens on are this machine's interface addresses. The
 *   header is parsed strictly: a name or an address, then nothing or `:` and the port's digits;
 * - an optional control token (`Authorization: Bearer <token>` or `X-Mock-Token`), required when the
 *   server listens on an address other than loopback.
 *
 * Service routes are not guarded here: a browser app on another local port calls them with CORS open.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { isIPv4, isIPv6 } from 'node:net'
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os'

/**
 * How the control routes are guarded.
 *
 * @example
 * ```ts
 * const guard: ControlGuardOptions = { allowedOrigins: [], allowedHosts: ['mybox.local'], boundHost: '0.0.0.0',
 *   port: 4010, token: 'tok_0123456789', interfaceAddresses: () => ['192.168.1.5'] }
 * ```
 */
export interface ControlGuardOptions {
  /** Origins (`http://localhost:5173`) whose pages may call the control API; `'*'` allows any. */
  allowedOrigins: readonly string[]
  /** Host names accepted besides loopback names and the addresses the server listens on. */
  allowedHosts: readonly string[]
  /** The bound interface as a URL writes it (`127.0.0.1`, `0.0.0.0`, `[::]`, ...). */
  boundHost: string
  /** The port the server listens on: a page served by the server itself (same origin) is always allowed. */
  port: number
  /** When set, control requests must carry it. */
  token: string | undefined
  /**
   * This machine's interface addresses, IPv6 ones without brackets: the hosts a server bound to every
   * interface answers to. Read at each request that needs them, since interfaces come and go (Wi-Fi, a
   * VPN). Default: {@link interfaceAddresses}, from `os.networkInterfaces()`; tests give a fixed list.
   */
  interfaceAddresses?: () => readonly string[]
}

/** A refusal of a control request: the status and what to tell the client. */
export interface GuardRefusal {
  status: 401 | 403
  message: string
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/**
 * True for an address that only this machine reaches.
 *
 * @example
 * ```ts
 * isLoopback('127.0.0.1') // true
 * isLoopback('0.0.0.0') // false: every interface
 * ```
 */
export function isLoopback(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host.endsWith('.localhost')
}

/**
 * True for an address that means every interface of the machine (`0.0.0.0`, `::`, bracketed or not).
 *
 * @example
 * ```ts
 * isWildcard('0.0.0.0') // true
 * isWildcard('[::]') // true
 * isWildcard('192.168.1.5') // false
 * ```
 */
export function isWildcard(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1')
  return bare === '0.0.0.0' || (isIPv6(bare) && /^[0:]+$/.test(bare))
}

/**
 * The addresses of this machine's interfaces, IPv6 ones without brackets and without a zone.
 *
 * @example
 * ```ts
 * interfaceAddresses() // ['127.0.0.1', '::1', '192.168.1.5', 'fd00::5', ...]
 * interfaceAddresses({ eth0: [{ address: '192.168.1.5', family: 'IPv4', internal: false, ... }] }) // ['192.168.1.5']
 * ```
 */
export function interfaceAddresses(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string[] {
  return Object.values(interfaces).flatMap((list) => (list ?? []).map((info) => info.address.split('%')[0]!))
}

/**
 * The hosts, as a `Host` header names them (IPv6 in brackets, lower case), through which a server bound
 * to `boundHost` is reached: each of the given interface addresses when it listens on every interface (only
 * the IPv4 ones for `0.0.0.0`; `::` takes both families), else the bound address itself.
 *
 * @example
 * ```ts
 * listeningHosts('0.0.0.0', ['127.0.0.1', '192.168.1.5', 'fd00::5']) // ['127.0.0.1', '192.168.1.5']
 * listeningHosts('::', ['192.168.1.5', 'fd00::5']) // ['192.168.1.5', '[fd00::5]']
 * listeningHosts('192.168.1.5', ['10.0.0.2']) // ['192.168.1.5']
 * ```
 */
export function listeningHosts(boundHost: string, addresses: readonly string[]): string[] {
  const bound = boundHost.toLowerCase()
  if (!isWildcard(bound)) return [isIPv6(bound) ? `[${bound}]` : bound]
  const bothFamilies = bound !== '0.0.0.0'
  return addresses.flatMap((address) => {
    if (isIPv4(address)) return [address]
    if (bothFamilies && isIPv6(address)) return [normalIPv6(`[${address}]`)]
    return []
  })
}

/** An IPv6 literal in brackets in its one canonical text (`[FD00:0::5]` -> `[fd00::5]`), as URLs write it. */
function normalIPv6(bracketed: string): string {
  try {
    return new URL(`http://${bracketed}/`).hostname
  } catch {
    return bracketed
  }
}

/**
 * The host of a `Host` header, lower case, without the port (IPv6 kept in its brackets), or undefined when
 * the header is not a host followed by nothing or `:` and digits. Strict on purpose: a lax parser reads
 * `[::1]evil.example` as loopback.
 *
 * @example
 * ```ts
 * hostOf('LocalHost:4010') // 'localhost'
 * hostOf('[::1]:4010') // '[::1]'
 * hostOf('[::1]evil.example') // undefined
 * ```
 */
export function hostOf(header: string): string | undefined {
  const match = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9_.-]+))(?::\d{1,5})?$/.exec(header.trim().toLowerCase())
  if (!match) return undefined
  const [, ipv6, name] = match
  if (ipv6 !== undefined) return isIPv6(ipv6) ? normalIPv6(`[${ipv6}]`) : undefined
  return name
}

/**
 * The control token a server on `host` uses: the one given, else a random one off loopback (where the
 * network reaches the control API), else none.
 *
 * @example
 * ```ts
 * controlTokenFor('127.0.0.1', undefined) // undefined
 * controlTokenFor('0.0.0.0', undefined) // a random token
 * ```
 */
export function controlTokenFor(host: string, given: string | undefined): string | undefined {
  if (given !== undefined) return given
  if (isLoopback(host)) return undefined
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(18))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
}

/**
 * Whether the server answers the control API under `host` (as {@link hostOf} gives it): a loopback name,
 * an address it listens on, or an allowed host name.
 */
function hostAllowed(
  host: string,
  guard: Pick<ControlGuardOptions, 'allowedHosts' | 'boundHost' | 'interfaceAddresses'>,
): boolean {
  if (isLoopback(host) || guard.allowedHosts.includes(host) || guard.allowedHosts.includes('*')) return true
  const bound = guard.boundHost.toLowerCase()
  if (host === bound) return true
  // Only now the interfaces are read: a request through a loopback name, the common case, never needs them.
  const addresses = isWildcard(bound) ? (guard.interfaceAddresses ?? interfaceAddresses)() : []
  return listeningHosts(bound, addresses).includes(host)
}

/** Why a `Host` is refused, and what to do about it. */
function hostRefusal(header: string | undefined, host: string | undefined, guard: ControlGuardOptions): string {
  const said = `Host ${JSON.stringify(header ?? '')} is not allowed for the control API`
  if (host === undefined) return `${said}: it is not a host name or address followed by nothing or :<port>`
  const answered = isWildcard(guard.boundHost)
    ? "loopback names and this machine's addresses"
    : `loopback names and the address it listens on (${guard.boundHost})`
  // A name the user means (mybox.local, a DNS name of this machine) needs their say-so: a page under a
  // name the attacker controls can resolve it to this machine (DNS rebinding).
  const allow = /^[\w.-]+$/.test(host) ? `; allow it with --allow-host ${host}` : ''
  return (
    `${said}: the server answers ${answered}${allow} ` +
    '(a page under another host name may be a DNS rebinding attack)'
  )
}

/**
 * Whether a control request may go on: undefined when it may, else the refusal.
 *
 * @example
 * ```ts
 * const refusal = checkControlRequest(req.headers, guard)
 * if (refusal) writeRefusal(res, req.url, refusal.status, refusal.message)
 * ```
 */
export function checkControlRequest(
  headers: IncomingHttpHeaders,
  guard: ControlGuardOptions,
): GuardRefusal | undefined {
  const host = headers.host === undefined ? undefined : hostOf(headers.host)
  if (host === undefined || !hostAllowed(host, guard)) {
    return { status: 403, message: hostRefusal(headers.host, host, guard) }
  }
  const origin = headers.origin
  if (origin !== undefined && !originAllowed(origin, guard)) {
    return {
      status: 403,
      message: `Origin ${origin} may not use the control API; allow it with --allow-origin ${origin}`,
    }
  }
  if (guard.token !== undefined) {
    const sent = tokenOf(headers)
    if (sent !== guard.token) return { status: 401, message: sent === undefined ? TOKEN_MISSING : TOKEN_REFUSED }
  }
  return undefined
}

/** The refusal of a control request that carries no token (none in the headers the token goes in). */
const TOKEN_MISSING = 'The control API needs the control token: Authorization: Bearer <token> (or X-Mock-Token)'

/**
 * The refusal of a control request whose token is not the server's: a typo, or the token of an earlier run. The
 * token sent is never repeated (it may be a secret of another server).
 */
const TOKEN_REFUSED =
  "The control token sent was refused: it is not this server's (the one given with --control-token or option " +
  'controlToken, or made up and printed in its banner at start)'

/**
 * Whether `origin` may use the control API from a browser: an allowed origin, or a page of the server
 * itself (an http origin on this port under a host the `Host` check accepts, other than through `'*'`).
 *
 * @example
 * ```ts
 * const guard = { allowedOrigins: ['http://localhost:5173'], boundHost: '127.0.0.1', port: 4010 }
 * originAllowed('http://localhost:5173', guard) // true
 * originAllowed('http://127.0.0.1:4010', guard) // true: the server's own page
 * originAllowed('http://192.168.1.5:4010', { ...guard, boundHost: '0.0.0.0', interfaceAddresses: () => ['192.168.1.5'] })
 * // true: the inspector opened from another machine
 * ```
 */
export function originAllowed(
  origin: string,
  guard: Pick<ControlGuardOptions, 'allowedOrigins' | 'boundHost' | 'port'> &
    Partial<Pick<ControlGuardOptions, 'allowedHosts' | 'interfaceAddresses'>>,
): boolean {
  if (guard.allowedOrigins.includes('*') || guard.allowedOrigins.includes(origin)) return true
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' || Number(url.port || 80) !== guard.port) return false
  // `'*'` lets any Host through, but a page of any host name on this port is not therefore the server's own.
  const allowedHosts = (guard.allowedHosts ?? []).filter((host) => host !== '*')
  return hostAllowed(url.hostname.toLowerCase(), { ...guard, allowedHosts })
}

function tokenOf(headers: IncomingHttpHeaders): string | undefined {
  const explicit = headers['x-mock-token']
  if (typeof explicit === 'string') return explicit
  const match = /^Bearer\s+(\S+)$/i.exec(headers.authorization?.trim() ?? '')
  return match?.[1]
}
