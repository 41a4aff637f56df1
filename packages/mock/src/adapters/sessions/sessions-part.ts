/**
 * @module adapters/sessions/sessions-part
 * The part of the root's app that makes, lists and ends sessions, under the control API's prefix and so
 * behind its guard (the token, the Host and Origin checks), as every other control route:
 *
 *   POST   /__mock/sessions              201 {id, baseUrl, createdAt, merchant}
 *   GET    /__mock/sessions              200 {sessions: [...], limits, memoryBytes}
 *   DELETE /__mock/sessions/{sessionId}  204; then everything under /s/<id>/ answers 404
 *
 * A refusal is the control API's status-style body; at a cap, 429 with `Retry-After` when an idle session
 * will end and free a place.
 */
import { isRuleError } from '../../domain/rule-error.js'
import type { Answer } from '../../http/answer.js'
import { controlJson, controlRefusal, parseControlJson } from '../../http/responses.js'
import type { AppCall, AppPart, AppRoute } from '../app/part.js'
import type { SessionRegistry } from './registry.js'

/**
 * The session routes as `GET /__mock` lists them (and the control API's OpenAPI document documents them).
 *
 * @example
 * ```ts
 * sessionRoutes()[0] // { method: 'POST', path: '/__mock/sessions', summary: 'make a session: ...' }
 * ```
 */
export function sessionRoutes(): Array<{ method: string; path: string; summary: string }> {
  return [
    {
      method: 'POST',
      path: SESSIONS,
      summary:
        'make a session, an isolated mock under its baseUrl: state?, now?, frozen?, webhookUrl?, otpDevCode?, ' +
        'requestLogLimit?, retention?, keepRecordsSeconds?',
    },
    {
      method: 'GET',
      path: SESSIONS,
      summary: 'the live sessions with what each holds, and the limits: idle time, how many, how much memory',
    },
    { method: 'DELETE', path: `${SESSIONS}/{sessionId}`, summary: 'end a session: its routes answer 404 from now on' },
  ]
}

const SESSIONS = '/__mock/sessions'

/**
 * The sessions part of the root's app.
 *
 * @example
 * ```ts
 * const part = sessionsPart(registry)
 * part.routes.map((route) => route.path) // ['/__mock/sessions', '/__mock/sessions/{sessionId}']
 * ```
 */
export function sessionsPart(registry: SessionRegistry): AppPart {
  const collection: AppRoute['answer'] = async (call) => {
    const host = call.request.headers.get('host') ?? undefined
    if (call.request.method === 'POST') {
      const body = parseControlJson(new TextDecoder().decode(await call.request.arrayBuffer()))
      const { mock: _inProcess, ...made } = await registry.create(body, host)
      return controlJson(201, made)
    }
    if (call.request.method !== 'GET') return notAllowed(call, 'GET, POST')
    const sessions = await registry.list(host)
    const memoryBytes = sessions.reduce((sum, session) => sum + session.memoryBytes, 0)
    return controlJson(200, { sessions, limits: registry.limits, memoryBytes })
  }
  const one: AppRoute['answer'] = (call) => {
    if (call.request.method !== 'DELETE') return notAllowed(call, 'DELETE')
    registry.end(call.pathname.slice(SESSIONS.length + 1))
    return { status: 204, headers: {}, body: '' }
  }
  const refusing =
    (answer: AppRoute['answer']): AppRoute['answer'] =>
    async (call) => {
      try {
        return await answer(call)
      } catch (error) {
        if (!isRuleError(error)) throw error
        const free = error.status === 429 ? registry.secondsUntilFree() : undefined
        return controlRefusal(error.status, error.message, free === undefined ? {} : { 'Retry-After': String(free) })
      }
    }
  return {
    name: 'sessions',
    routes: [
      { method: 'ALL', path: SESSIONS, answer: refusing(collection) },
      { method: 'ALL', path: `${SESSIONS}/{sessionId}`, answer: refusing(one) },
    ],
  }
}

function notAllowed(call: AppCall, allow: string): Answer {
  return controlRefusal(405, `${call.pathname} takes ${allow}, not ${call.request.method}`, { Allow: allow })
}
