/**
 * @module app/control
 * The part of the app that serves the control API: every path under `/__mock` that the inspector and the
 * documents do not take goes to the control routes' own table (control/control-routes.ts), which answers
 * 404 and 405 in its own words.
 */
import { CONTROL_PREFIX, controlAnswerer } from '../../control/control-routes.js'
import type { MockGateway } from '../../create-mock-gateway.js'
import type { AppPart, AppRoute } from './part.js'

/**
 * The control part of an app mounted at `prefix` (`''` at the server's root), over the mock's control API;
 * `GET /__mock` lists the routes of `listed` too (the parts the server mounts beside it).
 *
 * @example
 * ```ts
 * const control = controlPart(mock, '')
 * control.routes.map((route) => route.path) // ['/__mock', { prefix: '/__mock/' }]
 * ```
 */
export function controlPart(
  mock: MockGateway,
  prefix: string,
  listed: ReadonlyArray<{ method: string; path: string; summary: string }> = [],
): AppPart {
  const answer = controlAnswerer(mock, { httpServer: true, root: prefix, listed })
  const route = (path: AppRoute['path']): AppRoute => ({
    method: 'ALL',
    path,
    answer: ({ request }) => answer(request),
  })
  return { name: 'control API', routes: [route(CONTROL_PREFIX), route({ prefix: `${CONTROL_PREFIX}/` })] }
}
