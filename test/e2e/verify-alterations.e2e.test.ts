/**
 * @module test/e2e/verify-alterations.e2e.test
 * `verify` finds what a real service can get wrong. A mock server on 127.0.0.1 stands in for the sandbox; an
 * altered server in front of it changes one thing at a time, the way a real service could differ from the mock:
 * a value the contract fixes but no schema holds (statusCode against the HTTP status, a closed set of values, a
 * documented duration or count, the Content-Type, a UTC timestamp, an amount's precision), or a behaviour (a
 * replayed idempotency key, the same key with another body, a refund over what is left, the count of wrong PINs
 * and one-time codes). At least two different alterations of each class, each found by name, and the unaltered
 * server never drifts. `verify` runs in this process as the CLI runs it (its parser, its exit status), against
 * real HTTP servers; cli-verify.e2e.test.ts runs it as a child process.
 */
import { DEMO_MERCHANT, type MockServer, startMockServer } from '@merchant-gateway/mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCli } from '../../packages/mock/src/cli/args.js'
import { verify } from '../../packages/mock/src/cli/verify.js'
import { type Alteration, type Altered, alteredServer, type Exchange } from './verify-targets.js'

const DEMO = ['--api-key', DEMO_MERCHANT.apiKey, '--api-secret', DEMO_MERCHANT.apiSecret]
const DEV_CODE = '246810'
const PIN = '482913'
const PATHS = {
  stores: '/api/v1/payment-gateway/stores/list',
  balance: '/api/v1/payment-gateway/balance-inquiry',
  create: '/api/v1/payment-gateway/order/create',
  qr: '/api/v1/payment-gateway/payment/generate-qr',
  detail: '/api/v1/payment-gateway/payment/transaction-detail',
  cancel: '/api/v1/payment-gateway/order/cancel',
  refund: '/api/v1/payment-gateway/order/refund',
  payout: '/api/v1/payment-gateway/order/payout',
  verifyPin: '/api/v1/auth/verify-pin',
  forgotPin: '/api/v1/auth/forgot-pin',
  verifyOtp: '/api/v1/auth/verify-otp',
}

let target: MockServer

beforeAll(async () => {
  target = await startMockServer({ port: 0, seed: [DEMO_MERCHANT], otpDevCode: DEV_CODE })
}, 60_000)
afterAll(async () => {
  await target?.close()
})

/** `verify` as the CLI runs it (its parser and exit status), in this process: the status and what it printed. */
async function runVerify(baseUrl: string, args: readonly string[]) {
  const parsed = parseCli(['verify', '--base-url', baseUrl, ...DEMO, ...args], 'test')
  if (parsed.command !== 'verify') throw new Error(`not a verify command line: ${JSON.stringify(parsed)}`)
  const out: string[] = []
  const code = await verify(parsed, { out: (line) => out.push(line), err: (line) => out.push(line) })
  return { code, out: out.join('\n') }
}

/** A JSON POST to the target (the control API needs no token on 127.0.0.1); the parsed answer. */
async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, target.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return (await res.json()) as Record<string, unknown>
}

let users = 0

/** Every flag: a paid order of the target (USD 5, made and paid as a sandbox team does) and a user of its own. */
async function everyFlag(): Promise<string[]> {
  const order = await post(PATHS.create, { storeId: 101, amount: 5, currency: 'USD' }, { 'X-Api-Key': 'mk_test_demo' })
  const payment = await post('/__mock/payments', { orderId: Number(order.order_id), status: 'SUCCESS' })
  const email = `qa${++users}@example.com`
  const user = await post('/__mock/users', { email, emailVerified: true })
  return [
    ...['--paid-order', String(payment.orderId), '--paid-transaction', String(payment.transactionId)],
    ...['--money', '--payout-account', '100200300'],
    ...['--bearer', String(user.accessToken), '--pin', PIN, '--email', email, '--otp', DEV_CODE],
  ]
}

/** `verify` through a server that alters the target's answers; with `full`, every flag. */
async function through(alteration: Alteration, { full = false, args = [] as string[] } = {}) {
  const front = await alteredServer(target.url, alteration)
  try {
    return await runVerify(front.url, [...(full ? await everyFlag() : []), ...args])
  } finally {
    await front.close()
  }
}

