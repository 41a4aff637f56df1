/**
 * @module matchers/remote-log
 * The request log of a mock served over HTTP (a server's root, or a session of it at `<server>/s/<id>`), read
 * through its control API (`GET <baseUrl>/__mock/requests`), as `mock.requests.list()` reads it in-process.
 */
import { CONTROL_PREFIX, REQUEST_LOG_LIMIT_HEADER } from '../control/control-routes.js'
import type { ServiceOperation } from '../http/request-bodies.js'
import type { ReceivedRequest, RequestLogEntry, RequestLogFilter } from '../http/request-log.js'

/**
 * A mock served over HTTP, as a test reaches it: the base URL its clients call (the server's address, or a
 * session's `baseUrl`), the control token if the server asks for one, and the `fetch` to call it with.
 *
 * @example
 * ```ts
 * const session: RemoteMock = { baseUrl: 'http://127.0.0.1:4010/s/2f9c...', controlToken: process.env.MOCK_TOKEN }
 * ```
 */
export interface RemoteMock {
  /** Where the mock's routes are: `http://127.0.0.1:4010`, or a session's `http://127.0.0.1:4010/s/<id>`. */
  readonly baseUrl: string | URL
  /** The server's control token (`--control-token`), sent as `X-Mock-Token`; none for a server without one. */
  readonly controlToken?: string | undefined
  /** The fetch to read the log with; default the global one. */
  readonly fetch?: typeof fetch | undefined
}

/**
 * The request log of a mock served over HTTP: `GET <baseUrl>/__mock/requests` with the filter as its query.
 * With `operation`, the calls of that operation with their bodies, refusal codes and headers, as
 * `mock.requests.list({ operation })` gives them in-process. A refusal by the server (a session that ended,
 * a control token it does not take, a filter it refuses) or a network error rejects with an `Error` that
 * says what was asked and what came back.
 *
 * @example
 * ```ts
 * const refunds = await readRequestLog({ baseUrl: session.baseUrl }, { operation: 'refundOrder' })
 * refunds.at(-1)?.status // 200
 * ```
 */
export function readRequestLog<Id extends ServiceOperation>(
  target: RemoteMock,
  filter: RequestLogFilter & { operation: Id },
): Promise<ReceivedRequest<Id>[]>
export function readRequestLog(target: RemoteMock, filter?: RequestLogFilter): Promise<RequestLogEntry[]>
export async function readRequestLog(
  target: RemoteMock,
  filter: RequestLogFilter = {},
): Promise<RequestLogEntry[] | ReceivedRequest[]> {
  return (await readLogKept(target, filter)).entries
}

/**
 * A request log read over HTTP, with how many answered requests the server's log keeps.
 *
 * @example
 * ```ts
 * const log: KeptLog = { entries: [], limit: 0, url: 'http://127.0.0.1:4010/__mock/requests' }
 * ```
 */
export interface KeptLog {
  entries: RequestLogEntry[] | ReceivedRequest[]
  /** The log's limit as the server says it; undefined when it does not say (a server of an earlier version). */
  limit: number | undefined
  /** Where the log was read. */
  url: string
}

/**
 * Reads a request log as {@link readRequestLog} does, with the limit the server's log keeps (its
 * `X-Mock-Request-Log-Limit` header), so that an empty list from a log that keeps nothing is told apart.
 *
 * @example
 * ```ts
 * const { entries, limit } = await readLogKept({ baseUrl: server.url }, { operation: 'createOrder' })
 * ```
 */
export async function readLogKept(target: RemoteMock, filter: RequestLogFilter = {}): Promise<KeptLog> {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(filter)) if (value !== undefined) query.set(name, String(value))
  const base = String(target.baseUrl).replace(/\/+$/, '')
  const url = `${base}${CONTROL_PREFIX}/requests${query.size > 0 ? `?${query}` : ''}`
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (target.controlToken !== undefined) headers['X-Mock-Token'] = target.controlToken
  const send = target.fetch ?? globalThis.fetch
  let response: Response
  try {
    response = await send(url, { headers })
  } catch (error) {
    const why = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : error
    throw new Error(`[mock] could not read the request log at GET ${url}: ${String(why)}`, { cause: error })
  }
  const text = await response.text()
  if (response.status !== 200) throw new Error(`[mock] GET ${url} answered ${response.status}: ${messageOf(text)}`)
  let entries: unknown
  try {
    entries = JSON.parse(text)
  } catch {
    entries = undefined
  }
  if (!Array.isArray(entries))
    throw new Error(`[mock] GET ${url} answered 200 without the request log's list: ${text.slice(0, 200)}`)
  const said = response.headers.get(REQUEST_LOG_LIMIT_HEADER)
  const limit = said === null || !/^\d+$/.test(said) ? undefined : Number(said)
  return { entries: entries as RequestLogEntry[] | ReceivedRequest[], limit, url }
}

/** The message of a refusal's body (status-style or code-style), or its text. */
function messageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: { message?: unknown } } | null
    const message = body?.message ?? body?.error?.message
    if (typeof message === 'string') return message
  } catch {
    // Not JSON: the text itself says what came.
  }
  return text.length > 0 ? text.slice(0, 200) : '(no body)'
}
