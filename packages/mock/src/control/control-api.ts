/**
 * @module control-api
 * The in-process control API: how a test acts as the outside world (the merchant's app, the customer,
 * the passing of time) and looks at the mock's state. Every state-changing call runs in the same serial
 * queue as the gateway's requests, so a test never observes half an operation. Bad input is refused
 * with a `RuleError` (status 4xx and a message), as the HTTP form of this API will answer.
 *
 * This module composes the API from one factory per area (control-merchants.ts, control-payments.ts,
 * control-clock.ts, control-users.ts, control-webhooks.ts, control-diagnostics.ts, control-snapshot.ts), each
 * given the helpers they share (control-context.ts); what the answers look like is in control-views.ts.
 * Each area's members are declared, with their docs, in an interface beside its factory: the declarations
 * TypeScript emits keep no comments of an object type inferred in another file, so without it the published
 * types would lose them. The interfaces are tagged `@inline`, so the reference shows the members in place.
 */
import { auditLedger } from '../domain/audit.js'
import type { GatewayRuntime } from '../http/runtime.js'
import { clockControl, settleControl } from './control-clock.js'
import { createControlContext } from './control-context.js'
import { faultsControl, requestsControl } from './control-diagnostics.js'
import { accountsControl, balancesControl, merchantsControl, storesControl } from './control-merchants.js'
import { ordersControl, paymentsControl, transactionsControl } from './control-payments.js'
import { load, snapshot, stats, type MockLoadSummary, type MockSnapshot, type MockStats } from './control-snapshot.js'
import { otpControl, usersControl } from './control-users.js'
import { webhooksControl } from './control-webhooks.js'

// The types of the answers, defined beside their builders, are named here too: one import for the whole API.
export type { MockLoadSummary, MockSnapshot, MockStats } from './control-snapshot.js'
export type {
  MerchantCredentials,
  MerchantView,
  OrderView,
  OtpMessage,
  ResetSessionView,
  TransactionView,
  UserView,
  WebhookView,
} from './control-views.js'

/**
 * Builds the control API of one instance.
 *
 * @example
 * ```ts
 * const { apiKey, apiSecret, merchantId } = await mock.merchants.create({ balances: { usd: 100 } })
 * const store = await mock.stores.add(merchantId, { storeName: 'Riverside', address: '1 Main St' })
 * ```
 */
export function createControlApi(runtime: GatewayRuntime) {
  const control = createControlContext(runtime)
  return {
    merchants: merchantsControl(control),
    stores: storesControl(control),
    accounts: accountsControl(control),
    payments: paymentsControl(control),
    clock: clockControl(control),
    /** Completes (or fails and reverses) every refund and payout that is due now, and runs due webhook retries. */
    settle: settleControl(control),
    webhooks: webhooksControl(control),
    faults: faultsControl(control),
    /** A merchant's USD and KHR figures, as balance inquiry would show them. */
    balances: balancesControl(control),
    orders: ordersControl(control),
    transactions: transactionsControl(control),
    users: usersControl(control),
    otp: otpControl(control),
    requests: requestsControl(control),
    /** Every broken ledger invariant, recomputed from the transactions; `[]` when the books balance. */
    audit: (): string[] => auditLedger(runtime.ctx),
    /**
     * A number that changes whenever the mock's state may have: with every control operation and every
     * service request answered. A viewer polls it and reloads what it shows only when it moved.
     */
    version: (): number => control.version(),
    /**
     * The mock's state. Without `limit`, complete: every record, and `state`, which `load()` (and
     * `createMockGateway({ state })`, `POST /__mock/snapshot`, the CLI's `--state`) reads back. With `limit`
     * (1 to 500), a glance: the newest `limit` of each list, no `state` (what the inspector page shows).
     */
    snapshot: (options: { limit?: number } = {}): Promise<MockSnapshot> => snapshot(control, options),
    /**
     * Puts a saved state (a complete snapshot, or the file it was saved to, parsed) in place of the mock's
     * state: records, id sequences, clock, armed webhook switches and faults; what derives from them is
     * rebuilt. The whole document is checked first: a refusal is a `RuleError` 400 naming the field, and
     * changes nothing. `reset()` still goes back to the state the mock started from, not to this one.
     *
     * @example
     * ```ts
     * const { records } = await mock.load(JSON.parse(readFileSync('scenario.json', 'utf8')))
     * ```
     */
    load: (document: unknown): Promise<MockLoadSummary> => load(control, document),
    /** What the mock holds now (after dropping what expired by the mock clock): records per table and queued work. */
    stats: (): Promise<MockStats> => stats(control),
  }
}

/**
 * The control API of one instance.
 *
 * @example
 * ```ts
 * async function openShop(control: ControlApi) {
 *   const { merchantId } = await control.merchants.create({ balances: { usd: 100 } })
 *   return control.stores.add(merchantId, { storeName: 'Riverside', address: '1 Main St' })
 * }
 * await openShop(mock) // a MockGateway is a ControlApi
 * ```
 */
export type ControlApi = ReturnType<typeof createControlApi>
