/**
 * @module snapshot
 * The file format of a saved mock state: what `mock.snapshot()` (and `GET /__mock/snapshot` without a
 * `limit`) writes and what `mock.load()`, `POST /__mock/snapshot`, `createMockGateway({ state })` and the
 * CLI's `--state <file>` read back. A document names its format (`format: 1`) and carries the raw records
 * (`state`): minor units, epoch milliseconds, API keys, PIN hashes and code hashes, every id sequence, the
 * clock, the armed webhook switches and faults. Whatever else a snapshot holds (its lists for people: views
 * in major units, newest first) is derived from the records and not read back.
 *
 * The shapes here are checked field by field; the rules that span records (ids that collide, references,
 * the ledger adding up, id sequences above the ids in use) are checked by the mock when it loads a state.
 */
import * as z from 'zod/mini'
import {
  accountRecordSchema,
  balanceRecordSchema,
  idempotencyRecordSchema,
  merchantRecordSchema,
  orderRecordSchema,
  otpSessionRecordSchema,
  outboxRecordSchema,
  qrRecordSchema,
  storeRecordSchema,
  transactionRecordSchema,
  userRecordSchema,
  webhookRecordSchema,
} from './state-records.js'

/**
 * The format this contract reads and writes. A document of another format (or none) is refused, not guessed at.
 *
 * @example
 * ```ts
 * const saved = await mock.snapshot()
 * saved.format === MOCK_SNAPSHOT_FORMAT // true
 * ```
 */
export const MOCK_SNAPSHOT_FORMAT = 1

const nextId = /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.int(), /* @__PURE__ */ z.positive())

/**
 * The mock clock in a saved state: where it stood (epoch milliseconds) and whether it stands still there
 * (`frozen`) or runs on with real time from there.
 *
 * @example
 * ```ts
 * mockClockStateSchema.parse({ now: 1793610000000, frozen: true })
 * ```
 */
export const mockClockStateSchema = /* @__PURE__ */ z.object({
  now: /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.int(), /* @__PURE__ */ z.nonnegative()),
  frozen: /* @__PURE__ */ z.boolean(),
})

/**
 * The next id each sequence hands out: each must be above every id of its kind in use (an application id is
 * not checked: a merchant's `appId` may be chosen, and the sequence only makes the others).
 *
 * @example
 * ```ts
 * mockNextIdsSchema.parse({ merchant: 2, app: 100002, store: 102, order: 1001, transaction: 700001,
 *   webhook: 1, user: 5001, outbox: 1, fault: 1 })
 * ```
 */
export const mockNextIdsSchema = /* @__PURE__ */ z.object({
  merchant: nextId,
  app: nextId,
  store: nextId,
  order: nextId,
  transaction: nextId,
  webhook: nextId,
  user: nextId,
  outbox: nextId,
  fault: nextId,
})

/**
 * The next-webhook switches a test armed and no webhook has used yet: `duplicateNext` (POSTed twice),
 * `holdNext` (sent after the merchant's following webhook), `staleNextSeconds` (stamped that far in the
 * past; 0 when not armed).
 *
 * @example
 * ```ts
 * webhookSwitchesSchema.parse({ duplicateNext: false, holdNext: true, staleNextSeconds: 0 })
 * ```
 */
export const webhookSwitchesSchema = /* @__PURE__ */ z.object({
  duplicateNext: /* @__PURE__ */ z.boolean(),
  holdNext: /* @__PURE__ */ z.boolean(),
  staleNextSeconds: /* @__PURE__ */ z
    .number()
    .check(/* @__PURE__ */ z.nonnegative(), /* @__PURE__ */ z.maximum(31_536_000)),
})

/**
 * A fault armed on a route of the service, and how many times it still fires.
 *
 * @example
 * ```ts
 * faultRecordSchema.parse({ id: 1, route: 'POST /api/v1/payment-gateway/order/refund', kind: 'drop-response',
 *   status: 500, delayMs: 1000, remaining: 1 })
 * ```
 */
