/**
 * @module steps/request
 * The steps that read the request: its body (raw bytes once, a signature covers them), who sends it (by the
 * operation table's `auth`), its media type, and the operation's input parsed from the JSON body and the URL.
 */
import { authenticate } from '../authenticate.js'
import type { OperationStep } from '../operation-call.js'
import { checkMediaType, parseJsonObject, readBody, type RawBody } from '../read-body.js'

export const body: OperationStep = {
  name: 'body',
  run: (call, next) =>
    readBody(call.request).then((raw) => {
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

/** An operation whose request carries no JSON body (none, or its query) takes an empty body as none. */
export const parse: OperationStep = {
  name: 'parse',
  run: (call, next) => {
    const parsed = parseJsonObject(rawOf(call.raw), { allowEmpty: call.route.carrier !== 'json' })
    call.input = call.route.input(call, parsed)
    return next()
  },
}

function rawOf(raw: RawBody | undefined): RawBody {
  if (raw === undefined) throw new Error('[mock] the body step runs before this one')
  return raw
}
