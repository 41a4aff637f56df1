/**
 * @module cli/args.test
 * The command line as the parser reads it: what each flag becomes, and the one-line message and status 2
 * of every mistake, naming what was wrong and what is allowed.
 */
import { describe, expect, it } from 'vitest'
import { DOCS_URL, parseCli, USAGE, VERIFY_USAGE } from './args.js'

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
      keepRunning: false,
      allowOrigins: [],
      allowHosts: [],
      controlToken: undefined,
      keepAliveSeconds: 65,
    })
  })

  it('--keep-running keeps the server when the process that started it is gone (by default it stops)', () => {
    expect(parseCli(['serve', '--keep-running'])).toMatchObject({ command: 'serve', keepRunning: true })
    expect(parseCli(['--keep-runnin'])).toMatchObject({ status: 2, text: expect.stringMatching(/--keep-running/) })
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
      keepRunning: false,
      allowOrigins: [],
      allowHosts: [],
      controlToken: undefined,
      keepAliveSeconds: 65,
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
    [['--port', '-1'], /--port must be an integer from 0 to 65535, got "-1"/],
    [['--port', '1.5'], /--port must be an integer/],
    [['--now', 'tomorrow'], /--now must be an ISO 8601 date/],
    [['--now', '-1'], /--now must be an ISO 8601 date/],
    [['--webhook-url', 'localhost:8080'], /--webhook-url must be an http\(s\) URL/],
    [['--colour'], /unknown option --colour\n/],
    [['start'], /unknown command "start"/],
    [['serve', 'extra'], /unexpected argument "extra"/],
    [['--port'], /^merchant-gateway-mock: --port needs a value, e.g. --port 4010\n/],
    [['-p'], /^merchant-gateway-mock: -p needs a value, e.g. -p 4010\n/],
    [['--now', '--frozen'], /^merchant-gateway-mock: --now needs a value, e.g. --now 2026-11-02T09:00:00Z\n/],
    [['--allow-origin', 'http://localhost:5173/app'], /--allow-origin must be an origin/],
    [['--allow-origin', 'localhost:5173'], /--allow-origin must be an origin/],
    [['--allow-host', 'bad host'], /--allow-host must be a host name/],
    [['--control-token', 'short'], /--control-token must be 8 to 200 .*, got 5 character\(s\)\n/],
    [['--control-token', 'with a space'], /--control-token must be 8 to 200 .*, got a space or a character/],
    [['--keep-webhooks=-1'], /--keep-webhooks must be a whole number >= 0, got "-1"/],
    [['--keep-codes-seconds', '1.5'], /--keep-codes-seconds must be a whole number/],
    [['--keep-requests', 'lots'], /--keep-requests must be a whole number/],
  ])('%j is refused', (argv, message) => {
    const parsed = parseCli(argv)
    expect(parsed).toMatchObject({ command: 'exit', status: 2, text: expect.stringMatching(message) })
    expect(parsed.command === 'exit' && parsed.text).toMatch(/--help/)
  })

  it.each([
    ['2026-02-30T00:00:00Z', ': the calendar has no day 2026-02-30'],
    [
      '2026-11-02T09:00:00',
      ': a time needs its zone (Z for UTC, or an offset such as +07:00); it is not read as local time',
    ],
    ['Nov 2 2026', ''],
  ])('serve --now %s, a day the calendar lacks, a time without a zone or other text, exits 2 naming it', (now, why) => {
    // Date.parse would read a time without a zone in this machine's zone: refused whatever the zone is.
    const zone = process.env.TZ
    process.env.TZ = 'Asia/Phnom_Penh'
    try {
      expect(parseCli(['serve', '--port', '0', '--now', now])).toEqual({
        command: 'exit',
        status: 2,
        text:
          `merchant-gateway-mock: --now must be an ISO 8601 date such as 2026-11-02T09:00:00Z, got "${now}"${why}\n` +
          'Run with --help for the options.',
      })
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })

  it('serve --now takes a time with Z or an offset, with fractional seconds, and a date alone', () => {
    for (const now of ['2026-11-02T09:00:00Z', '2026-11-02T09:00:00.123+07:00', '2026-11-02T09:00Z', '2026-11-02'])
      expect(parseCli(['serve', '--now', now])).toMatchObject({ command: 'serve', now })
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

  it('--otp-dev-code becomes otpDevCode (none by default); anything but 6 digits exits 2', () => {
    expect(parseCli(['--otp-dev-code', '000000'])).toMatchObject({ command: 'serve', otpDevCode: '000000' })
    expect(parseCli([])).toMatchObject({ command: 'serve', otpDevCode: undefined })
    for (const bad of ['12345', '1234567', 'abcdef']) {
      expect(parseCli(['--otp-dev-code', bad]), bad).toMatchObject({
        status: 2,
        text: expect.stringContaining(`--otp-dev-code must be 6 digits, got ${JSON.stringify(bad)}`),
      })
    }
    expect(USAGE).toContain('--otp-dev-code <c>')
  })

  it('--keep-records-seconds becomes keepRecordsSeconds; a value under 1 or not a whole number exits 2', () => {
    expect(parseCli(['--keep-records-seconds', '3600'])).toMatchObject({ command: 'serve', keepRecordsSeconds: 3600 })
    expect(parseCli([])).toMatchObject({ command: 'serve', keepRecordsSeconds: undefined })
    for (const bad of ['0', '-1', '1.5', 'an hour']) {
      expect(parseCli(['--keep-records-seconds', bad]), bad).toEqual({
        command: 'exit',
        status: 2,
        text:
          `merchant-gateway-mock: --keep-records-seconds must be a whole number >= 1, got ${JSON.stringify(bad)}` +
          '\nRun with --help for the options.',
      })
    }
    expect(USAGE).toMatch(/--keep-records-seconds <s>/)
  })

  it('--keep-alive-seconds becomes keepAliveSeconds (default 65); not a whole number 1 to 86400 exits 2', () => {
    expect(parseCli(['--keep-alive-seconds', '120'])).toMatchObject({ command: 'serve', keepAliveSeconds: 120 })
    expect(parseCli([])).toMatchObject({ command: 'serve', keepAliveSeconds: 65 })
    for (const bad of ['0', '-1', '1.5', '86401', 'a minute', '']) {
      expect(parseCli(['--keep-alive-seconds', bad]), bad).toEqual({
        command: 'exit',
        status: 2,
        text:
          'merchant-gateway-mock: --keep-alive-seconds must be a whole number from 1 to 86400, ' +
          `got ${JSON.stringify(bad)}\nRun with --help for the options.`,
      })
    }
    expect(USAGE).toMatch(/--keep-alive-seconds <s>\s+how long an idle kept-alive connection stays open/)
  })

  it.each([
    [['--prot', '4010'], '--prot', '--port'],
    [['--Port=4010'], '--Port', '--port'],
    [['--allow-hosts', 'mock.test'], '--allow-hosts', '--allow-host'],
    [['--webhok-url', 'http://127.0.0.1:3000'], '--webhok-url', '--webhook-url'],
    [['--frozne'], '--frozne', '--frozen'],
    [['-P', '4010'], '-P', '-p'],
  ])('%j: an unknown option is named, with the known one it likely misspells (status 2)', (argv, given, meant) => {
    expect(parseCli(argv)).toEqual({
      command: 'exit',
      status: 2,
      text: `merchant-gateway-mock: unknown option ${given}; did you mean ${meant}?\nRun with --help for the options.`,
    })
  })

  it('an unknown option far from every known one is named without a guess', () => {
    for (const argv of [['--colour'], ['-x'], ['--verbose']]) {
      expect(parseCli(argv)).toEqual({
        command: 'exit',
        status: 2,
        text: `merchant-gateway-mock: unknown option ${argv[0]}\nRun with --help for the options.`,
      })
    }
  })

  it.each([[['-p', '-1']], [['--port', '-1']], [['--port=-1']], [['-p', '65536']], [['--port', '99999']]])(
    '%j: a port out of range says the range, 0 to 65535, and what was given',
    (argv) => {
      const given = argv.at(-1)!.replace('--port=', '')
      expect(parseCli(argv)).toEqual({
        command: 'exit',
        status: 2,
        text:
          `merchant-gateway-mock: --port must be an integer from 0 to 65535, got "${given}"\n` +
          'Run with --help for the options.',
      })
    },
  )

  it('--help shows typical command lines, each one a command the parser takes, and where the docs are', () => {
    const examples = [...USAGE.matchAll(/^ {2}(merchant-gateway-mock .*)$/gm)].map((m) => m[1]!)
    expect(USAGE).toMatch(/\nExamples:\n/)
    expect(examples.length).toBeGreaterThanOrEqual(3)
    for (const example of examples) {
      expect(parseCli(example.split(' ').slice(1)), example).toMatchObject({ command: 'serve' })
    }
    expect(USAGE).toContain(`Docs: ${DOCS_URL}`)
    expect(DOCS_URL).toMatch(
      /^https:\/\/github\.com\/merchant-gateway\/merchant-gateway\/blob\/main\/docs\/mock-server\.md$/,
    )
  })

  it('--help states the control token rule (8 to 200 printable characters, no spaces), as the parser applies', () => {
    const help = USAGE.replace(/\s+/g, ' ')
    expect(help).toMatch(/--control-token <t> .*8 to 200 printable characters, no spaces/)
    expect(parseCli(['--control-token', 'x'.repeat(8)])).toMatchObject({ command: 'serve' })
    expect(parseCli(['--control-token', 'x'.repeat(200)])).toMatchObject({ command: 'serve' })
    for (const refused of ['x'.repeat(7), 'x'.repeat(201), 'with space', 'tab\tinside', 'ünïcödé-token']) {
      expect(parseCli(['--control-token', refused]), refused).toMatchObject({ command: 'exit', status: 2 })
    }
  })
})

describe('verify reads its own flags, with the same did-you-mean and status 2 as serve', () => {
  const required = ['--base-url', 'http://127.0.0.1:4010', '--api-key', 'k', '--api-secret', 's']

  it('the three required flags make a run with no money, no PIN checks and the target’s clock', () => {
    expect(parseCli(['verify', ...required])).toEqual({
      command: 'verify',
      baseUrl: 'http://127.0.0.1:4010',
      apiKey: 'k',
      apiSecret: 's',
      bearer: undefined,
      pin: undefined,
      email: undefined,
      otp: undefined,
      paid: undefined,
      money: false,
      payoutAccount: undefined,
      now: undefined,
      timeoutSeconds: 30,
      json: false,
      strict: false,
    })
  })

  it('an empty or spaced credential is named by its flag, never shown (an unset CI secret arrives as "")', () => {
    const base = ['verify', '--base-url', 'http://127.0.0.1:4010']
    expect(parseCli([...base, '--api-key', '', '--api-secret', 's'])).toEqual({
      command: 'exit',
      status: 2,
      text:
        'merchant-gateway-mock: --api-key must be 1 to 200 printable characters without spaces, got an empty ' +
        'value (is the variable set?)\nRun with --help for the options.',
    })
    const spaced = parseCli([...base, '--api-key', 'k', '--api-secret', 'a secret'])
    expect(spaced).toMatchObject({ status: 2, text: expect.stringContaining('--api-secret must be 1 to 200') })
    expect(spaced.command === 'exit' && spaced.text).not.toContain('a secret')
  })

  it('--timeout takes 1 to 3600 seconds; --payout-account without --money is refused; -v prints the version', () => {
    expect(parseCli(['verify', ...required, '--timeout', '5'])).toMatchObject({ timeoutSeconds: 5 })
    for (const bad of ['0', '3601', '1.5', 'soon']) {
      expect(parseCli(['verify', ...required, '--timeout', bad]), bad).toMatchObject({
        status: 2,
        text: expect.stringContaining(`--timeout must be a whole number of seconds from 1 to 3600, got "${bad}"`),
      })
    }
    expect(parseCli(['verify', ...required, '--payout-account', '100200300'])).toMatchObject({
      status: 2,
      text: expect.stringContaining('--payout-account goes with --money'),
    })
    expect(parseCli(['verify', '--version'], '1.2.3')).toEqual({ command: 'exit', status: 0, text: '1.2.3' })
  })

  it('the PIN flags build on --bearer (--otp on --email and --pin), and a PIN or code is never echoed', () => {
    const bearer = [...required, '--bearer', 'at_1']
    expect(
      parseCli(['verify', ...bearer, '--pin', '482913', '--email', 'qa@example.com', '--otp', '000000']),
    ).toMatchObject({ command: 'verify', bearer: 'at_1', pin: '482913', email: 'qa@example.com', otp: '000000' })
    const refused = (args: string[], text: string) =>
      expect(parseCli(['verify', ...args])).toEqual({
        command: 'exit',
        status: 2,
        text: `merchant-gateway-mock: ${text}\nRun with --help for the options.`,
      })
    refused([...required, '--pin', '482913'], '--pin needs --bearer <token>: the signed-in sandbox user it belongs to')
    refused(
      [...required, '--email', 'qa@example.com'],
      '--email needs --bearer <token>: the signed-in sandbox user it belongs to',
    )
    refused([...bearer, '--pin', '12345'], '--pin must be 6 digits')
    refused([...bearer, '--pin', '12a456'], '--pin must be 6 digits')
    refused([...bearer, '--email', 'qa'], '--email must be an e-mail address, got "qa"')
    refused(
      [...bearer, '--pin', '482913', '--otp', '000000'],
      '--otp needs --email (where the code goes) and --pin (reset-pin sets the PIN back to it)',
    )
    refused(
      [...bearer, '--email', 'qa@example.com', '--otp', '000000'],
      '--otp needs --email (where the code goes) and --pin (reset-pin sets the PIN back to it)',
    )
    refused([...bearer, '--pin', '482913', '--email', 'qa@example.com', '--otp', '0000'], '--otp must be 6 digits')
  })

  it('--paid-order and --paid-transaction go together, the order as digits', () => {
    expect(parseCli(['verify', ...required, '--paid-order', '1042', '--paid-transaction', '88121'])).toMatchObject({
      paid: { orderId: '1042', transactionId: '88121' },
    })
    const status2 = (args: string[], text: string) =>
      expect(parseCli(['verify', ...required, ...args])).toMatchObject({
        status: 2,
        text: expect.stringContaining(text),
      })
    status2(['--paid-order', '1042'], '--paid-order and --paid-transaction go together')
    status2(['--paid-transaction', '88121'], '--paid-order and --paid-transaction go together')
    status2(
      ['--paid-order', 'ord_1', '--paid-transaction', '1'],
      '--paid-order must be an order id (digits), got "ord_1"',
    )
    status2(['--paid-order', '1', '--paid-transaction', 'a b'], '--paid-transaction must be a transaction id')
  })

  it('a misspelt verify flag names the nearest one', () => {
    expect(parseCli(['verify', '--base-ulr', 'x'])).toMatchObject({
      status: 2,
      text: expect.stringContaining('unknown option --base-ulr; did you mean --base-url?'),
    })
  })

  it('a missing required flag is named; --money needs --payout-account', () => {
    expect(parseCli(['verify', '--api-key', 'k'])).toMatchObject({
      status: 2,
      text: expect.stringContaining('verify needs --base-url, --api-secret'),
    })
    expect(parseCli(['verify', ...required, '--money'])).toMatchObject({
      status: 2,
      text: expect.stringContaining('--money needs --payout-account'),
    })
  })

  it('verify --help prints its own usage with an example, status 0', () => {
    const help = parseCli(['verify', '--help'])
    expect(help).toEqual({ command: 'exit', status: 0, text: VERIFY_USAGE })
    expect(help.command === 'exit' && help.text).toMatch(/Examples:\n {2}merchant-gateway-mock verify --base-url/)
  })
})
