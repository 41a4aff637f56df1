import { describe, expect, it } from 'vitest'
import type { WebhookPayload } from '@merchant-gateway/sdk/webhooks'
import { PaymentsStore, type PaymentRecord } from './payments-store.js'

const T0 = Date.parse('2026-11-02T09:00:00.000Z')

function webhook(overrides: Partial<WebhookPayload> = {}): WebhookPayload {
  return {
    accountName: 'Chan Sophea',
    accountNumber: '099887766',
    amount: 24.5,
    appId: 7,
    createTimeMilli: T0,
    currency: 'USD',
    orderId: 1001,
    status: 'SUCCESS',
    transactionId: 700001,
    ...overrides,
  }
}

function storeWithFulfilments() {
  const fulfilled: PaymentRecord[] = []
  const store = new PaymentsStore({ onPaid: (payment) => fulfilled.push(payment) })
  return { store, fulfilled }
}

describe('PaymentsStore', () => {
  it('stores a new payment and fulfils its order', () => {
    const { store, fulfilled } = storeWithFulfilments()
    expect(store.apply(webhook())).toBe('applied')
    const expected = {
      transactionId: 700001,
      orderId: 1001,
      status: 'SUCCESS',
      amount: 24.5,
      currency: 'USD',
      accountName: 'Chan Sophea',
      accountNumber: '099887766',
      createTimeMilli: T0,
    }
    expect(store.payment(700001)).toEqual(expected)
    expect(store.isPaid(1001)).toBe(true)
    expect(fulfilled).toEqual([expected])
  })

  it('ignores a redelivery of the same webhook: one record, one fulfilment', () => {
    const { store, fulfilled } = storeWithFulfilments()
    expect([store.apply(webhook()), store.apply(webhook()), store.apply(webhook())]).toEqual([
      'applied',
      'duplicate',
      'duplicate',
    ])
    expect(store.payments()).toHaveLength(1)
    expect(fulfilled.map((p) => p.transactionId)).toEqual([700001])
  })

  it('keeps the newest status of a transaction by createTimeMilli, whatever the arrival order', () => {
    const { store } = storeWithFulfilments()
    const older = webhook({ status: 'FAILED', createTimeMilli: T0 })
    const newer = webhook({ status: 'SUCCESS', createTimeMilli: T0 + 60_000 })

    expect(store.apply(newer)).toBe('applied')
    expect(store.apply(older)).toBe('stale')
    expect(store.payment(700001)).toMatchObject({ status: 'SUCCESS', createTimeMilli: T0 + 60_000 })

    const inOrder = new PaymentsStore()
    expect([inOrder.apply(older), inOrder.apply(newer)]).toEqual(['applied', 'applied'])
    expect(inOrder.payment(700001)).toMatchObject({ status: 'SUCCESS', createTimeMilli: T0 + 60_000 })
  })

  it('with equal createTimeMilli and another status, the later arrival wins (time cannot order them)', () => {
    const store = new PaymentsStore()
    store.apply(webhook({ status: 'FAILED' }))
    expect(store.apply(webhook({ status: 'SUCCESS' }))).toBe('applied')
    expect(store.payment(700001)?.status).toBe('SUCCESS')
  })

  it('an order stays paid when a failed attempt of it arrives after the successful one', () => {
    const { store, fulfilled } = storeWithFulfilments()
    const failedAttempt = webhook({ transactionId: 700001, status: 'FAILED', createTimeMilli: T0 })
    const paid = webhook({ transactionId: 700002, status: 'SUCCESS', createTimeMilli: T0 + 60_000 })
    expect([store.apply(paid), store.apply(failedAttempt)]).toEqual(['applied', 'applied'])
    expect(store.isPaid(1001)).toBe(true)
    expect(store.payments(1001).map((p) => [p.transactionId, p.status])).toEqual([
      [700001, 'FAILED'],
      [700002, 'SUCCESS'],
    ])
    expect(fulfilled.map((p) => p.transactionId)).toEqual([700002])
  })

  it('fulfils an order once even when two different transactions of it succeed', () => {
    const { store, fulfilled } = storeWithFulfilments()
    store.apply(webhook({ transactionId: 700001 }))
    store.apply(webhook({ transactionId: 700002, createTimeMilli: T0 + 1 }))
    expect(store.payments(1001)).toHaveLength(2)
    expect(fulfilled.map((p) => p.transactionId)).toEqual([700001])
  })

  it('a failed payment alone does not make the order paid; other orders are unaffected', () => {
    const { store, fulfilled } = storeWithFulfilments()
    store.apply(webhook({ status: 'FAILED' }))
    store.apply(webhook({ orderId: 1002, transactionId: 700009 }))
    expect(store.isPaid(1001)).toBe(false)
    expect(store.isPaid(1002)).toBe(true)
    expect(store.payments(1001).map((p) => p.status)).toEqual(['FAILED'])
    expect(store.payments().map((p) => p.transactionId)).toEqual([700001, 700009])
    expect(fulfilled.map((p) => p.orderId)).toEqual([1002])
  })

  it('hands out copies: changing a returned record does not change the store', () => {
    const store = new PaymentsStore()
    store.apply(webhook())
    store.payment(700001)!.status = 'FAILED'
    store.payments()[0]!.amount = 0
    expect(store.payment(700001)).toMatchObject({ status: 'SUCCESS', amount: 24.5 })
  })
})
