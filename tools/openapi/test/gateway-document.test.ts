/**
 * The OpenAPI generator's rules: what zod cannot say in JSON Schema either goes into a description or
 * stops the generation, and the service document covers every path of the contract with checked
 * examples. (The whole document against the committed file is `npm run openapi -- --check`, in CI.)
 */
import {
  amountFitsCurrency,
  amountSchema,
  currencySchema,
  GATEWAY_PATHS,
  PIN_PATHS,
  storeSchema,
} from '@merchant-gateway/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { collectGatewayExamples } from '../src/examples/collect-examples.js'
import type { DocumentExamples } from '../src/gateway/examples.js'
import { buildGatewayDocument } from '../src/gateway/gateway-document.js'
import { GATEWAY_OPERATION_IDS } from '../src/gateway/operations.js'
import { oneOf, renderDocument, UnexpressibleSchemaError } from '../src/gateway/render.js'
import { registerContractComponents } from '../src/gateway/schema-metadata.js'

/** A one-operation document answering `schema`, taking `body`. */
function documentWith(answer: z.core.$ZodType, body?: z.core.$ZodType) {
  registerContractComponents()
  return renderDocument({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/x': {
        post: {
          ...(body ? { requestBody: { content: { 'application/json': { schema: body } } } } : {}),
          responses: { 200: { description: 'ok', content: { 'application/json': { schema: answer } } } },
        },
      },
    },
  })
}

describe('what JSON Schema cannot say', () => {
  it('a refinement without a text stops the generation, naming where it is', () => {
    const body = z.object({ note: z.string().check(z.refine((s) => s.length % 2 === 0, 'even length')) })
    expect(() => documentWith(z.object({}), body)).toThrow(UnexpressibleSchemaError)
    expect(() => documentWith(z.object({}), body)).toThrow(/a refinement at .*note.* has no text/)
  })

  it("a known refinement is carried into the schema's description (the amount's decimals per currency)", () => {
    const body = z.object({ amount: amountSchema, currency: currencySchema }).check(amountFitsCurrency)
    const document = documentWith(z.object({}), body)
    const schema = (
      document.paths!['/x']!.post!.requestBody as { content: Record<string, { schema: { description?: string } }> }
    ).content['application/json']!.schema
    expect(schema.description).toContain('USD at most 2 decimal places, KHR whole numbers')
  })

  it('a transform in an answer stops the generation (zod-openapi refuses it)', () => {
    const answer = z.object({
      at: z.pipe(
        z.string(),
        z.transform((s) => new Date(s)),
      ),
    })
    expect(() => documentWith(answer)).toThrow(/transform/i)
  })

  it('a schema that renders as "anything goes" stops the generation (z.custom)', () => {
    const answer = z.object({ thing: z.custom<{ a: 1 }>(() => true) })
    expect(() => documentWith(answer)).toThrow(/custom/)
  })

  it('a union marked oneOf renders as oneOf; others stay anyOf', () => {
    const a = z.object({ a: z.string() })
    const b = z.object({ b: z.string() })
    const document = documentWith(z.object({ one: oneOf(z.union([a, b])), any: z.union([a, b]) }))
    const answer = (
      document.paths!['/x']!.post!.responses!['200'] as {
        content: Record<string, { schema: { properties: Record<string, object> } }>
      }
    ).content['application/json']!.schema
    expect(Object.keys(answer.properties.one!)).toEqual(['oneOf'])
    expect(Object.keys(answer.properties.any!)).toEqual(['anyOf'])
  })

  it('a contract schema renders as its named component', () => {
    const document = documentWith(z.array(storeSchema))
    expect(document.components?.schemas?.Store).toMatchObject({
      type: 'object',
      required: ['storeId', 'storeName', 'address'],
    })
  })
})

/** Minimal examples: a success per operation, with values of the right shape. */
/** The examples the generator takes, collected from the mock once (its stories cover every operation). */
let collected: DocumentExamples
beforeAll(async () => {
  collected = await collectGatewayExamples()
}, 30_000)

