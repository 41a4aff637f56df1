/**
 * The opt-in retention of finished money records (`keepRecordsSeconds`), on the mock clock: a finished order
 * (completed or cancelled, every transaction final) and its transactions, or a finished payout, are kept up to N
 * seconds after their last move and forgotten after; a record still moving is never forgotten; a forgotten order
 * answers 404 like one never made; balances never change and the audit still balances; a saved state loads.
 */
import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { createMockGateway, type MockGateway } from '../src/index.js'
import { balance, call, createOrder, days, MONDAY, newMerchant, newMock, paidOrder, payout, refund } from './harness.js'

const SECOND = 1000
const KEEP = 60

/** Sets the clock to `ms` after {@link MONDAY}. */
function at(mock: MockGateway, ms: number) {
  return mock.clock.set(new Date(Date.parse(MONDAY) + ms).toISOString())
}

async function records(mock: MockGateway) {
  return (await mock.stats()).records
}

describe('keepRecordsSeconds: finished money records are forgotten N mock-seconds after their last move', () => {
  it('a completed order and its payment are kept at N-1 s and forgotten at N+1 s; balances do not move', async () => {
    const mock = newMock({ keepRecordsSeconds: KEEP })
    const m = await newMerchant(mock)
    await at(mock, 0)
    const paid = await paidOrder(mock, m, 25)
    const figures = await balance(mock, m)

    await at(mock, (KEEP - 1) * SECOND)
    expect(mock.orders.get(paid.orderId)?.status).toBe('completed')
    expect(mock.transactions.get(paid.transactionId)?.status).toBe('completed')
    expect(await balance(mock, m)).toEqual(figures)

    await at(mock, (KEEP + 1) * SECOND)
    expect(await balance(mock, m)).toEqual(figures)
    expect(mock.orders.get(paid.orderId)).toBeUndefined()
    expect(mock.transactions.get(paid.transactionId)).toBeUndefined()
    expect((await records(mock)).orders).toBe(0)
    expect(mock.audit()).toEqual([])
    // The documented not-found answers: a refund and a detail of what was forgotten.
    const refused = await refund(mock, m, paid.orderId, 1)
    expect(refused.status).toBe(404)
    expect(JSON.stringify(refused.body)).toContain(`Order ${paid.orderId} not found`)
    const detail = await call(mock, GATEWAY_PATHS.transactionDetail, {
      apiKey: m.apiKey,
      method: 'GET',
      query: `transaction_id=${paid.transactionId}`,
    })
    expect(detail.status).toBe(404)
    expect(await balance(mock, m)).toEqual(figures)
  })

  it('a cancelled order is forgotten N after its cancel; a pending order is never forgotten', async () => {
    const mock = newMock({ keepRecordsSeconds: KEEP })
    const m = await newMerchant(mock)
    await at(mock, 0)
    const cancelled = await createOrder(mock, m, 5)
    const pending = await createOrder(mock, m, 7)
    await mock.payments.create({ orderId: pending, status: 'FAILED' })
    await at(mock, 10 * SECOND)
    const reply = await call(mock, GATEWAY_PATHS.cancelOrder, {
      apiKey: m.apiKey,
      body: { order_id: String(cancelled) },
    })
    expect(reply.status).toBe(200)
    await at(mock, (10 + KEEP - 1) * SECOND)
    expect(mock.orders.get(cancelled)?.status).toBe('cancelled')
    await at(mock, (10 + KEEP + 1) * SECOND)
    expect(mock.orders.get(cancelled)).toBeUndefined()
    await mock.clock.advance(days(365))
    expect(mock.orders.get(pending)?.status).toBe('pending')
    expect((await records(mock)).transactions).toBe(1) // its failed payment stays with it
    expect(mock.audit()).toEqual([])
  })

  it('a refund still settling keeps its order; both are forgotten N after the refund settled', async () => {
    const mock = newMock({ keepRecordsSeconds: KEEP })
    const m = await newMerchant(mock)
    await at(mock, 0)
    const paid = await paidOrder(mock, m, 25)
    expect((await refund(mock, m, paid.orderId, 2)).status).toBe(200)
    await at(mock, days(2))
    expect(mock.orders.get(paid.orderId)?.status).toBe('completed')
    const refundTx = (await mock.snapshot()).state!.transactions.find((t) => t.kind === 'refund')!
    expect(refundTx.status).toBe('pending')
    const settledAt = refundTx.dueAt! - Date.parse(MONDAY)
    await at(mock, settledAt)
    expect(mock.transactions.get(refundTx.transactionId)?.status).toBe('completed')
    const figures = await balance(mock, m)
    await at(mock, settledAt + (KEEP - 1) * SECOND)
    expect(mock.orders.get(paid.orderId)?.status).toBe('completed')
    await at(mock, settledAt + (KEEP + 1) * SECOND)
    expect(mock.orders.get(paid.orderId)).toBeUndefined()
    expect(mock.transactions.get(refundTx.transactionId)).toBeUndefined()
    expect(await balance(mock, m)).toEqual(figures)
    expect(mock.audit()).toEqual([])
  })

  it('a payout is forgotten N after it settled (completed or reversed), never while pending', async () => {
    const mock = newMock({ keepRecordsSeconds: KEEP })
    const m = await newMerchant(mock)
    await mock.accounts.add(m.merchantId, { accountNumber: '100200300', accountName: 'Riverside Ltd' })
    await at(mock, 0)
    const ok = await payout(mock, m, { accountNumber: '100200300', amount: 3, currency: 'USD' })
    const reversed = await payout(mock, m, { accountNumber: '999', amount: 4, currency: 'USD' })
    expect([ok.status, reversed.status]).toEqual([200, 200])
    const ids = (await mock.snapshot()).state!.transactions.map((t) => t.transactionId)
    const figuresPending = await balance(mock, m)
    await at(mock, days(1) - SECOND)
    expect(ids.map((id) => mock.transactions.get(id)?.status)).toEqual(['pending', 'pending'])
    expect(await balance(mock, m)).toEqual(figuresPending)
    const dueAt = (await mock.snapshot()).state!.transactions[0]!.dueAt!
    await at(mock, dueAt - Date.parse(MONDAY))
    expect(ids.map((id) => mock.transactions.get(id)?.status)).toEqual(['completed', 'failed'])
    const figures = await balance(mock, m)
    await at(mock, dueAt - Date.parse(MONDAY) + (KEEP - 1) * SECOND)
    expect(ids.map((id) => mock.transactions.get(id)?.status)).toEqual(['completed', 'failed'])
    await at(mock, dueAt - Date.parse(MONDAY) + (KEEP + 1) * SECOND)
    expect(ids.map((id) => mock.transactions.get(id))).toEqual([undefined, undefined])
    expect(await balance(mock, m)).toEqual(figures)
    expect(mock.audit()).toEqual([])
  })

  it(
    'a payout forgotten before the payment that funded it takes the opening figure below zero; balances, the ' +
      'audit and a saved state hold',
    async () => {
      const mock = newMock({ keepRecordsSeconds: KEEP })
      const m = await newMerchant(mock, { usd: 0 })
      await mock.accounts.add(m.merchantId, { accountNumber: '100200300', accountName: 'Riverside Ltd' })
      await at(mock, 0)
      const paid = await paidOrder(mock, m, 25)
      // A refund settling for three days keeps the order; the payout of the rest settles in one and goes N later.
      expect((await refund(mock, m, paid.orderId, 1)).status).toBe(200)
      expect((await payout(mock, m, { accountNumber: '100200300', amount: 24, currency: 'USD' })).status).toBe(200)
      const dueAt = (kind: string) =>
        mock.snapshot().then((s) => s.state!.transactions.find((t) => t.kind === kind)!.dueAt! - Date.parse(MONDAY))
      const [refundDue, payoutDue] = [await dueAt('refund'), await dueAt('payout')]
      await at(mock, payoutDue)
      await at(mock, payoutDue + (KEEP + 1) * SECOND)
      expect(mock.orders.get(paid.orderId)?.status).toBe('completed')
      const saved = await mock.snapshot()
      expect(saved.state!.balances.find((b) => b.currency === 'USD')!.openingMinor).toBe(-2400)
      expect(mock.audit()).toEqual([])
      const loaded = createMockGateway({ clock: { now: saved.state!.clock.now, frozen: true } })
      await loaded.load(saved)
      expect(loaded.audit()).toEqual([])
      // The order and its refund go too, N after the refund settled: the opening is what the merchant is left with.
      await at(mock, refundDue)
      const figures = await balance(mock, m)
      await at(mock, refundDue + (KEEP + 1) * SECOND)
      expect(mock.orders.get(paid.orderId)).toBeUndefined()
      expect((await mock.snapshot()).state!.balances.find((b) => b.currency === 'USD')!.openingMinor).toBe(0)
      expect(await balance(mock, m)).toEqual(figures)
      expect(mock.audit()).toEqual([])
    },
  )

  it('off by default: a finished order is kept a year on', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const paid = await paidOrder(mock, m, 25)
    await mock.clock.advance(days(365))
    expect(mock.orders.get(paid.orderId)?.status).toBe('completed')
  })

  it('a saved state round-trips with it on: only the records kept, the same balances, the audit balances', async () => {
    const mock = newMock({ keepRecordsSeconds: KEEP })
    const m = await newMerchant(mock)
    await mock.merchants.update(m.merchantId, { webhookUrl: null })
    await at(mock, 0)
    const old = await paidOrder(mock, m, 25)
    await at(mock, (KEEP + 1) * SECOND)
    const kept = await paidOrder(mock, m, 10)
    const pending = await createOrder(mock, m, 3)
    const saved = await mock.snapshot()
    expect(saved.state!.orders.map((o) => o.orderId)).toEqual([kept.orderId, pending])
    const figures = await balance(mock, m)

    const loaded = createMockGateway({ state: saved, keepRecordsSeconds: KEEP })
    await loaded.ready
    expect(await loaded.snapshot()).toEqual(saved)
    expect(await balance(loaded, m)).toEqual(figures)
    expect(loaded.orders.get(old.orderId)).toBeUndefined()
    expect(loaded.audit()).toEqual([])
    // The loaded finished order is forgotten on the same schedule.
    await at(loaded, (2 * KEEP + 2) * SECOND)
    expect(loaded.orders.get(kept.orderId)).toBeUndefined()
    expect(loaded.orders.get(pending)?.status).toBe('pending')
    expect(await balance(loaded, m)).toEqual(figures)
    expect(loaded.audit()).toEqual([])
  })

  it('is checked: a positive whole number of seconds', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, '60']) {
      expect(() => createMockGateway({ keepRecordsSeconds: bad as number }), String(bad)).toThrow(
        /keepRecordsSeconds must be a whole number of seconds >= 1/,
      )
    }
    expect(() => createMockGateway({ keepRecordsSeconds: 1 })).not.toThrow()
  })
})
