/**
 * @module log-redaction
 * What the logs never keep: credentials and PIN secrets. The request log, `GET /__mock/requests`, the
 * inspector and the server's console show a request's target, headers and body with these values replaced by
 * `[redacted]`, and the replacement is made when the request arrives, so the log never holds them at all.
 *
 * - the query string: a parameter whose name holds `token`, `secret`, `password`, `passwd` or `api_key`;
 * - headers: those names too (`X-Api-Key`, `X-Mock-Token`, `X-Auth-Token`), and any holding `authorization`,
 *   `cookie` or `signature` (`Authorization`, `Proxy-Authorization`, `Cookie`, `X-Signature`);
 * - a JSON body, at any depth: a field with such a name, and the PIN module's secrets: `pin`, `current_pin`,
 *   `new_pin`, `otp_code` and `session_id` (a verified reset session authorises reset-pin by itself).
 */

/**
 * Query parameters whose values the logs never show: a client that sends a credential in the URL
 * (`?token=`, `?access_token=`, `?control_token=`, `?api_key=`, `?secret=`) must not find it again in
 * `GET /__mock/requests`, the inspector or the server's console. Matched on the decoded name, any case.
 */
const SECRET_PARAMETER = /token|secret|password|passwd|api[-_]?key/i

/**
 * A request target (path and query) as the logs show it: the values of parameters that carry credentials
 * replaced by `[redacted]`, everything else as it came.
 *
 * @example
 * ```ts
 * redactQuery('/__mock/clock?token=s3cr3t&x=1') // '/__mock/clock?token=[redacted]&x=1'
 * redactQuery('/api/v1/payment-gateway/stores/list') // unchanged
 * ```
 */
export function redactQuery(target: string): string {
  const query = target.indexOf('?')
  // The common case costs one scan for `?` and no allocation.
  if (query === -1) return target
  const parts = target.slice(query + 1).split('&')
  let changed = false
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!
    const equals = part.indexOf('=')
    const rawName = equals === -1 ? part : part.slice(0, equals)
    let name = rawName
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '))
    } catch {
      // A malformed escape: judge the name as written.
    }
    if (equals !== -1 && SECRET_PARAMETER.test(name)) {
      parts[i] = `${rawName}=[redacted]`
      changed = true
    }
  }
  return changed ? `${target.slice(0, query)}?${parts.join('&')}` : target
}

/** Header names whose values are credentials, besides those {@link SECRET_PARAMETER} names. */
const SECRET_HEADER = /authorization|cookie|signature/i

/** Body fields whose values are the PIN module's secrets, besides those {@link SECRET_PARAMETER} names. */
const PIN_SECRETS: ReadonlySet<string> = new Set(['pin', 'current_pin', 'new_pin', 'otp_code', 'session_id'])

/** What a redacted value is replaced with. */
const REDACTED = '[redacted]'

/**
 * How many levels of a body the log keeps: an object or array deeper is kept as `[redacted]`. The service's
 * bodies are three levels deep at most; a body nested thousands of levels (which the size limit allows) would
 * otherwise overflow the stack of the walk that redacts it, and whatever it hides is never checked for secrets.
 */
const MAX_DEPTH = 32

/**
 * The headers of a request as the log keeps them: names in lower case, the values of credentials replaced by
 * `[redacted]`.
 *
 * @example
 * ```ts
 * redactHeaders(new Headers({ 'X-Api-Key': 'mk_live_1', 'Content-Type': 'application/json' }))
 * // { 'x-api-key': '[redacted]', 'content-type': 'application/json' }
 * ```
 */
export function redactHeaders(headers: {
  forEach(callback: (value: string, name: string) => void): void
}): Record<string, string> {
  const kept: Record<string, string> = {}
  headers.forEach((value, name) => {
    const lower = name.toLowerCase()
    kept[lower] = isSecretHeader(lower) ? REDACTED : value
  })
  return kept
}

/**
 * A name's verdict, remembered. A client sends the same few header and field names request after request: each
 * verdict is kept, up to {@link REMEMBERED_VERDICTS} names (then judged each time, so a client inventing names
 * cannot grow the map), and `judge` runs once per name rather than per header or field of every request.
 */
function rememberedVerdicts(judge: (name: string) => boolean): (name: string) => boolean {
  const verdicts = new Map<string, boolean>()
  return (name) => {
    const known = verdicts.get(name)
    if (known !== undefined) return known
    const verdict = judge(name)
    if (verdicts.size < REMEMBERED_VERDICTS) verdicts.set(name, verdict)
    return verdict
  }
}
const REMEMBERED_VERDICTS = 1000

/** Whether a (lower-case) header name holds a credential. */
const isSecretHeader = rememberedVerdicts((lower) => SECRET_HEADER.test(lower) || SECRET_PARAMETER.test(lower))

/**
 * A JSON value as the log keeps it: every field, at any depth, that holds a credential or a PIN secret
 * replaced by `[redacted]`, and so is what lies deeper than 32 levels. A value with nothing to redact is
 * returned as it is (no copy); one with something is copied where it changes, so the request's own value is
 * never altered.
 *
 * @example
 * ```ts
 * redactBody({ current_pin: '123456', new_pin: '654321' }) // { current_pin: '[redacted]', new_pin: '[redacted]' }
 * redactBody({ orderId: 1001, refundAmount: 2.5 }) // the same object
 * ```
 */
export function redactBody<T>(value: T): T {
  return redactAt(value, 0)
}

/** {@link redactBody} of a value `depth` levels below the body. */
function redactAt<T>(value: T, depth: number): T {
  if (typeof value !== 'object' || value === null) return value
  if (depth >= MAX_DEPTH) return REDACTED as T
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i]
      const redacted = redactAt(item, depth + 1)
      if (redacted !== item) (copy ??= [...value])[i] = redacted
    }
    return (copy ?? value) as T
  }
  const object = value as Record<string, unknown>
  let copy: Record<string, unknown> | undefined
  for (const [name, item] of Object.entries(object)) {
    const redacted = isSecretField(name) ? REDACTED : redactAt(item, depth + 1)
    if (redacted !== item) (copy ??= { ...object })[name] = redacted
  }
  return (copy ?? value) as T
}

/** Whether a body field holds a secret: a PIN field, or a name like a credential's. */
const isSecretField = rememberedVerdicts((name) => PIN_SECRETS.has(name) || SECRET_PARAMETER.test(name))
