import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { call, createOrder, newMerchant, newMock } from '../../test/harness.js'
import { canReach, isTransition, ORDER_MACHINE, PAYMENT_MACHINE, STATE_MACHINES, toMermaid } from './state-machines.js'

describe('state machines as data', () => {
  it('every machine starts from creation, and every state it names is reached from there', () => {
    for (const machine of STATE_MACHINES) {
      expect(
        machine.transitions.some((t) => t.from === null),
        `${machine.name} has no creation`,
      ).toBe(true)
      for (const state of machine.states)
        expect(canReach(machine, null, state), `${machine.name}: ${state} cannot be reached`).toBe(true)
      for (const t of machine.transitions) {
        for (const s of [t.from, t.to])
          if (s !== null) expect(machine.states, `${machine.name}: a move names ${s}`).toContain(s)
      }
    }
  })

  it('completed and cancelled orders are final; a failed payment makes a processing order payable again', () => {
    for (const final of ['completed', 'cancelled'] as const) {
      for (const to of ORDER_MACHINE.states) expect(canReach(ORDER_MACHINE, final, to)).toBe(false)
    }
    expect(isTransition(ORDER_MACHINE, 'processing', 'pending')).toBe(true)
  })

  it('toMermaid draws creation and removal as [*], one line per move', () => {
    expect(
      toMermaid({
        name: 'x',
        states: ['a'],
        transitions: [
          { from: null, to: 'a', on: 'made' },
          { from: 'a', to: null, on: 'used' },
        ],
      }),
    ).toBe('stateDiagram-v2\n  [*] --> a: made\n  a --> [*]: used')
  })

  it('the mock makes every move of the payment machine, and only those (each walked through the API)', async () => {
    // Finished records forgotten a second after their last move: the removals are walked too.
    const mock = newMock({ keepRecordsSeconds: 1 })
    const merchant = await newMerchant(mock)
    const observed = new Set<string>()
    type Action = { pay: 'SUCCESS' | 'FAILED' | 'PENDING' } | { cancel: true }
    const walks: Action[][] = [
      [{ pay: 'SUCCESS' }],
      [{ pay: 'FAILED' }],
      [{ pay: 'PENDING' }, { pay: 'SUCCESS' }],
      [{ pay: 'PENDING' }, { pay: 'FAILED' }],
      [{ pay: 'PENDING' }, { cancel: true }],
    ]
    const walked: Array<{ orderId: number; transactionId: number; status: string }> = []
    for (const walk of walks) {
      const orderId = await createOrder(mock, merchant)
      let transactionId: number | undefined
      let before: string | null = null
      for (const action of walk) {
        if ('pay' in action) {
          const { transactionId: id } = await mock.payments.create({ orderId, status: action.pay })
          transactionId ??= id
          expect(id, 'a payment in progress is settled, not paid again').toBe(transactionId)
        } else
          expect(
            (
              await call(mock, GATEWAY_PATHS.cancelOrder, {
                apiKey: merchant.apiKey,
                body: { order_id: String(orderId) },
              })
            ).status,
          ).toBe(200)
        const now = mock.transactions.get(transactionId!)!.status
        if (now === before) continue
        expect(
          isTransition(PAYMENT_MACHINE, before as never, now as never),
          `payment ${before ?? '(created)'} -> ${now}`,
        ).toBe(true)
        observed.add(`${before ?? '[*]'} -> ${now}`)
        before = now
      }
      walked.push({ orderId, transactionId: transactionId!, status: before! })
    }
    // An order left pending (its payment failed) is cancelled, so that it finishes; then the clock moves on.
    for (const { orderId } of walked) {
      if (mock.orders.get(orderId)?.status !== 'pending') continue
      const cancel = { apiKey: merchant.apiKey, body: { order_id: String(orderId) } }
      expect((await call(mock, GATEWAY_PATHS.cancelOrder, cancel)).status).toBe(200)
    }
    await mock.clock.advance(2000)
    for (const { transactionId, status } of walked) {
      expect(mock.transactions.get(transactionId), `payment ${transactionId} forgotten`).toBeUndefined()
      observed.add(`${status} -> null`)
    }
    const edges = PAYMENT_MACHINE.transitions.map((t) => `${t.from ?? '[*]'} -> ${t.to}`)
    expect([...observed].sort()).toEqual(edges.sort())
  })
})
