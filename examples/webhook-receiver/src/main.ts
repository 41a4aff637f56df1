/**
 * `npm start -w @merchant-gateway/example-webhook-receiver`: a webhook receiver you can point the gateway
 * (or the mock's HTTP server) at.
 *
 * Environment:
 * - `WEBHOOK_SECRET` (required): the merchant's API secret, the key of the webhooks' X-Signature.
 * - `PORT` (optional, default 3000; 0 picks a free port): where to listen, on 127.0.0.1.
 *
 * Logs each verified event and what the payments store made of it; stops on SIGINT (Ctrl-C) or SIGTERM.
 */
import { PaymentsStore, type ApplyOutcome } from './payments-store.js'
import { startWebhookReceiver } from './receiver.js'

const secret = process.env.WEBHOOK_SECRET
if (!secret) {
  console.error('Set WEBHOOK_SECRET to the merchant API secret (the mock CLI demo merchant uses sk_test_demo).')
  process.exit(2)
}
const port = Number(process.env.PORT || 3000)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT must be an integer from 0 to 65535, got ${JSON.stringify(process.env.PORT)}`)
  process.exit(2)
}

const store = new PaymentsStore({
  // The one place a side effect happens: once per order, however often its webhook arrives.
  onPaid: (payment) => console.log(`  -> order #${payment.orderId} is paid: fulfil it (once)`),
})

/** What to say about a webhook the store did not apply (an applied SUCCESS speaks through onPaid). */
const IGNORED: Record<Exclude<ApplyOutcome, 'applied'>, string> = {
  duplicate: 'a redelivery of what we hold: ignored',
  stale: 'older than what we hold (out of order): ignored',
}

const receiver = await startWebhookReceiver({
  apiSecret: secret,
  port,
  onEvent: (payload) => {
    const amount = payload.amount.toFixed(payload.currency === 'KHR' ? 0 : 2)
    const created = new Date(payload.createTimeMilli).toISOString()
    console.log(
      `verified ${payload.status} for order #${payload.orderId}, transaction ` +
        `#${payload.transactionId}, ${payload.currency} ${amount} (created ` +
        `${created})`,
    )
    const outcome = store.apply(payload)
    if (outcome !== 'applied') console.log(`  -> ${IGNORED[outcome]}`)
  },
})
console.log(`listening on ${receiver.url}`)

// Stop accepting deliveries, let the one in progress finish, then exit. A second signal exits at once.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`${signal}: shutting down`)
    process.once(signal, () => process.exit(1))
    receiver.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  })
}
