/**
 * The curl session of docs/mock-server.md, run as written against the CLI server, so the documented
 * commands and answers cannot drift from what the server does. Only the port is changed.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, startCli, stopCli, type Cli } from './cli-process.js'

const DOC = readFileSync(new URL('../../docs/mock-server.md', import.meta.url), 'utf8')

/** The first ```sh block after the heading `## A session with curl`. */
function curlSession(): string {
  const section = DOC.slice(DOC.indexOf('## A session with curl'))
  const match = /```sh\n([\s\S]*?)```/.exec(section)
  if (!match) throw new Error('docs/mock-server.md has no sh block under "A session with curl"')
  return match[1]!
}

describe('docs/mock-server.md: the curl session', () => {
  let cli: Cli
  // The session signs with `date +%s`, so the server runs on the real clock, as `npm start` does.
  beforeAll(async () => {
    cli = await startCli(['serve', '--port', '0', '--quiet'])
  }, 240_000)
  afterAll(async () => {
    if (cli) await stopCli(cli, 'SIGKILL')
  })

  it('runs as written, and each command answers what the comment under it says', async () => {
    const script = curlSession()
    expect(script).toContain('URL=http://127.0.0.1:4010')
    const run = await promisify(execFile)(
      'bash',
      ['-euo', 'pipefail', '-c', script.replace('URL=http://127.0.0.1:4010', `URL=${cli.url}`)],
      { cwd: ROOT },
    )
    // One answer per curl, in order; each is JSON (curl -s prints no newline, so split on the braces' boundaries).
    const answers = run.stdout
      .replace(/\}\{/g, '}\n{')
      .replace(/\]\{/g, ']\n{')
      .replace(/\}\[/g, '}\n[')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(answers).toEqual([
      expect.objectContaining({ merchantId: 1, webhookUrl: 'http://127.0.0.1:3000/webhooks' }),
      {
        merchantId: 2,
        appId: 100002,
        apiKey: expect.stringMatching(/^mk_test_/),
        apiSecret: expect.stringMatching(/^sk_test_/),
      },
      {
        order_id: '1001',
        qr_code: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/qr\/MGW1\w+\.png$/),
        status: 'pending',
        created_at: expect.any(String),
      },
      { transactionId: 700001, orderId: 1001, status: 'completed' },
      expect.objectContaining({
        statusCode: 200,
        data: expect.objectContaining({ orderId: 1001, amount: 2.5, currency: 'USD' }),
      }),
      {
        now: expect.any(String),
        frozen: false,
        era: { name: '1.4.0-full-enforcement', from: '2026-03-23T00:00:00Z', summary: expect.any(String) },
      },
      { usd: { balance: 1010, freeze: 0, usable: 1010 }, khr: { balance: 4_000_000, freeze: 0, usable: 4_000_000 } },
      [
        expect.objectContaining({
          operation: 'refundOrder',
          status: 200,
          refusal: null,
          form: 'current',
          body: { orderId: 1001, refundAmount: 2.5 },
          headers: expect.objectContaining({ 'x-api-key': '[redacted]', 'x-signature': '[redacted]' }),
        }),
      ],
      expect.objectContaining({
        route: 'POST /api/v1/payment-gateway/order/refund',
        kind: 'drop-response',
        remaining: 1,
      }),
      { statusCode: 400, message: 'advanceMs must be a finite number >= 0', error: 'Bad Request' },
    ])
    // The QR code's URL is on the server's own address, and the image is there.
    const { qr_code: qrCode } = answers.find((a) => 'order_id' in a)
    expect(qrCode.startsWith(`${cli.url}/qr/`)).toBe(true)
    expect((await fetch(qrCode)).headers.get('Content-Type')).toBe('image/png')
    // The documented answers, where the doc shows one in full, match what came back. An answer too long for the
    // site's code width goes on over comment lines that start with `#  `: joined back, it is one line again.
    const shown = script.replace(/\n# {2}/g, '')
    expect(shown).toContain('# {"transactionId":700001,"orderId":1001,"status":"completed"}')
    expect(shown).toContain(
      '# {"statusCode":400,"message":"advanceMs must be a finite number >= 0","error":"Bad Request"}',
    )
  })
})
