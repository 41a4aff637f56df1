/**
 * @module test/e2e/cli-verify.e2e.test
 * `merchant-gateway-mock verify` as a user runs it, a child process, against targets on 127.0.0.1 only: the
 * mock's own HTTP server (no drift, every flow), a server started in another contract era (drift, named), and
 * small altered servers in front of the mock's (a renamed field, a changed status, an id's type, a bare body
 * where the envelope belongs, the deprecation header: each found and named). Targets that fail the run itself
 * are cli-verify-failures.e2e.test.ts's. Every process started here runs in its own process group, killed after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cli, startCli, stopCli } from './cli-process.js'
import type { Alteration } from './verify-targets.js'
import { DEMO, DEV_CODE, paidOrderOf, post, runVerify, verifyThrough } from './verify-run.js'

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

  /** `verify` against the mock's own server as the demo merchant: one run, which two tests read. */
  let ownRun: ReturnType<typeof runVerify> | undefined
  const verifyOwn = () => (ownRun ??= runVerify(['--base-url', mock.url, ...DEMO]))

  it('finds no drift against the mock’s own server and exits 0', async () => {
    const { code, out } = await verifyOwn()
    expect(out).toMatch(/^check\s+mock\s+target\s+verdict/im)
    expect(out).not.toMatch(/DRIFT$/m)
    expect(out).toMatch(/no drift: \d+ checks/)
    expect(code).toBe(0)
  })

  it('says what it will do before any result: the requests, the orders it creates and cancels, no money', async () => {
    const { out } = await verifyOwn()
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
})
