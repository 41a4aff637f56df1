/**
 * @module adapters/sessions/session-id
 * A session's id and where it stands in a path. An id is 18 random bytes of the platform's CSPRNG
 * (`crypto.getRandomValues`: 144 bits) in base64url, 24 characters, so an id is found only by being told it:
 * a test cannot reach another test's session by guessing, counting up or trying a neighbour. A session is
 * served under `/s/<id>/`; the id is read from the path as written, never percent-decoded, so an encoded
 * slash or dot is part of a (then unknown) id and never a way into another path.
 */

/** Where sessions are served: `/s/<id>/...`. */
export const SESSIONS_PATH = '/s/'

/** What an id looks like: 24 base64url characters. */
const ID = /^[A-Za-z0-9_-]{24}$/

/**
 * A new session id: 144 random bits, base64url.
 *
 * @example
 * ```ts
 * newSessionId() // 'q3Vb0yJ8mXcA1s_7Tz2LkPwe'
 * ```
 */
export function newSessionId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(18))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
}

/**
 * Whether `value` has the form of a session id (it may still name no session).
 *
 * @example
 * ```ts
 * isSessionId(newSessionId()) // true
 * isSessionId('../abc') // false
 * ```
 */
export function isSessionId(value: string): boolean {
  return ID.test(value)
}

/**
 * The session a path is under: the segment after `/s/` as written (up to the next `/`, or the end), and the
 * path from there on (`''` for `/s/<id>` itself); undefined for a path that is not under `/s/`.
 *
 * @example
 * ```ts
 * sessionPath('/s/q3Vb0yJ8mXcA1s_7Tz2LkPwe/__mock/clock') // { id: 'q3Vb...', rest: '/__mock/clock' }
 * sessionPath('/s/a%2Fb/x') // { id: 'a%2Fb', rest: '/x' }: not an id, so no session
 * sessionPath('/__mock/clock') // undefined
 * ```
 */
export function sessionPath(pathname: string): { id: string; rest: string } | undefined {
  if (!pathname.startsWith(SESSIONS_PATH)) return undefined
  const end = pathname.indexOf('/', SESSIONS_PATH.length)
  return end === -1
    ? { id: pathname.slice(SESSIONS_PATH.length), rest: '' }
    : { id: pathname.slice(SESSIONS_PATH.length, end), rest: pathname.slice(end) }
}

/**
 * Whether a request target (as the client sent it, before any resolution) has a dot segment in its path:
 * `.` or `..`, written as they are or percent-encoded (`%2e%2E`), which a URL parser resolves away. As the
 * URL standard reads an http target, a backslash separates segments too and tabs and line breaks are dropped.
 *
 * @example
 * ```ts
 * hasDotSegment('/s/abc/../def/__mock/clock') // true
 * hasDotSegment('/s/abc/%2e%2e/__mock/reset') // true
 * hasDotSegment('/s/abc/..%2Fdef') // false: one segment, not a dot segment
 * ```
 */
export function hasDotSegment(target: string): boolean {
  const query = target.search(/[?#]/)
  const path = query === -1 ? target : target.slice(0, query)
  return path
    .replace(/[\t\n\r]/g, '')
    .split(/[/\\]/)
    .some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment))
}
