/**
 * The control document's rules: it documents every route of the mock's control table and nothing else,
 * each with the refusals of the HTTP server's guard and limits, and it refuses a route without a fitting
 * example. (The whole document against the committed file is `npm run openapi -- --check`, in CI.)
 */
import { CONTROL_PREFIX, controlRoutes } from '@merchant-gateway/mock'
import { sessionRoutes, startMockServer } from '@merchant-gateway/mock/server'
import { describe, expect, it } from 'vitest'
import { buildControlDocument, type ControlExamples } from '../src/control/control-document.js'

const STATUS: Record<string, number> = {
  'POST /sessions': 201,
  'POST /merchants': 201,
  'POST /merchants/{merchantId}/stores': 201,
  'POST /merchants/{merchantId}/accounts': 201,
  'POST /payments': 201,
  'POST /users': 201,
  'POST /faults': 201,
}

/** An example per route with the status the document gives it (204 for the routes that answer nothing). */
function examples(): ControlExamples {
  const noContent = /^(POST \/reset|DELETE .*|POST \/webhooks\/(duplicate|hold|stale)-next)$/
  return Object.fromEntries(
    [...controlRoutes(), ...sessionRoutes()].map(({ method, path }) => {
      const key = `${method} ${path.slice(CONTROL_PREFIX.length)}`
      return [key, { status: STATUS[key] ?? (noContent.test(key) ? 204 : 200) }]
    }),
  )
}

describe('the control document', () => {
  it(
    'documents every route of the control route table, with its path ' +
      'parameters, plus GET /__mock, the two documents and the QR images',
    () => {
      const document = buildControlDocument(examples(), { version: '0.0.0' })
      for (const { method, path } of controlRoutes()) {
        const operation = (
          document.paths![path] as Record<string, { parameters?: Array<{ name: string; in: string }> }>
        )[method.toLowerCase()]
        expect(operation, `${method} ${path}`).toBeDefined()
        const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
        expect((operation!.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)).toEqual(names)
      }
      expect(Object.keys(document.paths!)).toEqual(
        expect.arrayContaining(['/__mock', '/__mock/openapi.json', '/openapi.json']),
      )
    },
  )

  it(
    'GET /__mock of the HTTP server lists every operation the document has under /__mock, ' + 'and the inspector',
    async () => {
      const document = buildControlDocument(examples(), { version: '0.0.0' })
      const documented = Object.entries(document.paths!)
        .filter(([path]) => path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`))
        .flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`))
      // The listing as the HTTP server answers it (its control API and its session routes).
      const server = await startMockServer({ port: 0, tickMs: 0 })
      const routes = await (async () => {
        try {
          return (await (await fetch(`${server.url}${CONTROL_PREFIX}`)).json()) as Array<{
            method: string
            path: string
          }>
        } finally {
          await server.close()
        }
      })()
      const listed = routes.map(({ method, path }) => `${method} ${path}`)
      expect(listed.filter((route) => !documented.includes(route))).toEqual(['GET /__mock/ui/'])
      expect(documented.filter((route) => !listed.includes(route))).toEqual([])
    },
  )

  it("every control operation documents the guard's 401 and 403, and the limits' 413 and 414", () => {
    const document = buildControlDocument(examples(), { version: '0.0.0' })
    for (const [path, item] of Object.entries(document.paths!)) {
      for (const [method, operation] of Object.entries(item as Record<string, { responses: object }>)) {
        const statuses = Object.keys(operation.responses)
        const expected = path.startsWith(CONTROL_PREFIX) ? ['401', '403', '413', '414'] : ['413', '414']
        expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(expected))
      }
    }
    expect(document.security).toEqual([{}, { controlToken: [] }, { controlTokenHeader: [] }])
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual(['controlToken', 'controlTokenHeader'])
  })

  it("documents the session routes on the server's root only, every other path under a session's base URL too", () => {
    const document = buildControlDocument(examples(), { version: '0.0.0' })
    expect(document.servers?.map((server) => server.url)).toEqual([
      'http://127.0.0.1:4010',
      'http://127.0.0.1:4010/s/{sessionId}',
    ])
    for (const { method, path } of sessionRoutes()) {
      const operation = (document.paths![path] as Record<string, { servers?: Array<{ url: string }>; tags: string[] }>)[
        method.toLowerCase()
      ]
      expect(
        operation?.servers?.map((server) => server.url),
        `${method} ${path}`,
      ).toEqual(['http://127.0.0.1:4010'])
      expect(operation?.tags).toEqual(['Sessions'])
    }
    const made = (document.paths!['/__mock/sessions'] as { post: { responses: Record<string, { headers?: object }> } })
      .post
    expect(Object.keys(made.responses)).toEqual(expect.arrayContaining(['201', '400', '413', '429']))
    expect(Object.keys(made.responses['429']!.headers ?? {})).toEqual(['Retry-After'])
    const missing = examples()
    delete missing['DELETE /sessions/{sessionId}']
    expect(() => buildControlDocument(missing, { version: '0' })).toThrow(
      'no example for the control route DELETE /sessions/{sessionId}',
    )
  })

  it('refuses a route without an example, and an example whose status is not the documented one', () => {
    const missing = examples()
    delete missing['GET /clock']
    expect(() => buildControlDocument(missing, { version: '0' })).toThrow('no example for the control route GET /clock')
    const wrong = { ...examples(), 'POST /merchants': { status: 200 } }
    expect(() => buildControlDocument(wrong, { version: '0' })).toThrow(
      'the example of POST /merchants answered 200, the document says 201',
    )
  })
})
