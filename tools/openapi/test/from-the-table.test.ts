/**
 * The service document takes each operation's bodies and answers from the contract's tables, and its words
 * for the refusals must name exactly the codes the operation table lists: what stays by hand is prose.
 */
import {
  EARLIER_FORMS,
  GATEWAY_OPERATIONS as TABLE,
  OPERATION_REQUESTS,
  OPERATION_RESPONSES,
  PIN_OPERATIONS as PIN_TABLE,
  PIN_REQUESTS,
  PIN_RESPONSES,
  QUERY_BODIES,
} from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import { checkCodes, GATEWAY_OPERATIONS, PIN_OPERATIONS } from '../src/gateway/operations.js'

/** The schemas a document's schema is made of: itself, or the options of the union it presents. */
function partsOf(schema: z.core.$ZodType | undefined): unknown[] {
  if (schema === undefined) return []
  const def = schema._zod.def as { type: string; options?: unknown[] }
  return def.type === 'union' ? [schema, ...(def.options ?? [])] : [schema]
}

describe('the document is read off the tables', () => {
  it.each(GATEWAY_OPERATIONS.map((op) => [op.id, op] as const))(
    "%s: its body is the operation's request schema (and its earlier form), its answer the table's answer",
    (_id, op) => {
      const id = Object.values(TABLE).find((entry) => entry.path === op.path)!.id
      const earlier = (EARLIER_FORMS as Record<string, { request: unknown; result: unknown } | undefined>)[id]
      const request = OPERATION_REQUESTS[id]
      const bodyParts = partsOf(op.body?.schema)
      if (request !== null && TABLE[id].request === 'json') expect(bodyParts).toContain(request)
      if (TABLE[id].request === 'query' && op.method === 'post')
        expect(bodyParts).toContain(QUERY_BODIES.transactionDetail)
      if (earlier) expect(bodyParts).toContain(earlier.request)
      const answerParts = partsOf(op.success.schema)
      expect(answerParts).toContain(OPERATION_RESPONSES[id])
      if (earlier) expect(answerParts).toContain(earlier.result)
    },
  )

  it.each(PIN_OPERATIONS.map((op) => [op.id, op] as const))(
    "%s: its body and answer are the PIN module's request and answer schemas",
    (id, op) => {
      const key = id as keyof typeof PIN_TABLE
      expect(op.body?.schema).toBe(PIN_REQUESTS[key])
      expect(op.success.schema).toBe(PIN_RESPONSES[key])
      expect(op.auth).toBe(PIN_TABLE[key].auth)
    },
  )

  it("a refusal's words that leave out a code of the table, or name one it lacks, stop the generation", () => {
    expect(() => checkCodes(TABLE.cancelOrder, '409', '`order_not_cancellable`: the order is completed.')).not.toThrow()
    expect(() => checkCodes(TABLE.cancelOrder, '409', 'The order is completed.')).toThrow(
      /cancelOrder 409: the document names codes none, the contract's table lists order_not_cancellable/,
    )
    expect(() =>
      checkCodes(TABLE.payout, '422', '`insufficient_funds`, `idempotency_key_mismatch`, `qr_expired`.'),
    ).toThrow(/payout 422/)
  })
})