/** Alters the answers to requests on `path` (any status) with `change`; others pass. */
const on =
  (path: string, change: (exchange: Exchange) => Altered | undefined): Alteration['rewrite'] =>
  (exchange) =>
    exchange.path === path ? change(exchange) : undefined

type Json = Record<string, unknown>
const obj = (value: unknown) => value as Json
const dataOf = (exchange: Exchange) => obj(obj(exchange.body).data)

/** The same instant written with an offset of `hours` (`+07:00`), not `Z`. */
function withOffset(iso: string, hours: number): string {
  const local = new Date(Date.parse(iso) + hours * 3_600_000).toISOString().slice(0, 19)
  const sign = hours < 0 ? '-' : '+'
  return `${local}${sign}${String(Math.abs(hours)).padStart(2, '0')}:00`
}

interface Case {
  label: string
  alteration: Alteration
  /** Every flag (a paid order, money, the PIN flows). */
  full?: boolean
  /** The check's row, drifting. */
  row: string
  /** What the report says under it. */
  finds: string | RegExp
}

const valueCases: Case[] = [
  {
    label: 'statusCode: an envelope saying 201 in a 200',
    alteration: { path: PATHS.stores, alter: ({ status, body }) => ({ status, body: { ...body, statusCode: 201 } }) },
    row: 'list stores',
    finds: 'target breaks the contract: statusCode 201 where the HTTP status is 200',
  },
  {
    label: 'statusCode: a status-style 404 saying 400',
    alteration: {
      rewrite: on(PATHS.cancel, (x) =>
        x.status === 404 ? { status: 404, body: { ...obj(x.body), statusCode: 400 } } : undefined,
      ),
    },
    row: 'probe: unknown order',
    finds: 'target breaks the contract: statusCode 400 where the HTTP status is 404',
  },
  {
    label: 'statusCode: a PIN refusal whose status_code is not its HTTP status',
    full: true,
    alteration: {
      rewrite: on(PATHS.verifyPin, (x) =>
        x.status === 422 ? { status: 422, body: { ...obj(x.body), status_code: 400 } } : undefined,
      ),
    },
    row: 'PIN: verify-pin, a wrong PIN',
    finds: 'target breaks the contract: status_code 400 where the HTTP status is 422',
  },
  {
    label: 'closed set: a new order whose status is "created"',
    alteration: { path: PATHS.create, alter: ({ status, body }) => ({ status, body: { ...body, status: 'created' } }) },
    row: 'create order \\(storeId\\)',
    finds:
      'target breaks the contract: status "created" is not one of the order states ' +
      '(pending, processing, completed, cancelled)',
  },
  {
    label: 'closed set: a transaction whose status is "SUCCESS"',
    full: true,
    alteration: { path: PATHS.detail, alter: ({ status, body }) => ({ status, body: { ...body, status: 'SUCCESS' } }) },
    row: 'transaction detail \\(GET\\)',
    finds: 'target breaks the contract: status "SUCCESS" is not one of the transaction states',
  },
  {
    label: 'closed set: a cancelled order whose status is "canceled"',
    alteration: {
      path: PATHS.cancel,
      alter: ({ status, body }) => ({ status, body: { ...body, status: 'canceled' } }),
    },
    row: 'cancel order \\(storeId\\)',
    finds: 'target breaks the contract: status "canceled" where a cancelled order is cancelled',
  },
  {
    label: 'closed set: a status-style 401 named "Forbidden"',
    alteration: {
      rewrite: on(PATHS.stores, (x) =>
        x.status === 401 ? { status: 401, body: { ...obj(x.body), error: 'Forbidden' } } : undefined,
      ),
    },
    row: 'probe: wrong API key',
    finds: 'target breaks the contract: error "Forbidden" where the name of status 401 is "Unauthorized"',
  },
  {
    label: 'closed set: a code-style error code the contract does not list',
    alteration: {
      rewrite: on(PATHS.payout, (x) =>
        x.status === 401
          ? { status: 401, body: { error: { ...obj(obj(x.body).error), code: 'signature_mismatch' } } }
          : undefined,
      ),
    },
    row: 'probe: bad signature',
    finds: `target breaks the contract: error code "signature_mismatch" is not one of the gateway's error codes`,
  },
  {
    label: 'duration: a QR code valid 15 minutes',
    alteration: {
      path: PATHS.qr,
      alter: ({ status, body }) => ({
        status,
        body: { ...body, expires_at: new Date(Date.parse(String(body.expires_at)) - 15 * 60_000).toISOString() },
      }),
    },
    row: 'generate QR',
    finds:
      'target breaks the contract: expires_at is 15 min after created_at of create order (store_id), where a QR ' +
      'code is valid 30 min (within 3 min)',
  },
  {
    label: 'duration: a QR code valid 2 hours',
    alteration: {
      path: PATHS.qr,
      alter: ({ status, body }) => ({
        status,
        body: { ...body, expires_at: new Date(Date.parse(String(body.expires_at)) + 90 * 60_000).toISOString() },
      }),
    },
    row: 'generate QR',
    finds: /expires_at is 120 min after created_at of create order \(store_id\), where a QR code is valid 30 min/,
  },
  {
    label: 'duration: an OTP session of 300 seconds',
    full: true,
    alteration: {
      path: PATHS.forgotPin,
      alter: ({ status, body }) => ({ status, body: { ...body, data: { ...obj(body.data), expires_at: 300 } } }),
    },
    row: 'PIN: forgot-pin \\(e-mail\\)',
    finds: 'target breaks the contract: expires_at 300 where an OTP session lasts 10 min (within 60 s)',
  },
  {
    label: 'Content-Type: text/plain on list stores',
    alteration: {
      path: PATHS.stores,
      alter: ({ status, body, headers }) => ({ status, body, headers: { ...headers, 'content-type': 'text/plain' } }),
    },
    row: 'list stores',
    finds: 'target breaks the contract: Content-Type text/plain where the contract has application/json',
  },
  {
    label: 'Content-Type: none on the PIN module’s answers',
    full: true,
    alteration: {
      rewrite: (x) =>
        x.path.startsWith('/api/v1/auth/')
          ? {
              status: x.status,
              body: x.body,
              headers: Object.fromEntries(Object.entries(x.headers).filter(([name]) => name !== 'content-type')),
            }
          : undefined,
    },
    row: 'PIN: set-pin',
    finds: 'target breaks the contract: Content-Type (none) where the contract has application/json',
  },
  {
    label: 'UTC: a new order’s created_at at +07:00',
    alteration: {
      path: PATHS.create,
      alter: ({ status, body }) => ({ status, body: { ...body, created_at: withOffset(String(body.created_at), 7) } }),
    },
    row: 'create order \\(storeId\\)',
    finds: /target breaks the contract: created_at "[\d-]+T[\d:]+\+07:00" is not an ISO 8601 UTC timestamp \(with Z\)/,
  },
  {
    label: 'UTC: a cancelled order’s cancelled_at at -05:00',
    alteration: {
      path: PATHS.cancel,
      alter: ({ status, body }) => ({
        status,
        body: { ...body, cancelled_at: withOffset(String(body.cancelled_at), -5) },
      }),
    },
    row: 'cancel order \\(store_id\\)',
    finds: /target breaks the contract: cancelled_at "[\d-]+T[\d:]+-05:00" is not an ISO 8601 UTC timestamp/,
  },
  {
    label: 'UTC: a refund’s transactionDate at +00:00',
    full: true,
    alteration: {
      path: PATHS.refund,
      alter: ({ status, body }) => {
        const data = obj(body.data)
        return {
          status,
          body: { ...body, data: { ...data, transactionDate: withOffset(String(data.transactionDate), 0) } },
        }
      },
    },
    row: 'refund, smallest amount \\(the paid order\\)',
    finds: /target breaks the contract: transactionDate "[\d-]+T[\d:]+\+00:00" is not an ISO 8601 UTC timestamp/,
  },
  {
    label: 'precision: a transaction of 5.001 USD',
    full: true,
    alteration: { path: PATHS.detail, alter: ({ status, body }) => ({ status, body: { ...body, amount: 5.001 } }) },
    row: 'transaction detail \\(GET\\)',
    finds: 'target breaks the contract: amount 5.001 has more decimals than USD has (2)',
  },
  {
    label: 'precision: half a riel in the KHR balance',
    alteration: {
      path: PATHS.balance,
      alter: ({ status, body }) => {
        const data = obj(body.data)
        const khr = obj(data.khr)
        const half = { ...khr, balance: Number(khr.balance) + 0.5, usable: Number(khr.usable) + 0.5 }
        return { status, body: { ...body, data: { ...data, khr: half } } }
      },
    },
    row: 'balance inquiry',
    finds: /target breaks the contract: khr\.balance \d+\.5 has more decimals than KHR has \(0\)/,
  },
  {
    label: 'precision: a usable USD balance that is not balance minus freeze',
    alteration: {
      path: PATHS.balance,
      alter: ({ status, body }) => {
        const data = obj(body.data)
        const usd = obj(data.usd)
        return { status, body: { ...body, data: { ...data, usd: { ...usd, usable: Number(usd.usable) - 1 } } } }
      },
    },
    row: 'balance inquiry',
    finds: /target breaks the contract: usd\.usable [\d.]+ is not balance [\d.]+ minus freeze [\d.]+/,
  },
]

