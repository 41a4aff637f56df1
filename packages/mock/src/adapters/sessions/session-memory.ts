/**
 * @module adapters/sessions/session-memory
 * What a session holds, estimated from what it counts. Every session lives in the server's one heap, so the
 * heap cannot say which session holds what; the mock's `stats()` counts each session's records and logged
 * requests exactly, so the estimate is those counts times sizes measured on this mock (`npm run bench:sessions
 * -w @merchant-gateway/mock` prints the measured figures beside the estimate): a session made and nothing
 * else, a record (orders, transactions, webhooks, ... alike: their mean), an entry of the request log.
 */
import type { MockStats } from '../../control/control-snapshot.js'

/**
 * The estimate's sizes, in bytes of heap: an empty session (its mock with the demo merchant, its app and
 * routes), one record of any table, one request log entry. Measured with `npm run bench:sessions -w
 * @merchant-gateway/mock` (heap after a full collection, Node 24): an empty session about 153 KB; a session's
 * paid order made over HTTP (the order, its payment, its webhook and the logged request) about 4 KB, so a
 * record about 1.2 KB and a log entry 0.5 KB, rounded up: a cap is better reached early than late.
 *
 * @example
 * ```ts
 * SESSION_BYTES.empty + 3 * SESSION_BYTES.record // an empty session and one paid order (order, payment, webhook)
 * ```
 */
export const SESSION_BYTES = Object.freeze({ empty: 160 * 1024, record: 1200, logEntry: 500 })

/**
 * The estimated bytes a session holds, from its `stats()`.
 *
 * @example
 * ```ts
 * sessionMemory(await session.mock.stats()) // 163_840 for a session just made
 * ```
 */
export function sessionMemory(stats: Pick<MockStats, 'records' | 'requestLog'>): number {
  let records = 0
  for (const held of Object.values(stats.records)) records += held
  return SESSION_BYTES.empty + records * SESSION_BYTES.record + stats.requestLog * SESSION_BYTES.logEntry
}
