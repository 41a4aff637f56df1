/**
 * @module test/e2e/verify-run
 * `merchant-gateway-mock verify` as a child process for the e2e suites (cli-verify*.e2e.test.ts): started, run to
 * its end, run through an altered server, or held at a request in flight; and what the suites ask of a target
 * server (a paid order, a JSON POST).
 */
import { expect } from 'vitest'
import { cliArgs, spawnGroup, startCli } from './cli-process.js'
import { type Alteration, alteredServer } from './verify-targets.js'

/** The demo merchant's credentials, as `verify` takes them. */
export const DEMO = ['--api-key', 'mk_test_demo', '--api-secret', 'sk_test_demo']

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
export function runVerify(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return startVerify(args).done
}

/** Runs `verify` (demo credentials, then `args`) against an altered server in front of `upstream`, closed after. */
export async function verifyThrough(upstream: string, alteration: Alteration, args: string[] = []) {
  const altered = await alteredServer(upstream, alteration)
  try {
    return await runVerify(['--base-url', `${altered.url}${alteration.under ?? ''}/`, ...DEMO, ...args])
  } finally {
    await altered.close()
  }
}

/** The fixed one-time code the target server accepts, as a sandbox's development environment does. */
export const DEV_CODE = '246810'
const DEMO_KEY = { 'X-Api-Key': 'mk_test_demo' }

/** A JSON POST to the target server (the control API needs no token on 127.0.0.1); the parsed answer. */
export async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { data?: unknown } }
}

/** A paid order of the target, made as a sandbox team makes one: created, then paid by a customer. */
export async function paidOrderOf(base: string): Promise<{ orderId: string; transactionId: string }> {
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
export async function verifyHeldAtQr() {
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
