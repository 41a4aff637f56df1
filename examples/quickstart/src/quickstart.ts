/**
 * @module quickstart
 * One day of a merchant backend, written with the SDK exactly as it would be against the real gateway,
 * but pointed at the in-process mock: the stores, an order, the customer's payment, the signed webhook,
 * a partial refund, a payout, the balance, and settlement a week later.
 *
 * Two kinds of calls appear below and it is worth keeping them apart when reading:
 * - `gateway.*` is the SDK: what your backend does in production.
 * - `mock.*` is the mock's control API: it plays everybody else (the merchant's mobile app that creates
 *   stores and shows the API secret, the customer who scans the QR code, the passing of time).
 */
import { GatewayClient, type Currency, type CurrencyBalance, type Logger } from '@merchant-gateway/sdk'
import { createWebhookHandler, type WebhookPayload } from '@merchant-gateway/sdk/webhooks'
import { createMockGateway } from '@merchant-gateway/mock'

/**
 * Where the mock clock starts: a Monday morning, so "5 business days" for the refund and "2 business
 * days" for the payout both end within the following week, and every run prints the same dates.
 */
export const START = '2026-11-02T09:00:00.000Z'

/** The address the merchant registered for webhooks. Nothing listens there: see `webhookFetch` below. */
export const WEBHOOK_URL = 'https://riverside-coffee.example/webhooks/gateway'

const DAY_MS = 86_400_000

/** What the quickstart did, for a test (or a curious reader) to check. Amounts in major units. */
export interface QuickstartSummary {
  merchantId: number
  storeId: number
  orderId: number
  paymentTransactionId: number
  refundTransactionId: number
  payoutTransactionId: number
  orderAmount: number
  refundAmount: number
  payoutAmount: number
  payoutAccountNumber: string
  /** The webhook the merchant's receiver accepted. */
  webhook: {
    /** True once the receiver checked the X-Signature with the API secret and handed over the payload. */
    verified: boolean
    payload: WebhookPayload
    /** How the mock recorded the receiver's answer, e.g. `HTTP 200`. */
    answer: string | undefined
  }
  /** USD figures while the refund and the payout are still processing. */
  balanceBeforeSettlement: CurrencyBalance
  /** USD figures once both have settled. */
  balanceAfterSettlement: CurrencyBalance
  refundStatusAfterSettlement: string
  payoutStatusAfterSettlement: string
  /** The mock clock at the start and at the end. */
  clock: { start: string; end: string }
  /** `mock.audit()`: every broken ledger invariant; `[]` when the books balance. */
  audit: string[]
  /** The test merchant's API key and secret as the mock issued them, so a test can check no line shows them. */
  credentials: { apiKey: string; apiSecret: string }
}

/**
 * Formats an amount as the gateway's currencies are usually written: USD with cents, KHR in whole riel.
 *
 * @example
 * ```ts
 * formatMoney(1234.5, 'USD') // 'USD 1,234.50'
 * formatMoney(40000, 'KHR')  // 'KHR 40,000'
 * ```
 */
export function formatMoney(amount: number, currency: Currency): string {
  const digits = currency === 'KHR' ? 0 : 2
  const figures = amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
  return `${currency} ${figures}`
}

/**
 * One currency's balance as one line: total = usable + frozen (the usable amount is the balance minus the freeze).
 *
 * @example
 * ```ts
 * formatBalance({ balance: 124.5, usable: 70, freeze: 54.5 }, 'USD') // 'USD 124.50 = usable 70.00 + freeze 54.50'
 * ```
 */
export function formatBalance(figures: CurrencyBalance, currency: Currency): string {
  const plain = (amount: number) => formatMoney(amount, currency).slice(currency.length + 1)
  return `${formatMoney(figures.balance, currency)} = usable ${plain(figures.usable)} + freeze ${plain(figures.freeze)}`
}

/**
 * Runs the merchant's day against a fresh in-process mock and prints each step through `log`
 * (numbered, one or two lines each). Nothing leaves the process: the SDK's requests go through
 * `mock.fetch`, and the webhook reaches the merchant's receiver through the mock's `webhookFetch`.
 *
 * @param options.log - where the step lines go; default `console.log`.
 * @returns the ids, amounts and balances of the run, the verified webhook and the ledger audit.
 * @throws when a step does not happen as it should (e.g. no verified webhook arrived): a quickstart that
 *   silently skipped a step would teach the wrong thing.
 * @example
 * ```ts
 * const summary = await runQuickstart({ log: (line) => lines.push(line) })
 * summary.balanceAfterSettlement // { balance: 70, freeze: 0, usable: 70 }
 * ```
 */
