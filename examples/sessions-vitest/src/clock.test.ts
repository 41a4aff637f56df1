/**
 * What another file does to its session never reaches this one: its clock reads real time although the refund
 * file moved its own a week ahead, its order ids start at 1001, a fault it arms fails only its own calls.
 */
import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { useSession } from './session.js'

const session = useSession()

describe('a session beside the others', () => {
  it('keeps its own clock: real time here, whatever the other files moved theirs to', async () => {
    const { control } = session()
    const { now } = await control<{ now: string }>('GET', '/__mock/clock')
    // No other session's advance reaches it: within a minute of this machine's time.
    expect(Math.abs(Date.parse(now) - Date.now())).toBeLessThan(60_000)
  })

  it('numbers its orders from 1001 and fails only its own calls with the fault it armed', async () => {
    const { gateway, control } = session()
    expect((await gateway.orders.create({ storeId: 101, amount: 3, currency: 'USD' })).order_id).toBe('1001')
    const route = `POST ${GATEWAY_PATHS.createOrder}`
    await control('POST', '/__mock/faults', { route, kind: 'error', status: 503, times: 'always' })
    await expect(gateway.orders.create({ storeId: 101, amount: 3, currency: 'USD' })).rejects.toMatchObject({
      status: 503,
    })
    await control('DELETE', '/__mock/faults')
    expect((await gateway.orders.create({ storeId: 101, amount: 3, currency: 'USD' })).order_id).toBe('1002')
  })
})
