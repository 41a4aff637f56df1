/**
 * @module test/e2e/cli-verify.e2e.test
 * `merchant-gateway-mock verify` as a user runs it, a child process, against targets on 127.0.0.1 only: the
 * mock's own HTTP server (no drift, every flow), a server started in another contract era (drift, named), small
 * altered servers in front of the mock's (a renamed field, a changed status, an id's type, a bare body where
 * the envelope belongs, the deprecation header: each found and named), and targets that fail the run itself
 * (closed, silent, under a path, a wrong secret, a run stopped by a signal). Every process started here runs
 * in its own process group, killed after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cli, cliArgs, freePort, spawnGroup, startCli, stopCli } from './cli-process.js'
import { type Alteration, alteredServer, plainServer } from './verify-targets.js'

const DEMO = ['--api-key', 'mk_test_demo', '--api-secret', 'sk_test_demo']

/** `verify` started as a child process: the process, and its exit status and output once it ends. */
function startVerify(args: string[]) {
  const child = spawnGroup(process.execPath, cliArgs(['verify', ...args]))
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, out, err })),
  )
  return { child, done }
}

/** Runs `verify` to its end; its exit status, standard output and standard error. */
function runVerify(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return startVerify(args).done
}

/** Runs `verify` (demo credentials, then `args`) against an altered server in front of `upstream`, closed after. */
async function verifyThrough(upstream: string, alteration: Alteration, args: string[] = []) {
  const altered = await alteredServer(upstream, alteration)
  try {
    return await runVerify(['--base-url', `${altered.url}${alteration.under ?? ''}/`, ...DEMO, ...args])
  } finally {
    await altered.close()
  }
}

/** The fixed one-time code the target server accepts, as a sandbox's development environment does. */
const DEV_CODE = '246810'
const DEMO_KEY = { 'X-Api-Key': 'mk_test_demo' }

/** A JSON POST to the target server (the control API needs no token on 127.0.0.1); the parsed answer. */
async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { data?: unknown } }
}

/** A paid order of the target, made as a sandbox team makes one: created, then paid by a customer. */
async function paidOrderOf(base: string): Promise<{ orderId: string; transactionId: string }> {
  const order = await post(
    base,
    '/api/v1/payment-gateway/order/create',
    { storeId: 101, amount: 5, currency: 'USD' },
    DEMO_KEY,
  )
  const payment = await post(base, '/__mock/payments', { orderId: Number(order.body.order_id), status: 'SUCCESS' })
  return { orderId: String(payment.body.orderId), transactionId: String(payment.body.transactionId) }
}

/**
 * A fresh target whose generate-QR step waits 5 s, and `verify` started against it, returned once both its
 * orders are made: a signal sent now comes while the QR request is in flight. The caller stops the target.
 */
async function verifyHeldAtQr() {
  const target = await startCli(['serve', '--port', '0', '--quiet'], { behindPrism: false })
  const fault = { route: 'POST /api/v1/payment-gateway/payment/generate-qr', kind: 'latency', delayMs: 5000 }
  expect((await post(target.url, '/__mock/faults', fault)).status).toBe(201)
  const run = startVerify(['--base-url', target.url, ...DEMO])
  const orders = async () =>
    (
      (await (await fetch(new URL('/__mock/snapshot', target.url))).json()) as {
        state: { orders: Array<{ orderId: number; status: string; cancelReason: string | null }> }
      }
    ).state.orders
  while ((await orders()).filter((o) => o.status === 'pending').length < 2) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { target, run, orders }
}