export async function runQuickstart({
  log = console.log,
}: {
  log?: (line: string) => void
} = {}): Promise<QuickstartSummary> {
  let stepNumber = 0
  const step = (line: string, detail?: string) => {
    stepNumber++
    log(`${String(stepNumber).padStart(2)}. ${line}`)
    if (detail !== undefined) log(`    ${detail}`)
  }

  // The merchant's webhook receiver, once it knows the API secret (step 1). Until then nothing is routed.
  let receiveWebhook: ((request: Request) => Promise<Response>) | undefined

  const mock = createMockGateway({
    // Frozen: the clock stands still between our moves, so settlement happens when *we* say "a week later",
    // and the printed figures are the same on every run.
    clock: { now: START, frozen: true },
    // The mock POSTs each webhook to the merchant's webhookUrl with this fetch. Instead of the network,
    // it hands the very same Request (raw body, Content-Type, X-Signature) to the receiver in this process.
    webhookFetch: async (input, init) => {
      const request = new Request(input, init)
      if (receiveWebhook === undefined || request.url !== WEBHOOK_URL) return new Response(null, { status: 404 })
      return receiveWebhook(request)
    },
  })
  // Everything that checks time (X-Timestamp on signed calls, createTimeMilli on webhooks) must read the
  // same clock as the gateway, or a frozen clock in 2026 would look like a replay from the past (or future).
  const mockNow = () => Date.parse(mock.clock.now())

  log(`Quickstart: a merchant backend on the SDK, against the in-process mock gateway at ${mock.baseUrl}`)
  log(`Mock clock frozen at ${mock.clock.now()} (a Monday)`)
  log('')

  // 1. The merchant signs up and adds a store in the mobile app (the API cannot create stores: the gateway
  //    documentation).
  //    The app's API configuration screen shows the API key and the API secret; we keep both.
  const merchant = await mock.merchants.create({
    name: 'Riverside Coffee',
    balances: { usd: 100 },
    webhookUrl: WEBHOOK_URL,
  })
  const store = await mock.stores.add(merchant.merchantId, {
    storeName: 'Riverside Coffee',
    address: '12 Sisowath Quay, Phnom Penh',
  })
  step(
    `Merchant #${merchant.merchantId} "Riverside Coffee" opened with ` +
      `${formatMoney(100, 'USD')}, store #${store.storeId} added (control ` +
      `API: the merchant's app)`,
    'The app shows the API key and the API secret; the secret stays on our ' +
      'server: it signs refunds and payouts, verifies webhooks',
  )

  // The SDK reports every attempt (method, path, status, attempt number, duration, idempotency key, why it
  // was a retry) through `logger`, with credentials redacted; in production pass your logger or `console`.
  const logger: Logger = {
    debug: (message) => log(`    [sdk] ${message}`),
    warn: (message) => log(`    [sdk] ${message}`),
  }

  // The backend's client. In production: baseUrl (or environments) of the real gateway and no fetch/now.
  const gateway = new GatewayClient({
    apiKey: merchant.apiKey,
    apiSecret: merchant.apiSecret,
    baseUrl: mock.baseUrl,
    fetch: mock.fetch,
    now: mockNow,
    logger,
  })

  // The backend's webhook endpoint: verifies X-Signature over the raw body with the API secret (and that
  // createTimeMilli is within 5 minutes of now) before onEvent sees anything; answers 200, 401 or 400.
  const received: WebhookPayload[] = []
  receiveWebhook = createWebhookHandler({
    secret: merchant.apiSecret,
    now: mockNow,
    onEvent: (payload) => {
      // A real backend would mark the order paid here, idempotently (see the webhook-receiver example).
      received.push(payload)
    },
  })

  // 2. The API lists the stores; an order needs a storeId from this list.
  const stores = await gateway.stores.list()
  const listed = stores.find((s) => s.storeId === store.storeId)
  if (listed === undefined) throw new Error(`store #${store.storeId} is missing from the store list`)
  step(`Stores listed (SDK): ${stores.map((s) => `#${s.storeId} ${s.storeName}, ${s.address}`).join('; ')}`)

  // 3. A customer orders a coffee: the order carries the QR code they will scan.
  const orderAmount = 24.5
  const order = await gateway.orders.create({ storeId: listed.storeId, amount: orderAmount, currency: 'USD' })
  const orderId = Number(order.order_id)
  step(
    `Order #${orderId} created for ${formatMoney(orderAmount, 'USD')} at ` +
      `store #${listed.storeId}: status ${order.status}`,
    `QR code ${order.qr_code}`,
  )

  // 4. The customer scans and pays. `payments.create` resolves after the webhook delivery it started.
  const payer = { accountName: 'Chan Sophea', accountNumber: '099887766' }
  const payment = await mock.payments.create({ orderId, status: 'SUCCESS', payer })
  step(
    `Customer ${payer.accountName} paid order #${orderId} (control API): ` +
      `transaction #${payment.transactionId}, ${payment.status}`,
  )

  // 5. The webhook reached our receiver and passed verification.
  const webhook = received.find((p) => p.transactionId === payment.transactionId)
  if (webhook === undefined) throw new Error(`no verified webhook arrived for transaction #${payment.transactionId}`)
  const answer = mock.webhooks
    .list()
    .find((w) => w.payload.transactionId === payment.transactionId)
    ?.attempts.at(-1)?.detail
  step(
    `Webhook received at ${WEBHOOK_URL}: ${webhook.status} for order ` +
      `#${webhook.orderId}, ${formatMoney(webhook.amount, webhook.currency)}, ` +
      `transaction #${webhook.transactionId}`,
    `X-Signature verified with the API secret over the raw body; our receiver answered ${answer}`,
  )

  // 6. The customer returns a pastry: a partial refund. Signed (X-Timestamp, X-Signature) and idempotent
  //    (X-Idempotent-Key): keep result.meta.idempotencyKey and a retry can never refund twice.
  const refundAmount = 4.5
  const refund = await gateway.refunds.create({ orderId, amount: refundAmount })
  step(
    `Partial refund of ${formatMoney(refund.amount, refund.currency)} on ` +
      `order #${orderId} to ${refund.accountName} (signed): transaction #${refund.transactionId}`,
    `idempotency key ${refund.meta.idempotencyKey}; settles in 3-5 business days`,
  )

  // 7. The merchant moves money to the bank account registered in the app.
  const account = { accountNumber: '001234567', accountName: 'Riverside Coffee Co., Ltd.' }
  await mock.accounts.add(merchant.merchantId, account)
  const payoutAmount = 50
  const payout = await gateway.payouts.create({
    accountNumber: account.accountNumber,
    amount: payoutAmount,
    currency: 'USD',
  })
  step(
    `Payout of ${formatMoney(payout.amount, payout.currency)} to ${payout.accountNumber} ` +
      `(${payout.accountName}) (signed): transaction #${payout.transactionId}`,
    `idempotency key ${payout.meta.idempotencyKey}; settles in 1-2 business days`,
  )

  // 8. Both are processing: the money is still in the balance, but frozen, so not usable.
  const before = (await gateway.balance.retrieve()).usd
  step(`Balance while the refund and the payout are processing: ${formatBalance(before, 'USD')}`)

  // 9. A week passes on the mock clock. Moving it settles whatever fell due (refund after 5 business days,
  //    payout after 2); no real time passes.
  await mock.clock.advance(7 * DAY_MS)
  const refundTx = await gateway.transactions.retrieve(refund.transactionId)
  const payoutTx = await gateway.transactions.retrieve(payout.transactionId)
  const after = (await gateway.balance.retrieve()).usd
  step(
    `A week later (mock clock ${mock.clock.now()}): refund ${refundTx.status}, payout ${payoutTx.status}`,
    `Balance after settlement: ${formatBalance(after, 'USD')}`,
  )

  // 10. The mock recomputes every balance from the transactions: nothing lost, nothing created.
  const audit = mock.audit()
  step(`Ledger audit: ${audit.length === 0 ? 'clean, every balance matches its transactions' : audit.join('; ')}`)

  return {
    merchantId: merchant.merchantId,
    storeId: listed.storeId,
    orderId,
    paymentTransactionId: payment.transactionId,
    refundTransactionId: refund.transactionId,
    payoutTransactionId: payout.transactionId,
    orderAmount,
    refundAmount: refund.amount,
    payoutAmount: payout.amount,
    payoutAccountNumber: payout.accountNumber,
    webhook: { verified: true, payload: webhook, answer },
    balanceBeforeSettlement: { balance: before.balance, freeze: before.freeze, usable: before.usable },
    balanceAfterSettlement: { balance: after.balance, freeze: after.freeze, usable: after.usable },
    refundStatusAfterSettlement: refundTx.status,
    payoutStatusAfterSettlement: payoutTx.status,
    clock: { start: START, end: mock.clock.now() },
    audit,
    credentials: { apiKey: merchant.apiKey, apiSecret: merchant.apiSecret },
  }
}
