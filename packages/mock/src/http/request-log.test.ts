/**
 * @module request-log.test
 * The request log never keeps a credential that came in the URL: the values of such query parameters are
 * redacted in the logged path, whatever else the target holds.
 */
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { createMockGateway } from '../create-mock-gateway.js'
import { redactQuery } from './request-log.js'

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
