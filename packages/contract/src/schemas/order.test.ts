import { describe, expect, it } from 'vitest'
import { createOrderCurrentRequestSchema, createOrderLegacyRequestSchema, createOrderRequestSchema } from './order.js'

describe('createOrderRequestSchema', () => {
  it('accepts the current shape with storeId as a number', () => {
    const body = { storeId: 12, amount: 12.5, currency: 'USD' }
    expect(createOrderRequestSchema.parse(body)).toEqual(body)
  })

  it('accepts the earlier shape with store_id as a decimal string', () => {
    const body = { store_id: '12', amount: 4000, currency: 'KHR' }
    expect(createOrderRequestSchema.parse(body)).toEqual(body)
  })

  it('a body naming no store is rejected with a message naming both spellings', () => {
    const result = createOrderRequestSchema.safeParse({ amount: 12.5, currency: 'USD' })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toMatchObject([
      { path: [], message: 'one of storeId (number) or store_id (string) is required' },
    ])
  })

  it('both spellings naming the same store are accepted', () => {
    const body = { storeId: 12, store_id: '12', amount: 12.5, currency: 'USD' }
    expect(createOrderRequestSchema.parse(body)).toEqual(body)
  })

  it('both spellings naming different stores are rejected', () => {
    const result = createOrderRequestSchema.safeParse({ storeId: 12, store_id: '13', amount: 12.5, currency: 'USD' })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toMatchObject([
      { path: ['store_id'], message: 'storeId and store_id name different stores' },
    ])
  })

  it('each spelling keeps its own type: storeId as a string or store_id as a number is rejected', () => {
    expect(createOrderRequestSchema.safeParse({ storeId: '12', amount: 1, currency: 'USD' }).success).toBe(false)
    expect(createOrderRequestSchema.safeParse({ store_id: 12, amount: 1, currency: 'USD' }).success).toBe(false)
  })

  it('the single-shape schemas accept only their own spelling', () => {
    expect(createOrderCurrentRequestSchema.safeParse({ store_id: '12', amount: 1, currency: 'USD' }).success).toBe(
      false,
    )
    expect(createOrderLegacyRequestSchema.safeParse({ storeId: 12, amount: 1, currency: 'USD' }).success).toBe(false)
  })
})