/** The first answer under each idempotency key, to replay it where the target should refuse. */
function firstAnswers() {
  const first = new Map<string, Exchange>()
  return (x: Exchange) => {
    const key = x.requestHeaders['x-idempotent-key']
    if (key !== undefined && !first.has(key)) first.set(key, x)
    return key === undefined ? undefined : first.get(key)
  }
}

/** Counts wrong PINs over the whole run and never clears the count: a target whose right PIN clears nothing. */
function countNeverCleared(): Alteration['rewrite'] {
  let wrong = 0
  return on(PATHS.verifyPin, (x) => {
    if (x.status !== 422) return undefined
    wrong += 1
    return { status: 422, body: { ...obj(x.body), data: { attempts_remaining: 5 - wrong } } }
  })
}

const behaviourCases: Case[] = [
  {
    label: 'idempotent replay: the same answer without its replay marker',
    alteration: {
      rewrite: on(PATHS.refund, (x) =>
        x.headers['x-idempotent-replayed'] === undefined
          ? undefined
          : {
              status: x.status,
              body: x.body,
              headers: Object.fromEntries(Object.entries(x.headers).filter(([n]) => n !== 'x-idempotent-replayed')),
            },
      ),
    },
    row: 'idempotency: the same key and body again',
    finds: 'target breaks the contract: the replay does not carry X-Idempotent-Replayed: true',
  },
  {
    label: 'idempotent replay: the refund processed a second time',
    full: true,
    alteration: {
      rewrite: on(PATHS.refund, (x) => {
        if (x.headers['x-idempotent-replayed'] === undefined || x.status !== 200) return undefined
        const data = dataOf(x)
        const headers = Object.fromEntries(Object.entries(x.headers).filter(([n]) => n !== 'x-idempotent-replayed'))
        return {
          status: 200,
          body: { ...obj(x.body), data: { ...data, transactionId: Number(data.transactionId) + 1 } },
          headers,
        }
      }),
    },
    row: 'refund, the same key and body again',
    finds: /target breaks the contract: the replay is not the first answer: data\.transactionId: (\d+), then (?!\1)\d+/,
  },
  {
    label: 'same key, other body: accepted',
    alteration: {
      rewrite: on(PATHS.refund, (x) =>
        obj(obj(x.body).error).code === 'idempotency_key_mismatch'
          ? { status: 200, body: { statusCode: 200, message: 'Success', data: {}, traceId: 'trc_altered' } }
          : undefined,
      ),
    },
    row: 'idempotency: the same key, another body',
    finds: 'target breaks the contract: the same X-Idempotent-Key with another body was not refused (200)',
  },
  {
    label: 'same key, other body: answered with the first answer',
    alteration: {
      rewrite: (() => {
        const firstOf = firstAnswers()
        return on(PATHS.refund, (x) => {
          const first = firstOf(x)
          if (obj(obj(x.body).error).code !== 'idempotency_key_mismatch' || first === undefined) return undefined
          return {
            status: first.status,
            body: first.body,
            headers: { ...first.headers, 'x-idempotent-replayed': 'true' },
          }
        })
      })(),
    },
    row: 'idempotency: the same key, another body',
    finds:
      'target breaks the contract: the same X-Idempotent-Key with another body was answered with the first ' +
      "request's answer, replayed",
  },
  {
    label: 'over-refund: accepted',
    full: true,
    alteration: {
      rewrite: on(PATHS.refund, (x) =>
        Number(obj(x.request).refundAmount) > 1
          ? { status: 200, body: { statusCode: 200, message: 'Success', data: {}, traceId: 'trc_altered' } }
          : undefined,
      ),
    },
    row: 'refund over what is left of the paid order',
    finds: /target breaks the contract: a refund of 5\.01 USD \(more than was paid\) was not refused \(200\)/,
  },
  {
    label: 'over-refund: refused, but the balance moved',
    full: true,
    alteration: {
      rewrite: (() => {
        let moved = false
        return (x: Exchange) => {
          if (x.path === PATHS.refund && Number(obj(x.request).refundAmount) > 1) moved = true
          if (x.path !== PATHS.balance || !moved || x.status !== 200) return undefined
          const data = dataOf(x)
          const usd = obj(data.usd)
          const less = { ...usd, balance: Number(usd.balance) - 5.01, usable: Number(usd.usable) - 5.01 }
          return { status: 200, body: { ...obj(x.body), data: { ...data, usd: less } } }
        }
      })(),
    },
    row: 'balance after the refused refund',
    finds: /target breaks the contract: the balance moved: usd\.balance: [\d.]+, then [\d.]+/,
  },
  {
    label: 'wrong PIN count: the attempts left do not go down',
    full: true,
    alteration: {
      rewrite: on(PATHS.verifyPin, (x) =>
        x.status === 422 ? { status: 422, body: { ...obj(x.body), data: { attempts_remaining: 4 } } } : undefined,
      ),
    },
    row: 'PIN: verify-pin, a second wrong PIN',
    finds: 'target breaks the contract: attempts_remaining 4 after the 2nd wrong PIN in a row, where 3 are left',
  },
  {
    label: 'wrong PIN count: the right PIN does not clear it',
    full: true,
    alteration: { rewrite: countNeverCleared() },
    row: 'PIN: verify-pin, a wrong PIN after the right one',
    finds:
      'target breaks the contract: attempts_remaining 2 after the 1st wrong PIN in a row (the right PIN before it ' +
      'cleared the count), where 4 are left',
  },
  {
    label: 'wrong code: accepted',
    full: true,
    alteration: {
      rewrite: on(PATHS.verifyOtp, (x) =>
        obj(x.request).otp_code !== DEV_CODE && x.status === 422
          ? {
              status: 200,
              body: {
                status_code: 200,
                message: 'OTP verified successfully',
                data: { success: true, message: 'verified', session_id: crypto.randomUUID() },
              },
            }
          : undefined,
      ),
    },
    row: 'PIN: verify-otp, a wrong code',
    finds: 'target breaks the contract: the 1st wrong code was not refused (200)',
  },
  {
    label: 'wrong code: the attempts left do not go down',
    full: true,
    alteration: {
      rewrite: on(PATHS.verifyOtp, (x) =>
        x.status === 422 ? { status: 422, body: { ...obj(x.body), data: { attempts_remaining: 4 } } } : undefined,
      ),
    },
    row: 'PIN: verify-otp, a second wrong code',
    finds: 'target breaks the contract: attempts_remaining 4 after the 2nd wrong code, where 3 are left',
  },
]

