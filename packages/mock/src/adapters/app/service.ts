/**
 * @module app/service
 * The part of the app that serves the service: the gateway's and the PIN module's routes, the QR code images
 * and the catch-all, through the mock's direct dispatcher (the service's route table compiled by the one
 * router, as `mock.fetch` uses it), with no Fetch `Request` or `Response` on the way. A target longer than
 * the service takes is 414 before any route.
 */
import { HEADERS } from '@merchant-gateway/contract'
import type { MockGateway } from '../../create-mock-gateway.js'
import { type Answer, NO_ANSWER, type RouteAnswer } from '../../http/answer.js'
import { dispatcherOf } from '../../http/dispatch-registry.js'
import { uriTooLong } from '../../http/responses.js'
import { qrUrlsForHost } from '../qr-url-host.js'
import type { AppAnswer, AppPart } from './part.js'

/**
 * The service part of an app: everything the other parts leave. With `qrForHost` (a server on every
 * interface that made its own base URL) the answers' QR code URLs name the host each client called.
 *
 * @example
 * ```ts
 * const service = servicePart(mock, { qrForHost: false })
 * service.routes[0]?.path // '*'
 * ```
 */
export function servicePart(mock: MockGateway, options: { qrForHost: boolean }): AppPart {
  const dispatch = dispatcherOf(mock)
  if (!dispatch) throw new TypeError('[mock] the mock option must be an instance made by createMockGateway')
  const origin = new URL(mock.baseUrl).origin
  const answer = ({ request }: { request: Parameters<typeof dispatch>[0] }): AppAnswer | Promise<AppAnswer> => {
    const tooLong = uriTooLong(request.url, origin)
    if (tooLong) return tooLong
    // No route under the mock's base path: the connection is cut.
    return dispatch(request)?.then((given) => shown(request, given)) ?? NO_ANSWER
  }
  const shown = (request: Parameters<typeof dispatch>[0], given: RouteAnswer): AppAnswer => {
    // An injected network fault, a dropped answer: the connection is cut.
    if (given === NO_ANSWER) return NO_ANSWER
    const answered = options.qrForHost
      ? qrUrlsForHost(given, mock.baseUrl, request.headers.get('host') ?? undefined)
      : given
    const noted: AppAnswer = answered
    noted.note = note
    return noted
  }
  // What the service logged about the request (a deprecated header the era still accepts) goes on its line.
  // One function for every answer, called on it (`answer.note()`) when a line is written: no closure per answer.
  function note(this: Answer): string | undefined {
    const traceId = this.headers[HEADERS.traceId]
    if (traceId === undefined) return undefined
    const warnings = mock.requests.get(traceId)?.warnings ?? []
    return [traceId, ...warnings.map((warning) => `warning: ${warning}`)].join(' ')
  }
  return { name: 'service API', routes: [{ method: 'ALL', path: '*', answer }] }
}
