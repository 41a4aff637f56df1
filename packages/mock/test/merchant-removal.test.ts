/**
 * A removed merchant (control API): its API key still resolves, so every gateway request with it is
 * answered 404 "Merchant not found" (the balance inquiry's documented 404); its data stays readable
 * through the control API, nothing can be added to it, and other merchants are untouched.
 */
import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { isRuleError } from '../src/index.js'
import { call, createOrder, newMerchant, newMock, paidOrder, signedCall } from './harness.js'

const NOT_FOUND = { statusCode: 404, message: 'Merchant not found', error: 'Not Found' }

async function removedMerchant() {
  const mock = newMock()
  const m = await newMerchant(mock)
  await mock.accounts.add(m.merchantId, { accountNumber: '100200300', accountName: 'Riverside Ltd' })
  const paid = await paidOrder(mock, m, 40)
  const pending = await createOrder(mock, m, 10)
  const other = await newMerchant(mock)
  await mock.merchants.remove(m.merchantId)
  return { mock, m, paid, pending, other }
}

async function refusedWith(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise
  } catch (error) {
    if (isRuleError(error)) return error.status
    throw error
  }
  return undefined
}

describe('a removed merchant', () => {
  it('balance inquiry answers 404 status-style "Merchant not found"', async () => {
    const { mock, m } = await removedMerchant()
    const reply = await call(mock, GATEWAY_PATHS.balanceInquiry, { apiKey: m.apiKey })
    expect(reply).toMatchObject({ status: 404, body: NOT_FOUND })
  })

  it('every other gateway endpoint answers the same 404, and nothing is created or moved', async () => {
    const { mock, m, paid, pending } = await removedMerchant()
    const replies = [
      await call(mock, GATEWAY_PATHS.listStores, { apiKey: m.apiKey }),
      await call(mock, GATEWAY_PATHS.createOrder, {
        apiKey: m.apiKey,
        body: { storeId: m.storeId, amount: 5, currency: 'USD' },
      }),
      await call(mock, GATEWAY_PATHS.generateQr, {
        apiKey: m.apiKey,
        body: { store_id: m.storeId, amount: 5, currency: 'USD' },
      }),
      await call(mock, GATEWAY_PATHS.transactionDetail, {
        apiKey: m.apiKey,
        method: 'GET',
        query: `?transaction_id=${paid.transactionId}`,
      }),
      await call(mock, GATEWAY_PATHS.cancelOrder, { apiKey: m.apiKey, body: { order_id: String(pending) } }),
      await signedCall(mock, m, GATEWAY_PATHS.refundOrder, { orderId: paid.orderId, refundAmount: 5 }),
      await signedCall(mock, m, GATEWAY_PATHS.payout, { accountNumber: '100200300', amount: 5, currency: 'USD' }),
    ]
    for (const reply of replies) expect(reply).toMatchObject({ status: 404, body: NOT_FOUND })
    expect(mock.orders.get(pending)?.status).toBe('pending')
    expect(await mock.balances(m.merchantId)).toMatchObject({ usd: { balance: 1040, freeze: 0, usable: 1040 } })
    expect(mock.audit()).toEqual([])
  })

  it('a wrong API key is still 401, and another merchant is served as before', async () => {
    const { mock, other } = await removedMerchant()
    expect((await call(mock, GATEWAY_PATHS.balanceInquiry, { apiKey: 'mk_nobody' })).status).toBe(401)
    expect((await call(mock, GATEWAY_PATHS.balanceInquiry, { apiKey: other.apiKey })).status).toBe(200)
  })

  it('its data stays readable through the control API; anything that would change it is 404', async () => {
    const { mock, m, paid, pending } = await removedMerchant()
    expect(await mock.merchants.get(m.merchantId)).toMatchObject({
      merchantId: m.merchantId,
      removedAt: expect.any(String),
    })
    expect(mock.orders.get(paid.orderId)?.status).toBe('completed')
    expect(mock.transactions.get(paid.transactionId)?.kind).toBe('payment')
    expect(await refusedWith(mock.stores.add(m.merchantId, { storeName: 'B', address: 'C' }))).toBe(404)
    expect(await refusedWith(mock.accounts.add(m.merchantId, { accountNumber: '1', accountName: 'A' }))).toBe(404)
    expect(await refusedWith(mock.merchants.update(m.merchantId, { name: 'Renamed' }))).toBe(404)
    expect(await refusedWith(mock.payments.create({ orderId: pending, status: 'SUCCESS' }))).toBe(404)
    expect(await refusedWith(mock.merchants.remove(m.merchantId))).toBe(404)
    expect(mock.orders.get(pending)?.status).toBe('pending')
  })

  it('reset brings a removed seed merchant back', async () => {
    const mock = newMock({
      seed: [{ apiKey: 'mk_seed', apiSecret: 'sk_seed', stores: [{ storeName: 'S', address: 'A' }] }],
    })
    await mock.merchants.remove(1)
    expect((await call(mock, GATEWAY_PATHS.listStores, { apiKey: 'mk_seed' })).status).toBe(404)
    await mock.reset()
    expect((await call(mock, GATEWAY_PATHS.listStores, { apiKey: 'mk_seed' })).status).toBe(200)
  })
})
