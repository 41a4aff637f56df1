/**
 * @module control-guard
 * The control API's security on a developer's machine. The mock holds API secrets and one-time codes, and
 * its control routes move money and time, so:
 *
 * - CORS on control routes only for origins the user allows (default: none): another web page the
 *   developer has open cannot read or drive them. A browser request to a control route that carries an
 *   `Origin` not allowed is refused 403 before it does anything (a form post or `no-cors` fetch would
 *   otherwise still run, unread);
 * - a `Host` that is not the bound address, a loopback name or an allowed host is refused 403 (a DNS
 *   rebinding page reaches 127.0.0.1 under its own host name);
 * - an optional control token (`Authorization: Bearer <token>` or `X-Mock-Token`), required when the
 *   server listens on an address other than loopback.
 *
 * Service routes are not guarded here: a browser app on another local port calls them with CORS open.
 */
import type { IncomingHttpHeaders } from 'node:http'

/** How the control routes are guarded. */
export interface ControlGuardOptions {
  /** Origins (`http://localhost:5173`) whose pages may call the control API; `'*'` allows any. */
  allowedOrigins: readonly string[]
  /** Host names accepted besides loopback names and the bound address. */
  allowedHosts: readonly string[]
  /** The bound interface (`127.0.0.1`, `0.0.0.0`, ...). */
  boundHost: string
  /** The port the server listens on: a page served by the server itself (same origin) is always allowed. */
  port: number
  /** When set, control requests must carry it. */
  token: string | undefined
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
function isLoopback(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host.endsWith('.localhost')
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

/** The host name of a `Host` header, without the port (brackets kept for IPv6). */
function hostName(header: string): string {
  const trimmed = header.trim().toLowerCase()
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1)
  const colon = trimmed.lastIndexOf(':')
  return colon === -1 ? trimmed : trimmed.slice(0, colon)
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
  const host = headers.host === undefined ? undefined : hostName(headers.host)
  const hostAllowed =
    host !== undefined &&
    (isLoopback(host) ||
      host === guard.boundHost.toLowerCase() ||
      guard.allowedHosts.includes(host) ||
      guard.allowedHosts.includes('*'))
  if (!hostAllowed) {
    return {
      status: 403,
      message:
        `Host ${JSON.stringify(headers.host ?? '')} is not allowed for the ` +
        `control API; allow it with --allow-host (a page under another host ` +
        `name may be a DNS rebinding attack)`,
    }
  }
  const origin = headers.origin
  if (origin !== undefined && !originAllowed(origin, guard)) {
    return {
      status: 403,
      message: `Origin ${origin} may not use the control API; allow it with --allow-origin ${origin}`,
    }
  }
  if (guard.token !== undefined && tokenOf(headers) !== guard.token) {
    return {
      status: 401,
      message: 'The control API needs the control token: Authorization: Bearer <token> (or X-Mock-Token)',
    }
  }
  return undefined
}

/**
 * Whether `origin` may use the control API from a browser.
 *
 * @example
 * ```ts
 * originAllowed('http://localhost:5173', { allowedOrigins: ['http://localhost:5173'], boundHost: '127.0.0.1', port: 4010 }) // true
 * originAllowed('http://127.0.0.1:4010', { allowedOrigins: [], boundHost: '127.0.0.1', port: 4010 }) // true: the server's own page
 * ```
 */
export function originAllowed(
  origin: string,
  guard: Pick<ControlGuardOptions, 'allowedOrigins' | 'boundHost' | 'port'>,
): boolean {
  if (guard.allowedOrigins.includes('*') || guard.allowedOrigins.includes(origin)) return true
  // The server's own pages (same origin): an http origin on a loopback name or the bound host, on this port.
  try {
    const url = new URL(origin)
    const host = url.hostname.toLowerCase()
    return (
      url.protocol === 'http:' &&
      Number(url.port || 80) === guard.port &&
      (isLoopback(host) || host === guard.boundHost.toLowerCase())
    )
  } catch {
    return false
  }
}

function tokenOf(headers: IncomingHttpHeaders): string | undefined {
  const explicit = headers['x-mock-token']
  if (typeof explicit === 'string') return explicit
  const match = /^Bearer\s+(\S+)$/i.exec(headers.authorization?.trim() ?? '')
  return match?.[1]
}
