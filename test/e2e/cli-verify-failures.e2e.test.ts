/**
 * @module test/e2e/cli-verify-failures.e2e.test
 * `merchant-gateway-mock verify` as a user runs it, a child process, against targets that fail the run itself
 * or part of it: a closed port, a silent target, one that stops answering mid-run, a sandbox under a path, a wrong
 * secret, a paid transaction of another order, a run stopped by one signal or two, a slow body, reset
 * connections, a web page, a bearer token no request can carry. The drift it finds is cli-verify.e2e.test.ts's.
 * Every process started here runs in its own process group, killed after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cli, freePort, startCli, stopCli } from './cli-process.js'
import { plainServer } from './verify-targets.js'
import { DEMO, paidOrderOf, runVerify, verifyHeldAtQr, verifyThrough } from './verify-run.js'

// Each test runs `verify` once or twice as a child process (a few seconds each, up to ten on a loaded machine):
// room enough that a loaded machine never fails one.
describe('merchant-gateway-mock verify, when the target fails the run', { timeout: 240_000 }, () => {
  let mock: Cli

  beforeAll(async () => {
    // Off Prism: the targets in front of it are meant to break the contract.
    mock = await startCli(['serve', '--port', '0', '--quiet'], { behindPrism: false })
  }, 240_000)
  afterAll(async () => {
    if (mock) await stopCli(mock)
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