// A run takes about a second here, several on a loaded machine: room enough that load never fails one.
describe('verify finds each alteration of the target, one at a time', { timeout: 90_000 }, () => {
  it('the unaltered server, with every flag: every check the same, no drift, exit 0', async () => {
    const front = await alteredServer(target.url, {})
    try {
      const { code, out } = await runVerify(front.url, await everyFlag())
      expect(out).not.toMatch(/(DRIFT|NOTE)$/m)
      expect(out).not.toContain('breaks the contract')
      expect(out).toMatch(/no drift: \d+ checks/)
      expect(code).toBe(0)
    } finally {
      await front.close()
    }
  })

  it.each(valueCases)('a value the contract fixes, $label: found, exit 1', async ({ alteration, full, row, finds }) => {
    const { code, out } = await through(alteration, { full: full ?? false })
    expect(out).toMatch(new RegExp(`^${row}\\s.*DRIFT$`, 'm'))
    expect(out).toMatch(finds)
    expect(code).toBe(1)
  })

  it.each(behaviourCases)('a behaviour, $label: found, exit 1', async ({ alteration, full, row, finds }) => {
    const { code, out } = await through(alteration, { full: full ?? false })
    expect(out).toMatch(new RegExp(`^${row}\\s.*DRIFT$`, 'm'))
    expect(out).toMatch(finds)
    expect(code).toBe(1)
  })
})