export const faultRecordSchema = /* @__PURE__ */ z.object({
  id: nextId,
  route: /* @__PURE__ */ z.string(),
  kind: /* @__PURE__ */ z.enum(['latency', 'error', 'network', 'drop-response']),
  status: /* @__PURE__ */ z
    .number()
    .check(/* @__PURE__ */ z.int(), /* @__PURE__ */ z.minimum(400), /* @__PURE__ */ z.maximum(599)),
  delayMs: /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.nonnegative(), /* @__PURE__ */ z.maximum(600_000)),
  remaining: /* @__PURE__ */ z.union([
    /* @__PURE__ */ z
      .number()
      .check(/* @__PURE__ */ z.int(), /* @__PURE__ */ z.minimum(1), /* @__PURE__ */ z.maximum(1_000_000)),
    /* @__PURE__ */ z.literal('always'),
  ]),
})

/**
 * Everything a mock holds that a test can observe or that decides what it answers next, as raw records in the
 * order the mock keeps them (the order they were made). What a mock derives from them (indexes, the
 * settlement queue, scheduled webhook attempts, expiries, the contract era) is rebuilt when it loads them.
 *
 * @example
 * ```ts
 * const { state } = await mock.snapshot()
 * state?.balances.find((b) => b.currency === 'USD')?.balanceMinor // e.g. 100000 (USD 1,000.00)
 * ```
 */
export const mockStateSchema = /* @__PURE__ */ z.object({
  clock: mockClockStateSchema,
  nextIds: mockNextIdsSchema,
  merchants: /* @__PURE__ */ z.array(merchantRecordSchema),
  stores: /* @__PURE__ */ z.array(storeRecordSchema),
  accounts: /* @__PURE__ */ z.array(accountRecordSchema),
  balances: /* @__PURE__ */ z.array(balanceRecordSchema),
  orders: /* @__PURE__ */ z.array(orderRecordSchema),
  qrCodes: /* @__PURE__ */ z.array(qrRecordSchema),
  transactions: /* @__PURE__ */ z.array(transactionRecordSchema),
  idempotency: /* @__PURE__ */ z.array(idempotencyRecordSchema),
  webhooks: /* @__PURE__ */ z.array(webhookRecordSchema),
  users: /* @__PURE__ */ z.array(userRecordSchema),
  otpSessions: /* @__PURE__ */ z.array(otpSessionRecordSchema),
  outbox: /* @__PURE__ */ z.array(outboxRecordSchema),
  webhookSwitches: webhookSwitchesSchema,
  faults: /* @__PURE__ */ z.array(faultRecordSchema),
})

/**
 * A document a mock can load: its format and the state. Other fields (a snapshot's lists for people) are
 * allowed and ignored: they are views of the same records.
 *
 * @example
 * ```ts
 * const document = mockSnapshotDocumentSchema.parse(JSON.parse(readFileSync('scenario.json', 'utf8')))
 * document.state.merchants.length
 * ```
 */
export const mockSnapshotDocumentSchema = /* @__PURE__ */ z.looseObject({
  format: /* @__PURE__ */ z.literal(MOCK_SNAPSHOT_FORMAT),
  state: mockStateSchema,
})

/**
 * The clock of a saved state.
 *
 * @example
 * ```ts
 * const clock: MockClockState = { now: Date.parse('2026-11-02T09:00:00Z'), frozen: true }
 * ```
 */
export type MockClockState = z.infer<typeof mockClockStateSchema>

/**
 * The id sequences of a saved state.
 *
 * @example
 * ```ts
 * const nextOrder = (ids: MockNextIds) => ids.order
 * ```
 */
export type MockNextIds = z.infer<typeof mockNextIdsSchema>

/**
 * The armed next-webhook switches of a saved state.
 *
 * @example
 * ```ts
 * const none: WebhookSwitches = { duplicateNext: false, holdNext: false, staleNextSeconds: 0 }
 * ```
 */
export type WebhookSwitches = z.infer<typeof webhookSwitchesSchema>

/**
 * A fault of a saved state.
 *
 * @example
 * ```ts
 * const always = (f: FaultRecord) => f.remaining === 'always'
 * ```
 */
export type FaultRecord = z.infer<typeof faultRecordSchema>

/**
 * The state a mock saves and loads.
 *
 * @example
 * ```ts
 * const orders = (state: MockState) => state.orders.length
 * ```
 */
export type MockState = z.infer<typeof mockStateSchema>

/**
 * A document a mock can load.
 *
 * @example
 * ```ts
 * const scenario: MockSnapshotDocument = { format: 1, state: (await mock.snapshot()).state! }
 * ```
 */
export type MockSnapshotDocument = z.infer<typeof mockSnapshotDocumentSchema>
