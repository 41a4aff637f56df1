/**
 * @module verify/scenario.test
 * The scenario on one side, here an in-process mock: what it sends, and that nothing it meets ends it early.
 */
import { describe, expect, it } from 'vitest'
import { createMockGateway } from '../create-mock-gateway.js'
import { planOf, runScenario } from './scenario.js'
import type { Side } from './side.js'

const CREDENTIALS = { apiKey: 'mk_verify_test', apiSecret: 'sk_verify_test' }

async function mockSide(overrides: Partial<Side> = {}) {
  const mock = createMockGateway({
    seed: [{ ...CREDENTIALS, balances: { usd: 100 }, stores: [{ storeName: 'S', address: 'A' }] }],
  })
  await mock.ready
  const sent: Request[] = []
  const side: Side = {
    ...CREDENTIALS,
    fetch: (input, init) => {
      sent.push((input as Request).clone())
      return mock.fetch(input, init)
    },
    baseUrl: mock.baseUrl,
    nowMs: () => Date.parse(mock.clock.now()),
    ...overrides,
  }
  return { mock, side, sent }
}

describe('the scenario on one side', () => {
  it('sends a refused refund again under its key, with the same body and then with another', async () => {
    const { side, sent } = await mockSide()
    const seen = await runScenario(side, { money: false, paid: false })
    const statuses = Object.fromEntries(seen.map((o) => [o.check, o.answer.status]))
    expect(statuses).toMatchObject({
      'idempotency: a refund of an unpaid order it made': 422,
      'idempotency: the same key and body again': 422,
      'idempotency: the same key, another body': 422,
    })
    const refunds = sent.filter((r) => r.url.endsWith('/order/refund')).slice(-3)
    const keys = refunds.map((r) => r.headers.get('X-Idempotent-Key'))
    expect(new Set(keys).size).toBe(1)
    const bodies = await Promise.all(refunds.map((r) => r.text()))
    expect(bodies[1]).toBe(bodies[0])
    expect(bodies[2]).not.toBe(bodies[0])
    expect(
      seen
        .find((o) => o.check === 'idempotency: the same key and body again')
        ?.answer.headers.get('X-Idempotent-Replayed'),
    ).toBe('true')
  })

  it('a request it cannot build (a token no header can carry) is a row not sent, and the run goes on', async () => {
    const { side } = await mockSide({ bearer: 'tök€n' })
    const seen = await runScenario(side, { money: false, paid: false, pin: {} })
    const pin = seen.filter((o) => o.check.startsWith('PIN: '))
    expect(pin.map((o) => o.answer.status)).toEqual([0, 401, 0])
    expect(pin[0]!.answer.text).toMatch(/^not sent: verify could not build the request: /)
    // The token was not the reason to stop: the cancels at the end were sent and answered.
    expect(seen.filter((o) => o.check.startsWith('cancel order')).map((o) => o.answer.status)).toEqual([200, 200])
  })

  it('says what it will do in lines of at most 120 characters with the indent it is printed with', () => {
    const lines = planOf({ money: true, paid: true, pin: { pin: '482913', email: 'qa@example.com', otp: '000000' } })
    for (const line of lines) expect(`  ${line}`.length, line).toBeLessThanOrEqual(120)
    expect(lines.join('\n')).toContain('a refund over what is left of --paid-order (refused), the balance read before')
  })
})
