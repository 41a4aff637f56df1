/**
 * @module request-log.test
 * The request log never keeps a credential that came in the URL: the values of such query parameters are
 * redacted in the logged path, whatever else the target holds.
 */
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { describe, expect, it, vi } from 'vitest'
import { createMockGateway } from '../create-mock-gateway.js'
import { type Arrival, RequestLog, logAnswer, newNotes, redactQuery } from './request-log.js'

describe('the request log and credentials in the query string', () => {
  it.each([
    ['/__mock/clock?token=s3cr3t', '/__mock/clock?token=[redacted]'],
    ['/x?control_token=s3cr3t&limit=5', '/x?control_token=[redacted]&limit=5'],
    ['/x?limit=5&access_token=s3cr3t', '/x?limit=5&access_token=[redacted]'],
    ['/x?Access_Token=a&ACCESS%5FTOKEN=b', '/x?Access_Token=[redacted]&ACCESS%5FTOKEN=[redacted]'],
    [
      '/x?api_key=a&apiKey=b&client_secret=c&password=d',
      '/x?api_key=[redacted]&apiKey=[redacted]&client_secret=[redacted]&password=[redacted]',
    ],
    ['/x?token=&status=4xx', '/x?token=[redacted]&status=4xx'],
    ['/x?path=/order/refund&status=400', '/x?path=/order/refund&status=400'],
    ['/x?token', '/x?token'],
    ['/api/v1/payment-gateway/stores/list', '/api/v1/payment-gateway/stores/list'],
  ])('%s is logged as %s', (target, logged) => {
    expect(redactQuery(target)).toBe(logged)
  })

  it(
    'GET /__mock/requests (mock.requests) shows a token sent in ' + 'the query as [redacted], never its value',
    async () => {
      const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true } })
      const { apiKey } = await mock.merchants.create({})
      await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.listStores}?access_token=s3cr3t_value&page=1`, {
        method: 'POST',
        headers: { [HEADERS.apiKey]: apiKey },
      })
      const [entry] = mock.requests.list()
      expect(entry?.path).toBe(`${GATEWAY_PATHS.listStores}?access_token=[redacted]&page=1`)
      expect(JSON.stringify(mock.requests.list())).not.toContain('s3cr3t_value')
    },
  )
})

describe('a log that keeps no requests (requestLogLimit 0)', () => {
  it('counts each request answered and keeps none', () => {
    const log = new RequestLog(0)
    const arrival: Arrival = { method: 'POST', path: '/x', atMs: 0, startedAt: 0, era: '1.4.0-full-enforcement' }
    expect(log.keeps).toBe(false)
    logAnswer(log, arrival, 'trc_1', 200, newNotes())
    logAnswer(log, arrival, 'trc_2', 400, newNotes())
    expect(log.lastSeq).toBe(2)
    expect(log.size).toBe(0)
    expect(log.get('trc_2')).toBeUndefined()
    expect(new RequestLog(1).keeps).toBe(true)
  })

  it.each([
    [0, 0],
    [1000, 1],
  ])('with requestLogLimit %i, a request’s headers are read for the log %i time(s)', async (limit, reads) => {
    const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true }, requestLogLimit: limit })
    const { apiKey, merchantId } = await mock.merchants.create({})
    const store = await mock.stores.add(merchantId, { storeName: 'Log', address: '1 Log St' })
    const request = new Request(`${mock.baseUrl}${GATEWAY_PATHS.createOrder}`, {
      method: 'POST',
      headers: { [HEADERS.apiKey]: apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ storeId: store.storeId, amount: 12.5, currency: 'USD' }),
    })
    const forEach = vi.spyOn(request.headers, 'forEach')
    const before = mock.version()
    const answer = await mock.fetch(request)
    expect(answer.status).toBe(200)
    expect(forEach).toHaveBeenCalledTimes(reads)
    expect(mock.requests.list()).toHaveLength(reads)
    // The request is counted either way: a poll of the state's version sees it.
    expect(mock.version()).toBeGreaterThan(before)
  })
})
