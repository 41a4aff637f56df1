import * as z from 'zod/mini'
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  EARLIER_FORMS,
  type OperationRequest,
  type OperationResult,
  OPERATION_REQUESTS,
  OPERATION_RESPONSES,
  OPERATION_RESULTS,
  PIN_REQUESTS,
  PIN_RESPONSES,
  PIN_RESULTS,
  QUERY_BODIES,
} from './operation-schemas.js'
import { GATEWAY_OPERATIONS, PIN_MESSAGES, PIN_OPERATIONS } from './operations.js'

describe('the schema tables', () => {
  it('describe every operation of the operation table, and nothing else', () => {
    const gateway = Object.keys(GATEWAY_OPERATIONS).sort()
    const pin = Object.keys(PIN_OPERATIONS).sort()
    for (const table of [OPERATION_REQUESTS, OPERATION_RESULTS, OPERATION_RESPONSES])
      expect(Object.keys(table).sort()).toEqual(gateway)
    for (const table of [PIN_REQUESTS, PIN_RESULTS, PIN_RESPONSES]) expect(Object.keys(table).sort()).toEqual(pin)
  })

  it('an operation has a request schema exactly when the table says its request carries something', () => {
    for (const op of Object.values(GATEWAY_OPERATIONS))
      expect(OPERATION_REQUESTS[op.id] === null, op.id).toBe(op.request === 'none')
    expect(Object.keys(QUERY_BODIES)).toEqual(
      Object.values(GATEWAY_OPERATIONS)
        .filter((op) => op.request === 'query' && op.methods.includes('POST'))
        .map((op) => op.id),
    )
  })

  it("an enveloped answer carries the operation's result as its data; a documented one is the result itself", () => {
    for (const op of Object.values(GATEWAY_OPERATIONS)) {
      const response = OPERATION_RESPONSES[op.id]
      if (op.response === 'envelope') {
        expect((response as z.ZodMiniObject).shape.data, op.id).toBe(OPERATION_RESULTS[op.id])
      } else expect(response, op.id).toBe(OPERATION_RESULTS[op.id])
    }
  })

  it("a PIN answer is the module's envelope with the operation's message and result", () => {
    for (const id of Object.keys(PIN_OPERATIONS) as Array<keyof typeof PIN_OPERATIONS>) {
      const shape = (PIN_RESPONSES[id] as z.ZodMiniObject).shape
      expect(z.safeParse(shape.status_code!, 200).success, id).toBe(true)
      expect(z.safeParse(shape.message!, PIN_MESSAGES[id]).success, id).toBe(true)
      expect(z.safeParse(shape.message!, 'OK').success, id).toBe(false)
      expect(shape.data, id).toBe(PIN_RESULTS[id])
    }
  })

  it('only refund and payout have an earlier form', () => {
    expect(Object.keys(EARLIER_FORMS).sort()).toEqual(['payout', 'refundOrder'])
  })

  it('link every operation id to the types of its request and result', () => {
    expectTypeOf<OperationRequest<'listStores'>>().toEqualTypeOf<undefined>()
    expectTypeOf<OperationRequest<'refundOrder'>>().toEqualTypeOf<{ orderId: number; refundAmount: number }>()
    expectTypeOf<OperationRequest<'setPin'>>().toEqualTypeOf<{ pin: string }>()
    expectTypeOf<OperationResult<'setPin'>>().toEqualTypeOf<null>()
    expectTypeOf<OperationResult<'forgotPin'>>().toEqualTypeOf<{ session_id: string; expires_at: 600 }>()
    expectTypeOf<OperationResult<'createOrder'>['status']>().toEqualTypeOf<
      'pending' | 'processing' | 'completed' | 'cancelled'
    >()
  })
})