/** A fresh copy of the collected examples, for a test that alters them. */
function minimalExamples(): DocumentExamples {
  return structuredClone(collected)
}

describe('the service document', () => {
  it(
    'has every gateway and PIN path of the contract, transaction detail as GET and POST, the QR code ' +
      "images the answers' qr_code URLs point at, and the webhook",
    () => {
      const document = buildGatewayDocument(minimalExamples(), { version: '0.0.0' })
      const operations = Object.entries(document.paths!).flatMap(([path, item]) =>
        Object.keys(item as object).map((method) => `${method} ${path}`),
      )
      const expected = [...Object.values(GATEWAY_PATHS), ...Object.values(PIN_PATHS)].map((path) => `post ${path}`)
      expect(operations.sort()).toEqual(
        [...expected, `get ${GATEWAY_PATHS.transactionDetail}`, 'get /qr/{qrFile}'].sort(),
      )
      expect(Object.keys(document.webhooks!)).toEqual(['payment-notification'])
      expect(GATEWAY_OPERATION_IDS).toHaveLength(operations.length - 1)
    },
  )

  it('every operation documents the 413 of a body too large and the 414 of a request target too long', () => {
    const document = buildGatewayDocument(minimalExamples(), { version: '0.0.0' })
    for (const [path, item] of Object.entries(document.paths!)) {
      for (const [method, operation] of Object.entries(item as Record<string, { responses: object }>)) {
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['413', '414']))
      }
    }
    const pinRefusal = document.paths![PIN_PATHS.setPin]!.post!.responses!['414'] as { description: string }
    expect(pinRefusal.description).toMatch(/^`uri_too_long`/)
  })

  it(
    'documents the earlier refund form as a deprecated alternative: a oneOf ' +
      'body and a second security requirement',
    () => {
      const document = buildGatewayDocument(minimalExamples(), { version: '0.0.0' })
      const refund = document.paths![GATEWAY_PATHS.refundOrder]!.post!
      const body = (refund.requestBody as { content: Record<string, { schema: { oneOf: Array<{ $ref: string }> } }> })
        .content['application/json']!.schema
      expect(body.oneOf.map((s) => s.$ref)).toEqual([
        '#/components/schemas/RefundRequest',
        '#/components/schemas/LegacyRefundRequest',
      ])
      expect(document.components!.schemas!.LegacyRefundRequest).toMatchObject({
        deprecated: true,
        description: expect.stringContaining('2026-03-16'),
      })
      expect(refund.security).toEqual([
        { ApiKey: [], RequestSignature: [] },
        { ApiKey: [], LegacyAppId: [] },
      ])
      expect(document.components!.parameters!.LegacyAppId).toMatchObject({
        in: 'header',
        name: 'X-App-Id',
        deprecated: true,
      })
    },
  )

  it(
    'X-Idempotent-Key is a required header parameter whose description ' +
      'gives the earlier optional period; X-Trace-Id an optional response ' +
      'header',
    () => {
      const document = buildGatewayDocument(minimalExamples(), { version: '0.0.0' })
      const key = document.components!.parameters!.IdempotentKey as { required?: boolean; description?: string }
      expect(key).toMatchObject({ in: 'header', name: 'X-Idempotent-Key', required: true })
      expect(key.description).toContain('2026-01-20')
      const trace = document.components!.headers!.TraceId as { required?: boolean }
      expect(trace.required).not.toBe(true)
    },
  )

  it('refuses an operation without examples, and an example that does not match its schema', () => {
    const missing = minimalExamples()
    delete missing.operations.cancelOrder
    expect(() => buildGatewayDocument(missing, { version: '0' })).toThrow('no examples for cancelOrder')
    const wrong = minimalExamples()
    wrong.operations.createOrder!.responses['200']!.ok!.value = { order_id: 1 }
    expect(() => buildGatewayDocument(wrong, { version: '0' })).toThrow(
      /example "ok" of createOrder 200 does not match its schema/,
    )
  })
})
