/**
 * @module log-redaction.test
 * The HTTP server's logs never show a credential sent in the query string: neither the line per request
 * (the CLI prints it) nor `GET /__mock/requests`.
 */
import { request } from 'node:http'
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_MERCHANT, startMockServer, type MockServer } from '../src/server.js'
import { MONDAY } from './harness.js'

let server: MockServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('the HTTP server and tokens in URLs', () => {
  it(
    'a token in the query string shows as token=[redacted] in the ' + 'per-request log lines and GET /__mock/requests',
    async () => {
      const lines: string[] = []
      server = await startMockServer({
        port: 0,
        clock: { now: MONDAY, frozen: true },
        seed: [DEMO_MERCHANT],
        tickMs: 0,
        log: (line) => lines.push(line),
      })
      await fetch(`${server.url}/__mock/clock?token=ctl_s3cr3t`)
      await fetch(`${server.url}${GATEWAY_PATHS.listStores}?access_token=svc_s3cr3t&limit=5`, {
        method: 'POST',
        headers: { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey },
      })
      await fetch(`${server.url}/__mock/version?control_token=ver_s3cr3t`)
      const logged = await (await fetch(`${server.url}/__mock/requests`)).text()

      expect(lines).toEqual([
        expect.stringMatching(/^GET \/__mock\/clock\?token=\[redacted\] 200 /),
        expect.stringMatching(/^POST \/api\/v1\/payment-gateway\/stores\/list\?access_token=\[redacted\]&limit=5 200 /),
        expect.stringMatching(/^GET \/__mock\/version\?control_token=\[redacted\] 200 /),
        expect.stringMatching(/^GET \/__mock\/requests 200 /),
      ])
      expect(JSON.parse(logged)).toEqual([
        expect.objectContaining({ path: `${GATEWAY_PATHS.listStores}?access_token=[redacted]&limit=5` }),
      ])
      expect(`${lines.join('\n')}${logged}`).not.toMatch(/s3cr3t/)
    },
  )

  it(
    'a token in the query string of a request refused before its body ' +
      '(Expect: 100-continue, too large) is redacted',
    async () => {
      const lines: string[] = []
      server = await startMockServer({
        port: 0,
        clock: { now: MONDAY, frozen: true },
        tickMs: 0,
        log: (line) => lines.push(line),
      })
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const sent = request(`${server!.url}/__mock/clock?token=exp_s3cr3t`, {
          method: 'POST',
          headers: { Expect: '100-continue', 'Content-Length': String(64 * 1024 * 1024) },
        })
        sent.on('response', (res) => {
          res.resume()
          resolve(res.statusCode)
          sent.destroy()
        })
        sent.on('error', reject)
        sent.flushHeaders()
      })
      expect(status).toBe(413)
      await expect.poll(() => lines.length).toBeGreaterThan(0)
      expect(lines[0]).toMatch(/^POST \/__mock\/clock\?token=\[redacted\] 413 \(declared \d+ bytes, not read\)$/)
      expect(lines.join('\n')).not.toMatch(/s3cr3t/)
    },
  )
})
