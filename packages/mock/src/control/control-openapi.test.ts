import { describe, expect, it } from 'vitest'
import { buildControlDocument, type ControlExamples } from './control-openapi.js'
import { CONTROL_PREFIX, controlRoutes } from './control-routes.js'

const STATUS: Record<string, number> = {
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
    controlRoutes().map(({ method, path }) => {
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
        expect.arrayContaining(['/__mock', '/__mock/openapi.json', '/openapi.json', '/qr/{qrFile}']),
      )
    },
  )

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
