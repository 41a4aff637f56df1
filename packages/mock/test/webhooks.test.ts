import { signer } from '@merchant-gateway/contract/crypto'
import { describe, expect, it } from 'vitest'
import type { WebhookDelivery } from '../src/index.js'
import { createOrder, newMerchant, newMock } from './harness.js'

describe('payment webhooks (recorded in-process)', () => {
  it(
    'a SUCCESS payment builds the documented payload, signed over the raw ' + 'body + floor(createTimeMilli / 1000)',
    async () => {
      const mock = newMock()
      const m = await newMerchant(mock)
      const orderId = await createOrder(mock, m, 12.5)
      const payment = await mock.payments.create({
        orderId,
        status: 'SUCCESS',
        payer: { accountName: 'Chan Sophea', accountNumber: '099887766' },
      })
      const [webhook] = mock.webhooks.list()
      expect(webhook!.payload).toEqual({
        accountName: 'Chan Sophea',
        accountNumber: '099887766',
        amount: 12.5,
        appId: m.appId,
        createTimeMilli: Date.parse('2026-11-02T09:00:00Z'),
        currency: 'USD',
        orderId,
        status: 'SUCCESS',
        transactionId: payment.transactionId,
      })
      expect(JSON.parse(webhook!.rawBody)).toEqual(webhook!.payload)
      expect(webhook!.headers['X-Signature']).toBe(webhook!.signature)
      const args = { secret: m.apiSecret, rawBody: webhook!.rawBody, createTimeMilli: webhook!.payload.createTimeMilli }
      expect(await signer.verifyWebhook({ ...args, signature: webhook!.signature })).toBe(true)
      expect(await signer.verifyWebhook({ ...args, secret: 'another secret', signature: webhook!.signature })).toBe(
        false,
      )
    },
  )

  it('in-process listeners receive each webhook after the payment; PENDING sends none, FAILED sends one', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const received: WebhookDelivery[] = []
    const off = mock.webhooks.on((d) => void received.push(d))
    const orderId = await createOrder(mock, m)
    await mock.payments.create({ orderId, status: 'PENDING' })
    await mock.payments.create({ orderId, status: 'FAILED' })
    await new Promise((r) => setTimeout(r, 0))
    expect(received.map((d) => d.payload.status)).toEqual(['FAILED'])
    expect(mock.webhooks.list()[0]).toMatchObject({ status: 'delivered', attempts: [{ outcome: 'delivered' }] })
    off()
    await mock.payments.create({ orderId, status: 'SUCCESS' })
    await new Promise((r) => setTimeout(r, 0))
    expect(received).toHaveLength(1)
    expect(mock.webhooks.list()).toHaveLength(2)
  })

  it('a listener that throws marks the delivery failed and does not undo the payment', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    mock.webhooks.on(() => {
      throw new Error('receiver down')
    })
    const orderId = await createOrder(mock, m)
    await mock.payments.create({ orderId, status: 'SUCCESS' })
    await new Promise((r) => setTimeout(r, 0))
    expect(mock.webhooks.list()[0]).toMatchObject({
      status: 'failed',
      attempts: [{ outcome: 'failed', detail: expect.stringContaining('receiver down') }],
    })
    expect(mock.orders.get(orderId)?.status).toBe('completed')
  })

  it('webhookStatuses chooses which payment statuses send a webhook', async () => {
    const mock = newMock({ webhookStatuses: ['SUCCESS'] })
    const m = await newMerchant(mock)
    const orderId = await createOrder(mock, m)
    await mock.payments.create({ orderId, status: 'FAILED' })
    await mock.payments.create({ orderId, status: 'SUCCESS' })
    expect(mock.webhooks.list().map((w) => w.payload.status)).toEqual(['SUCCESS'])
  })
})
