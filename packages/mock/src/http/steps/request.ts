/**
 * @module steps/request
 * The steps that read the request: its body (raw bytes once, a signature covers them), who sends it (by the
 * operation table's `auth`), its media type, and the operation's input parsed from the JSON body and the URL.
 * The parse step also notes the body for the request log once the operation has read it (secrets redacted).
 */
import { authenticate } from '../authenticate.js'
import { redactBody } from '../log-redaction.js'
import type { OperationCall } from '../operation-call.js'
import type { OperationStep } from '../operation-call.js'
import { checkMediaType, parseJsonObject, readBody, type RawBody } from '../read-body.js'
import { logsDetail } from '../runtime.js'

export const body: OperationStep = {
  name: 'body',
  // Always one turn of the microtask queue, even for a body read already: the steps after it (the operation's
  // parse of a JSON nested thousands of levels deep) start from a fresh stack, not from under every step before.
  run: (call, next) =>
    Promise.resolve(readBody(call.request)).then((raw) => {
      call.raw = raw
      return next()
    }),
}

export const authentication: OperationStep = {
  name: 'authentication',
  run: (call, next) => {
    const caller = authenticate(call)
    // A signature is checked with Web Crypto (a promise); a key or a token is looked up at once.
    if (caller instanceof Promise)
      return caller.then((who) => {
        Object.assign(call, who)
        return next()
      })
    Object.assign(call, caller)
    return next()
  },
}

export const mediaType: OperationStep = {
  name: 'media type',
  run: (call, next) => {
    checkMediaType(call.request, rawOf(call.raw), call.runtime.ctx.options.strictContentType)
    return next()
  },
}

/**
 * An operation whose request carries no JSON body (none, or its query) takes an empty body as none. Once the
 * operation's parse accepted it, the body is noted for the log: only then does it have the operation's type.
 */
export const parse: OperationStep = {
  name: 'parse',
  run: (call, next) => {
    const parsed = parseJsonObject(rawOf(call.raw), { allowEmpty: call.route.carrier !== 'json' })
    call.input = call.route.input(call, parsed)
    if (logsDetail(call.runtime)) call.notes.body = loggedBody(call, parsed)
    return next()
  },
}

/**
 * The body the log keeps of a request the operation accepted: the JSON object as sent (the earlier form's as
 * it came), for a query operation its query parameters with the body's fields over them; none for an
 * operation without a body. Secrets redacted; the request's own object is never changed.
 */
function loggedBody(call: OperationCall, parsed: Record<string, unknown> | undefined): unknown {
  const { carrier } = call.route
  if (carrier === 'none') return null
  if (carrier === 'query') {
    const query = Object.fromEntries(new URL(call.request.url).searchParams)
    return redactBody({ ...query, ...parsed })
  }
  return parsed === undefined ? null : redactBody(parsed)
}

function rawOf(raw: RawBody | undefined): RawBody {
  if (raw === undefined) throw new Error('[mock] the body step runs before this one')
  return raw
}
