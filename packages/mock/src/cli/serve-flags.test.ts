/**
 * @module cli/serve-flags.test
 * The flags of serve as declared: every one is in `--help` and takes its server option, the options they set
 * are ones the server takes, and a mistyped command or a `--host` that is no address is a one-line message
 * and status 2 like any wrong flag.
 */
import { describe, expect, it } from 'vitest'
import { startMockServer } from '../adapters/start-mock-server.js'
import { parseCli, USAGE } from './args.js'
import { optionsOf } from './flags.js'
import { SERVE_FLAGS, type ServeArgs } from './serve-flags.js'

const EVERY_FLAG = [
  ...['--port', '0', '--host', '127.0.0.1', '--now', '2026-11-02T09:00:00Z', '--frozen'],
  ...['--allow-origin', 'http://localhost:5173', '--allow-host', 'mock.test', '--control-token', 'tok_0123456789'],
  ...['--otp-dev-code', '000000', '--keep-requests', '50', '--keep-webhooks', '20', '--keep-webhooks-seconds', '60'],
  ...['--keep-codes', '5', '--keep-codes-seconds', '600', '--keep-expired-qr-seconds', '0'],
  ...['--keep-records-seconds', '3600', '--webhook-url', 'http://127.0.0.1:3000/w', '--quiet', '--keep-running'],
  ...['--keep-alive-seconds', '30'],
]

describe('serve: each flag declared once', () => {
  it('every flag is in --help with its value', () => {
    for (const flag of SERVE_FLAGS) expect(USAGE).toContain(`--${flag.name}${flag.value ? ` ${flag.value}` : ''}`)
  })

  it('the flags set the server options they declare, which the server takes', async () => {
    const args = parseCli(EVERY_FLAG) as ServeArgs
    const options = optionsOf(SERVE_FLAGS, args)
    // --host 127.0.0.1 is the server's default: it sets nothing.
    expect(options).toEqual({
      clock: { now: '2026-11-02T09:00:00Z', frozen: true },
      allowedOrigins: ['http://localhost:5173'],
      allowedHosts: ['mock.test'],
      controlToken: 'tok_0123456789',
      otpDevCode: '000000',
      requestLogLimit: 50,
      retention: {
        webhooks: { max: 20, maxAgeSeconds: 60 },
        outbox: { max: 5, maxAgeSeconds: 600 },
        expiredQrCodeSeconds: 0,
      },
      keepRecordsSeconds: 3600,
      keepAliveSeconds: 30,
      port: 0,
    })
    // An option the server does not know would be refused here.
    const server = await startMockServer({ ...options, tickMs: 0 })
    try {
      expect(server.controlToken).toBe('tok_0123456789')
      expect(server.mock.clock.frozen()).toBe(true)
    } finally {
      await server.close()
    }
    expect(optionsOf(SERVE_FLAGS, parseCli([]) as ServeArgs)).toEqual({})
  })

  it('a mistyped command is named with the command it likely is (status 2); one far from both is named alone', () => {
    expect(parseCli(['serv'])).toEqual({
      command: 'exit',
      status: 2,
      text: 'merchant-gateway-mock: unknown command "serv"; did you mean serve?\nRun with --help for the options.',
    })
    expect(parseCli(['verfy', '--base-url', 'x'])).toMatchObject({
      status: 2,
      text: expect.stringContaining('unknown command "verfy"; did you mean verify?'),
    })
    expect(parseCli(['start'])).toMatchObject({ status: 2, text: expect.stringMatching(/unknown command "start"\n/) })
  })

  it('--host takes an IP address or a host name; one that is none (999.1.1.1) is status 2, naming the flag', () => {
    for (const host of ['127.0.0.1', '0.0.0.0', '::', '::1', '[::1]', 'localhost', 'mybox.local', '192.168.1.5'])
      expect(parseCli(['--host', host]), host).toMatchObject({ command: 'serve', host })
    for (const host of ['999.1.1.1', '1.2.3', 'bad host', 'a_b.local', 'x..local', '']) {
      expect(parseCli(['--host', host]), host).toEqual({
        command: 'exit',
        status: 2,
        text:
          'merchant-gateway-mock: --host must be an address of this machine (127.0.0.1, ::1, 0.0.0.0 for every ' +
          `interface) or a host name, got ${JSON.stringify(host)}\nRun with --help for the options.`,
      })
    }
  })
})
