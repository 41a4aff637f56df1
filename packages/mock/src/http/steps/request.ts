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
  run: async (call, next) => {
    call.raw = await readBody(call.request)
    return next()
  },
}

export const authentication: OperationStep = {
  name: 'authentication',
  run: async (call, next) => {
    Object.assign(call, await authenticate(call))
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