// Each test runs `verify` once or twice as a child process (a few seconds each, up to ten on a loaded machine):
// room enough that a loaded machine never fails one.
describe('merchant-gateway-mock verify', { timeout: 240_000 }, () => {
  let mock: Cli
  let lastEra: Cli
  let warning: Cli

  beforeAll(async () => {
    // Off Prism: an altered server's answers are meant to break the contract.
    ;[mock, lastEra, warning] = await Promise.all([
      startCli(['serve', '--port', '0', '--quiet', '--otp-dev-code', DEV_CODE], { behindPrism: false }),
      startCli(['serve', '--port', '0', '--quiet', '--now', '2026-02-01'], { behindPrism: false }),
      // Release 1.4.0's deprecation warning week: every answer carries the warning header.
      startCli(['serve', '--port', '0', '--quiet', '--now', '2026-03-10'], { behindPrism: false }),
    ])
  }, 240_000)
  afterAll(async () => {
    await Promise.all([mock && stopCli(mock), lastEra && stopCli(lastEra), warning && stopCli(warning)])
  })

  it('finds no drift against the mock’s own server and exits 0', async () => {
    const { code, out } = await runVerify(['--base-url', mock.url, ...DEMO])
    expect(out).toMatch(/^check\s+mock\s+target\s+verdict/im)
    expect(out).not.toMatch(/DRIFT$/m)
    expect(out).toMatch(/no drift: \d+ checks/)
    expect(code).toBe(0)
  })

  it('says what it will do before any result: the requests, the orders it creates and cancels, no money', async () => {
    const { out } = await runVerify(['--base-url', mock.url, ...DEMO])
    const start = out.slice(0, out.indexOf('check '))
    expect(start).toContain(`verify: ${mock.url} against an in-process mock`)
    expect(start).toMatch(/creates: 2 orders .* both orders are cancelled at the end/)
    expect(start).toContain('money: none (refund and payout only with --money)')
    expect(start).toMatch(/probes that change nothing: a wrong API key, a missing field, an unknown order, an unk/)
    expect(start).toContain(
      'a refund of an unknown order signed with --api-secret, a payout signed with another secret',
    )
    expect(start).toContain('idempotency, changing nothing: a refund of an unpaid order it made (refused), sent again')
  })

  it('names the drift of a server started in another era (--now 2026-02-01) and exits 1', async () => {
    const { code, out } = await runVerify(['--base-url', lastEra.url, ...DEMO])
    // Before release 1.4.0 a signed request is refused for its missing X-App-Id, in the status style.
    expect(out).toMatch(/^probe: bad signature\s+401 code-error invalid_signature\s+400 status-error\s+DRIFT$/m)
    expect(out).toContain('drift: status: mock 401, target 400')
    expect(out).toMatch(/DRIFT in \d+ of \d+ checks/)
    expect(code).toBe(1)
  })

  it('names a renamed field of the target (storeName answered as store_name) and exits 1', async () => {
    const { code, out } = await verifyThrough(mock.url, {
      path: '/api/v1/payment-gateway/stores/list',
      alter: ({ status, body }) => ({
        status,
        body: {
          ...body,
          data: (body.data as Array<Record<string, unknown>>).map(({ storeName, ...rest }) => ({
            ...rest,
            store_name: storeName,
          })),
        },
      }),
    })
    expect(out).toMatch(/^list stores\s+200 envelope\s+200 envelope\s+DRIFT$/m)
    expect(out).toContain('drift: field missing at the target: data[].storeName: string')
    // The name it has instead is a field the contract does not know: a note, the missing one is the drift.
    expect(out).toContain('note: target field not in the contract: data[].store_name')
    expect(code).toBe(1)
  })

  it('a field the target adds, undocumented in the contract: a note, exit 0; --strict: drift, exit 1', async () => {
    const alteration: Alteration = {
      path: '/api/v1/payment-gateway/stores/list',
      alter: ({ status, body }) => ({
        status,
        body: {
          ...body,
          data: (body.data as Array<Record<string, unknown>>).map((store) => ({ ...store, opening_hours: '8-17' })),
        },
      }),
    }
    const tolerant = await verifyThrough(mock.url, alteration)
    expect(tolerant.out).toMatch(/^list stores\s+200 envelope\s+200 envelope\s+NOTE$/m)
    expect(tolerant.out).toContain(
      'note: target field not in the contract: data[].opening_hours (a client that ignores unknown fields is not ' +
        'broken; drift with --strict)',
    )
    expect(tolerant.out).toMatch(/no drift: \d+ checks/)
    expect(tolerant.code).toBe(0)
    const strict = await verifyThrough(mock.url, alteration, ['--strict'])
    expect(strict.out).toMatch(/^list stores\s+200 envelope\s+200 envelope\s+DRIFT$/m)
    expect(strict.out).toContain('drift: target field not in the contract: data[].opening_hours')
    expect(strict.code).toBe(1)
  })

  it('names a changed status of the target (create order answered 201) and exits 1', async () => {
    const { code, out } = await verifyThrough(mock.url, {
      path: '/api/v1/payment-gateway/order/create',
      alter: ({ status, body }) => ({
        status: status === 200 ? 201 : status,
        body,
      }),
    })
    expect(out).toMatch(/^create order \(storeId\)\s+200 bare\s+201 bare\s+DRIFT$/m)
    expect(out).toMatch(/^create order \(store_id\)\s+200 bare\s+201 bare\s+DRIFT$/m)
    expect(out).toContain('drift: status: mock 200, target 201')
    // The orders were made all the same, and cancelled.
    expect(out).toMatch(/^cancel order \(storeId\)\s+200 bare\s+200 bare\s+SAME$/m)
    expect(code).toBe(1)
  })

  it('names an id the target sends as a number where the mock sends a string (order_id of create order)', async () => {
    const { code, out } = await verifyThrough(mock.url, {
      path: '/api/v1/payment-gateway/order/create',
      alter: ({ status, body }) => ({
        status,
        body: { ...body, order_id: Number(body.order_id) },
      }),
    })
    expect(out).toMatch(/^create order \(storeId\)\s+200 bare\s+200 bare\s+DRIFT$/m)
    expect(out).toContain('drift: field type: mock order_id: string, target order_id: number')
    // The ids it read back as numbers still name its orders: both are cancelled.
    expect(out).toMatch(/^cancel order \(storeId\)\s+200 bare\s+200 bare\s+SAME$/m)
    expect(code).toBe(1)
  })

  it('names a bare body where the envelope belongs (balance inquiry answered as its data) and exits 1', async () => {
    const { code, out } = await verifyThrough(mock.url, {
      path: '/api/v1/payment-gateway/balance-inquiry',
      alter: ({ status, body }) => ({
        status,
        body: body.data,
      }),
    })
    expect(out).toMatch(/^balance inquiry\s+200 envelope\s+200 bare\s+DRIFT$/m)
    expect(out).toContain('drift: body style: mock envelope, target bare')
    expect(code).toBe(1)
  })

  it('prints with --json one document of the documented shape on stdout, the start message on stderr', async () => {
    const { code, out, err } = await runVerify(['--base-url', lastEra.url, ...DEMO, '--json'])
    expect(err).toContain(`verify: ${lastEra.url} against an in-process mock`)
    const report = JSON.parse(out) as {
      target: string
      era: { name: string; now: string; from: string }
      drift: number
      hints: string[]
      checks: Array<{ check: string; mock: string; target: string; verdict: string; differences: unknown[] }>
    }
    expect(Object.keys(report)).toEqual(['target', 'era', 'drift', 'hints', 'checks'])
    // A drift of the service itself: no hint of a set-up problem.
    expect(report.hints).toEqual([])
    expect(report.target).toBe(lastEra.url)
    expect(report.era).toEqual({ name: expect.any(String), now: expect.any(String), from: "the target's Date header" })
    expect(report.drift).toBeGreaterThan(0)
    const drifted = report.checks.find((c) => c.check === 'probe: bad signature')
    expect(drifted).toEqual({
      check: 'probe: bad signature',
      mock: '401 code-error invalid_signature',
      target: '400 status-error',
      verdict: 'drift',
      differences: expect.arrayContaining([{ severity: 'drift', text: 'status: mock 401, target 400' }]),
    })
    expect(code).toBe(1)
  })

  it('compares at the era of --now when given: the mock at 2026-02-01 matches the server started there', async () => {
    const { code, out } = await runVerify(['--base-url', lastEra.url, ...DEMO, '--now', '2026-02-01T00:00:00Z'])
    expect(out).toMatch(/no drift: \d+ checks, .*\(era 1\.3\.0-full-enforcement\)/)
    expect(code).toBe(0)
  })

  it('runs every flow with --paid-order, --money, --bearer, --pin, --email, --otp: no drift, PIN kept', async () => {
    const paid = await paidOrderOf(mock.url)
    const user = await post(mock.url, '/__mock/users', { email: 'qa@example.com', emailVerified: true })
    const token = String(user.body.accessToken)
    const args = [
      '--base-url',
      mock.url,
      ...DEMO,
      '--paid-order',
      paid.orderId,
      '--paid-transaction',
      paid.transactionId,
      '--money',
      '--payout-account',
      '100200300',
      '--bearer',
      token,
      '--pin',
      '482913',
      '--email',
      'qa@example.com',
      '--otp',
      DEV_CODE,
    ]
    const first = await runVerify(args)
    expect(first.out).toContain('transaction detail of --paid-transaction (GET and POST)')
    expect(first.out).toContain('--otp: verify-otp with it, reset-pin back to --pin; the user ends with --pin')
    expect(first.out).toContain(
      'a refund over what is left of --paid-order (refused), the balance read before and after',
    )
    expect(first.out).toContain('verify-pin right, wrong twice, right, wrong once, right')
    for (const row of [
      /^transaction detail \(GET\)\s+200 bare\s+200 bare\s+SAME$/m,
      /^transaction detail \(POST\)\s+200 bare\s+200 bare\s+SAME$/m,
      /^refund, smallest amount \(the paid order\)\s+200 envelope\s+200 envelope\s+SAME$/m,
      /^payout, smallest amount\s+200 envelope\s+200 envelope\s+SAME$/m,
      /^probe: unknown transaction \(GET\)\s+404 /m,
      // The user had no PIN: set on both sides.
      /^PIN: set-pin\s+200 pin-envelope\s+200 pin-envelope\s+SAME$/m,
      /^PIN: verify-pin, a wrong PIN\s+422 pin-envelope wrong_pin\s+422 pin-envelope wrong_pin\s+SAME$/m,
      /^PIN: verify-pin, a second wrong PIN\s+(422 pin-envelope wrong_pin\s+){2}SAME$/m,
      /^PIN: verify-pin, a wrong PIN after the right one\s+(422 pin-envelope wrong_pin\s+){2}SAME$/m,
      /^refund, the same key and body again\s+200 envelope\s+200 envelope\s+SAME$/m,
      /^refund over what is left of the paid order\s+(422 code-error refund_exceeds_remaining\s+){2}SAME$/m,
      /^balance after the refused refund\s+200 envelope\s+200 envelope\s+SAME$/m,
      /^PIN: verify-otp, a second wrong code\s+(422 pin-envelope otp_invalid\s+){2}SAME$/m,
      /^PIN: change-pin to the same PIN\s+422 pin-envelope pin_unchanged\s+422 pin-envelope pin_unchanged\s+SAME$/m,
      /^PIN: change-pin back\s+200 pin-envelope\s+200 pin-envelope\s+SAME$/m,
      /^PIN: forgot-pin \(e-mail\)\s+200 pin-envelope\s+200 pin-envelope\s+SAME$/m,
      /^PIN: verify-otp, a wrong code\s+422 pin-envelope otp_invalid\s+422 pin-envelope otp_invalid\s+SAME$/m,
      /^PIN: verify-otp, the code\s+200 pin-envelope\s+200 pin-envelope\s+SAME$/m,
      /^PIN: reset-pin\s+200 pin-envelope\s+200 pin-envelope\s+SAME$/m,
      /^PIN: reset-pin, the session again\s+(400 pin-envelope reset_session_invalid\s+){2}SAME$/m,
      /^PIN: verify-pin after the reset\s+200 pin-envelope\s+200 pin-envelope\s+SAME$/m,
    ]) {
      expect(first.out).toMatch(row)
    }
    expect(first.out).toMatch(/no drift: \d+ checks/)
    expect(first.code).toBe(0)

    // At the target: the paid order refunded the smallest amount, and the user's PIN is the one it was given.
    const snapshot = (await (await fetch(new URL('/__mock/snapshot', mock.url))).json()) as {
      state: { transactions: Array<{ kind: string; orderId: number; amountMinor: number }> }
    }
    const refunds = snapshot.state.transactions.filter((t) => t.kind === 'refund' && String(t.orderId) === paid.orderId)
    expect(refunds.map((t) => t.amountMinor)).toEqual([1])
    const verified = await post(
      mock.url,
      '/api/v1/auth/verify-pin',
      { pin: '482913' },
      { Authorization: `Bearer ${token}` },
    )
    expect(verified.status).toBe(200)

    // Run again: the user has its PIN now, set-pin is refused at the target and the mock's user is made the same.
    const second = await runVerify(args)
    expect(second.out).toMatch(
      /^PIN: set-pin\s+409 pin-envelope pin_already_set\s+409 pin-envelope pin_already_set\s+SAME$/m,
    )
    expect(second.out).toMatch(/no drift: \d+ checks/)
    expect(second.code).toBe(0)
  })

  it('stops the PIN flows when --pin is not the user’s: drift named, one wrong PIN tried, no block', async () => {
    const user = await post(mock.url, '/__mock/users', { email: 'other@example.com', emailVerified: true })
    const bearer = { Authorization: `Bearer ${String(user.body.accessToken)}` }
    expect((await post(mock.url, '/api/v1/auth/set-pin', { pin: '111111' }, bearer)).status).toBe(200)
    const { code, out } = await runVerify([
      '--base-url',
      mock.url,
      ...DEMO,
      '--bearer',
      String(user.body.accessToken),
      '--pin',
      '482913',
    ])
    expect(out).toMatch(/^PIN: set-pin\s+409 pin-envelope pin_already_set\s+409 pin-envelope pin_already_set\s+SAME$/m)
    expect(out).toMatch(/^PIN: verify-pin, the PIN\s+200 pin-envelope\s+422 pin-envelope wrong_pin\s+DRIFT$/m)
    expect(out).toMatch(/^PIN: verify-pin, a wrong PIN\s+422 pin-envelope wrong_pin\s+\(not run\)\s+DRIFT$/m)
    expect(out).toContain('drift: not run at the target')
    expect(code).toBe(1)
    // One wrong PIN was tried, not five: the user is not blocked and its own PIN still works.
    expect((await post(mock.url, '/api/v1/auth/verify-pin', { pin: '111111' }, bearer)).status).toBe(200)
  })

  it('names a deprecation header the target sends and the mock does not (added to list stores)', async () => {
    const { code, out } = await verifyThrough(mock.url, {
      path: '/api/v1/payment-gateway/stores/list',
      alter: ({ status, body, headers }) => ({
        status,
        body,
        headers: { ...headers, 'x-service-deprecation-warning': 'storeId will be a string from 2027-01-01' },
      }),
    })
    expect(out).toMatch(/^list stores\s+200 envelope\s+200 envelope \+deprecation\s+DRIFT$/m)
    expect(out).toContain('drift: X-Service-Deprecation-Warning: mock absent, target sent')
    expect(code).toBe(1)
  })

  it('names a deprecation header the mock sends in a warning week and the target leaves out', async () => {
    const alteration: Alteration = {
      path: '/api/v1/payment-gateway/balance-inquiry',
      alter: ({ status, body, headers }) => ({
        status,
        body,
        headers: Object.fromEntries(
          Object.entries(headers).filter(([name]) => name !== 'x-service-deprecation-warning'),
        ),
      }),
    }
    // The altered server's Date is today's: the era is given with --now.
    const { code, out } = await verifyThrough(warning.url, alteration, ['--now', '2026-03-10T00:00:00Z'])
    expect(out).toMatch(/^list stores\s+200 envelope \+deprecation\s+200 envelope \+deprecation\s+SAME$/m)
    expect(out).toMatch(/^balance inquiry\s+200 envelope \+deprecation\s+200 envelope\s+DRIFT$/m)
    expect(out).toContain('drift: X-Service-Deprecation-Warning: mock sent, target absent')
    expect(code).toBe(1)
  })

  it('a closed port: nothing is sent after the clock probe, the error is in a hint, exit 3 (not drift)', async () => {
    const closed = await freePort()
    const { code, out } = await runVerify(['--base-url', `http://127.0.0.1:${closed}`, ...DEMO])
    expect(out).toMatch(/^list stores\s+200 envelope\s+no answer\s+DRIFT$/m)
    expect(out).toContain("hints (the likely cause, from the target's answers):")
    expect(out).toContain(
      `the target did not answer: the clock probe (list stores) got no answer (fetch failed: connect ECONNREFUSED ` +
        `127.0.0.1:${closed}), and none of the 12 steps was sent: is --base-url right, and the sandbox up?`,
    )
    expect(code).toBe(3)
  })

  it('gives up on a target that never answers after --timeout, sends nothing more, exit 3', async () => {
    const silent = await plainServer(() => {
      // Takes the request and never answers.
    })
    try {
      const { code, out } = await runVerify(['--base-url', silent.url, ...DEMO, '--timeout', '1'])
      expect(out).toContain(
        'the target did not answer: the clock probe (list stores) got no answer (no answer within 1 s)',
      )
      expect(out).toMatch(/^balance inquiry\s+200 envelope\s+no answer\s+DRIFT$/m)
      expect(code).toBe(3)
    } finally {
      await silent.close()
    }
  })

  it('a target that stops answering mid-run: the steps after it are not sent, drift (exit 1)', async () => {
    // Answers the clock probe and list stores, then nothing.
    let answered = 0
    const front = await plainServer((req, res) => {
      req.resume()
      req.on('end', () => {
        if (answered++ >= 2) return
        const body = JSON.stringify({ statusCode: 200, message: 'Success', data: [], traceId: 'trc_1' })
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
        res.end(body)
      })
    })
    try {
      const { code, out } = await runVerify(['--base-url', front.url, ...DEMO, '--timeout', '1'])
      expect(out).toContain('the target did not answer balance inquiry (no answer within 1 s), and the 10 steps')
      expect(code).toBe(1)
    } finally {
      await front.close()
    }
  })

  it('keeps the path of --base-url: a sandbox served under /gateway/ is checked there', async () => {
    // A front that serves the mock under /gateway/ and answers 404 anywhere else.
    const { code, out } = await verifyThrough(mock.url, { under: '/gateway' })
    expect(out).toMatch(/no drift: \d+ checks/)
    expect(code).toBe(0)
  })

  it('names a wrong --api-secret: the signed refund of an unknown order is refused at the target only', async () => {
    const { code, out } = await runVerify([
      '--base-url',
      mock.url,
      '--api-key',
      'mk_test_demo',
      '--api-secret',
      'sk_wrong',
    ])
    expect(out).toMatch(
      /^probe: refund of an unknown order \(signed\)\s+404 status-error\s+401 code-error invalid_signature\s+DRIFT$/m,
    )
    expect(out).toContain('the target refused a request signed with --api-secret')
    expect(out).toContain('check --api-secret (the API secret, not the key)')
    expect(code).toBe(1)
  })

  it('says when --paid-transaction is not of --paid-order, with the order it belongs to', async () => {
    const paid = await paidOrderOf(mock.url)
    const other = await paidOrderOf(mock.url)
    const { out } = await runVerify([
      '--base-url',
      mock.url,
      ...DEMO,
      '--paid-order',
      other.orderId,
      '--paid-transaction',
      paid.transactionId,
    ])
    expect(out).toContain(
      `--paid-transaction ${paid.transactionId} belongs to order ${paid.orderId} at the target, not --paid-order ` +
        `${other.orderId}`,
    )
  })

  it('on Ctrl-C (SIGINT) stops after the request in flight, cancels the orders it made, exits 130', async () => {
    const { target, run, orders } = await verifyHeldAtQr()
    try {
      run.child.kill('SIGINT')
      const { code, err } = await run.done
      expect(err).toContain('SIGINT: stopping, then cancelling the orders it made')
      expect(err).toContain('stopped (SIGINT); the orders it had made were cancelled')
      expect(code).toBe(130)
      const made = await orders()
      expect(made).toHaveLength(2)
      expect(made.map((o) => [o.status, o.cancelReason])).toEqual([
        ['cancelled', 'merchant-gateway-mock verify: cancelling the order it made'],
        ['cancelled', 'merchant-gateway-mock verify: cancelling the order it made'],
      ])
    } finally {
      await stopCli(target)
    }
  })

  it('a second signal ends the run at once and names the orders it leaves open at the target', async () => {
    const { target, run, orders } = await verifyHeldAtQr()
    try {
      run.child.kill('SIGTERM')
      await new Promise((resolve) => setTimeout(resolve, 200))
      run.child.kill('SIGINT')
      const { code, err } = await run.done
      const left = (await orders()).filter((o) => o.status === 'pending').map((o) => o.orderId)
      expect(left).toHaveLength(2)
      expect(err).toContain(`stopped at once; orders left open at the target: ${left.join(', ')} (cancel them with`)
      expect(code).toBe(130)
    } finally {
      await stopCli(target)
    }
  })

  it('a slow target: an answer whose body comes after --timeout is a row, the orders cancelled, exit 1', async () => {
    // The QR code's answer starts at once; its body would come two minutes later. The run neither waits nor
    // crashes. (--timeout 5: every other answer comes well within it, even on a loaded machine.)
    const { code, out, err } = await verifyThrough(
      mock.url,
      {
        intercept: (path, res) => {
          if (path !== '/api/v1/payment-gateway/payment/generate-qr') return false
          res.writeHead(200, { 'content-type': 'application/json' })
          res.write('{"qr_code":')
          const late = setTimeout(() => res.end('"late"}'), 120_000)
          res.once('close', () => clearTimeout(late))
          return true
        },
      },
      ['--timeout', '5'],
    )
    expect(out).toMatch(/^generate QR\s+200 bare\s+no answer\s+DRIFT$/m)
    expect(out).toContain('the target did not answer generate QR (no answer within 5 s), and the')
    expect(out).toMatch(/^cancel order \(storeId\)\s+200 bare\s+200 bare\s+SAME$/m)
    expect(out).toMatch(/^DRIFT in \d+ of \d+ checks/m)
    expect(err).toBe('')
    expect(code).toBe(1)
  })

  it('a target that resets connections: the reset is a row and a hint, the orders are cancelled, exit 1', async () => {
    const { code, out, err } = await verifyThrough(mock.url, {
      intercept: (path, res) => {
        if (path !== '/api/v1/payment-gateway/payment/generate-qr') return false
        res.socket?.resetAndDestroy()
        return true
      },
    })
    expect(out).toMatch(/^generate QR\s+200 bare\s+no answer\s+DRIFT$/m)
    expect(out).toMatch(/the target did not answer generate QR \(fetch failed: [^)]+\), and the \d+ steps after it/)
    expect(out).toMatch(/^cancel order \(store_id\)\s+200 bare\s+200 bare\s+SAME$/m)
    expect(err).toBe('')
    expect(code).toBe(1)
  })

  it('a target that answers a web page (HTML): every row says so, a hint names --base-url, exit 1', async () => {
    const page = await plainServer((req, res) => {
      req.resume()
      const html = '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>'
      res.writeHead(502, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(html) })
      res.end(html)
    })
    try {
      const { code, out, err } = await runVerify(['--base-url', page.url, ...DEMO])
      expect(out).toMatch(/^list stores\s+200 envelope\s+502 not-json\s+DRIFT$/m)
      expect(out).toContain('drift: target breaks the contract: Content-Type text/html where the contract has')
      expect(out).toMatch(
        /the target answered \d+ request\(s\) with a body that is not JSON \(list stores: 502, text\/html\)/,
      )
      expect(out).toContain("is --base-url the API's address, not a web page or a proxy's error page?")
      expect(err).toBe('')
      expect(code).toBe(1)
    } finally {
      await page.close()
    }
  })

  it('a --bearer no request can carry (a non-ASCII letter): rows and a hint, not a crash, exit 1', async () => {
    const { code, out, err } = await runVerify(['--base-url', mock.url, ...DEMO, '--bearer', 'tök€n'])
    expect(out).toMatch(/^PIN: verify-pin, missing field\s+400 pin-envelope invalid_request\s+no answer\s+DRIFT$/m)
    expect(out).toContain('verify could not build the request of PIN: verify-pin, missing field (')
    expect(out).toContain('a line break or a non-ASCII letter in --bearer?')
    // The gateway's checks ran all the same.
    expect(out).toMatch(
      /^probe: bad signature\s+401 code-error invalid_signature\s+401 code-error invalid_signature\s+SAME$/m,
    )
    expect(err).toBe('')
    expect(code).toBe(1)
  })
})
