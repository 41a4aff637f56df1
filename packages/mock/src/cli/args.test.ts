import { describe, expect, it } from 'vitest'
import { parseCli, USAGE } from './args.js'

describe('the CLI reads its flags strictly: a wrong one is a one-line message and exit status 2', () => {
  it('no arguments serve on 127.0.0.1:4010 with the real, running clock', () => {
    expect(parseCli([])).toEqual({
      command: 'serve',
      port: 4010,
      host: '127.0.0.1',
      now: undefined,
      frozen: false,
      webhookUrl: undefined,
      quiet: false,
      allowOrigins: [],
      allowHosts: [],
      controlToken: undefined,
    })
  })

  it('serve takes --port, --host, --now, --frozen, --webhook-url and --quiet (short -p and -q too)', () => {
    expect(
      parseCli([
        'serve',
        '-p',
        '0',
        '--host',
        '::1',
        '--now',
        '2026-11-02T09:00:00Z',
        '--frozen',
        '--webhook-url',
        'http://127.0.0.1:8080/webhooks',
        '-q',
      ]),
    ).toEqual({
      command: 'serve',
      port: 0,
      host: '::1',
      now: '2026-11-02T09:00:00Z',
      frozen: true,
      webhookUrl: 'http://127.0.0.1:8080/webhooks',
      quiet: true,
      allowOrigins: [],
      allowHosts: [],
      controlToken: undefined,
    })
    expect(parseCli(['--port=4011'])).toMatchObject({ command: 'serve', port: 4011 })
  })

  it('the control API guard: --allow-origin and --allow-host repeat, --control-token takes a token', () => {
    expect(
      parseCli([
        '--allow-origin',
        'http://localhost:5173',
        '--allow-origin',
        'http://127.0.0.1:3000',
        '--allow-host',
        'mock.test',
        '--control-token',
        'tok_0123456789',
      ]),
    ).toMatchObject({
      allowOrigins: ['http://localhost:5173', 'http://127.0.0.1:3000'],
      allowHosts: ['mock.test'],
      controlToken: 'tok_0123456789',
    })
  })

  it('--help prints the usage and --version the version, with status 0', () => {
    expect(parseCli(['--help'])).toEqual({ command: 'exit', status: 0, text: USAGE })
    expect(parseCli(['-v'], '1.2.3')).toEqual({ command: 'exit', status: 0, text: '1.2.3' })
  })

  it.each([
    [['--port', 'abc'], /--port must be an integer/],
    [['--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--port', '-1'], /--port/],
    [['--port', '1.5'], /--port must be an integer/],
    [['--now', 'tomorrow'], /--now must be an ISO 8601 date/],
    [['--webhook-url', 'localhost:8080'], /--webhook-url must be an http\(s\) URL/],
    [['--colour'], /Unknown option '--colour'/],
    [['start'], /unknown command "start"/],
    [['serve', 'extra'], /unexpected argument "extra"/],
    [['--port'], /argument missing/],
    [['--allow-origin', 'http://localhost:5173/app'], /--allow-origin must be an origin/],
    [['--allow-origin', 'localhost:5173'], /--allow-origin must be an origin/],
    [['--allow-host', 'bad host'], /--allow-host must be a host name/],
    [['--control-token', 'short'], /--control-token must be 8 to 200/],
    [['--keep-webhooks=-1'], /--keep-webhooks must be a whole number >= 0, got "-1"/],
    [['--keep-codes-seconds', '1.5'], /--keep-codes-seconds must be a whole number/],
    [['--keep-requests', 'lots'], /--keep-requests must be a whole number/],
  ])('%j is refused', (argv, message) => {
    const parsed = parseCli(argv)
    expect(parsed).toMatchObject({ command: 'exit', status: 2, text: expect.stringMatching(message) })
    expect(parsed.command === 'exit' && parsed.text).toMatch(/--help/)
  })

  it('retention flags become the requestLogLimit and retention options; without them the defaults apply', () => {
    expect(parseCli([])).toMatchObject({ requestLogLimit: undefined, retention: undefined })
    expect(
      parseCli([
        '--keep-requests',
        '50',
        '--keep-webhooks',
        '20000',
        '--keep-webhooks-seconds',
        '3600',
        '--keep-codes-seconds',
        '600',
        '--keep-expired-qr-seconds',
        '0',
      ]),
    ).toMatchObject({
      requestLogLimit: 50,
      retention: {
        webhooks: { max: 20000, maxAgeSeconds: 3600 },
        outbox: { maxAgeSeconds: 600 },
        expiredQrCodeSeconds: 0,
      },
    })
    expect(parseCli(['--keep-codes', '5'])).toMatchObject({ retention: { outbox: { max: 5 } } })
    expect(USAGE).toMatch(/--keep-webhooks <n>/)
  })
})
