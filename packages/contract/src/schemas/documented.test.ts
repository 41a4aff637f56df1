import * as z from 'zod/mini'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { documentedObject, documentedStates, statesSchema } from './documented.js'
import { ORDER_STATUSES, orderSchema } from './order.js'

describe('documented answers', () => {
  it('a field the service adds is kept in the parsed value, though the type lists only the documented ones', () => {
    const schema = documentedObject({ id: z.string() })
    const parsed = z.parse(schema, { id: 'a', added: 7 })
    expect(parsed).toEqual({ id: 'a', added: 7 })
    expectTypeOf(parsed).toEqualTypeOf<{ id: string }>()
  })

  it('a state the contract does not list is accepted at run time, and typed as one of the listed states', () => {
    const order = z.parse(orderSchema, {
      order_id: '1024',
      qr_code: 'https://example.test/qr/1.png',
      status: 'partially_refunded',
      created_at: '2026-11-02T09:00:00Z',
    })
    expect(order.status).toBe('partially_refunded')
    expectTypeOf(order.status).toEqualTypeOf<(typeof ORDER_STATUSES)[number]>()
    expect(z.safeParse(orderSchema.shape.status, 7).success).toBe(false)
  })

  it('a status schema gives its documented states back; any other schema none', () => {
    expect(documentedStates(orderSchema.shape.status)).toEqual(ORDER_STATUSES)
    expect(documentedStates(statesSchema(['a', 'b']))).toEqual(['a', 'b'])
    expect(documentedStates(z.string())).toBeUndefined()
    expect(documentedStates(undefined)).toBeUndefined()
  })
})
