/**
 * @module meta.bench
 * Benchmark: what a gateway result's `meta` costs to build, read now as plain values (`traceId` from the
 * envelope or the `X-Trace-Id` header, `replayed` from `X-Idempotent-Replayed`: two header reads) against the
 * getters that used to put the header reads off until a program looked, and that `console.log(result.meta)`
 * printed as `[Getter]`. The Headers come from real `Response` objects, one per result, as each call has its own.
 *
 * Method: rounds, each timing a block of results of both ways in turn (the order reversed every other round)
 * from a collected heap; process CPU per result, the median of the rounds and of the per-round differences
 * (both sides of a pair run in the same round, so a slow spell of a shared machine cancels out).
 *
 * Run: `node --expose-gc --conditions=@merchant-gateway/source --import tsx bench/meta.bench.ts` (in
 * packages/sdk). A measurement, not a test.
 */
import { HEADERS } from '@merchant-gateway/contract'
import { withMeta } from '../src/client/metadata.js'

const PER_BLOCK = 5_000
const ROUNDS = 40
const WARM_UP = 5

/** The answer's headers of `PER_BLOCK` results, as fetch hands them over. */
function answers(): Headers[] {
  return Array.from(
    { length: PER_BLOCK },
    () =>
      new Response('{}', {
        headers: { 'content-type': 'application/json', 'x-trace-id': 'trc_1', date: 'Mon, 02 Nov 2026 09:00:00 GMT' },
      }).headers,
  )
}

/** As before: the header reads put off in getters. */
function withGetters(headers: Headers) {
  return withMeta(
    { order_id: '1001' },
    {
      status: 200,
      get traceId() {
        return headers.get(HEADERS.traceId) ?? undefined
      },
      idempotencyKey: undefined,
      attempts: 1,
      get replayed() {
        return headers.get(HEADERS.idempotentReplayed) === 'true'
      },
    },
  )
}

/** As now: plain values. */
function withValues(headers: Headers) {
  return withMeta(
    { order_id: '1001' },
    {
      status: 200,
      traceId: headers.get(HEADERS.traceId) ?? undefined,
      idempotencyKey: undefined,
      attempts: 1,
      replayed: headers.get(HEADERS.idempotentReplayed) === 'true',
    },
  )
}

const ways = { getters: withGetters, values: withValues }
const cpu: Record<keyof typeof ways, number[]> = { getters: [], values: [] }
// Made once, outside the timing: no Response is made or collected while a block runs.
const headersOf = { getters: answers(), values: answers() }
const kept: unknown[] = []
for (let round = 0; round < WARM_UP + ROUNDS; round++) {
  const order = (Object.keys(ways) as (keyof typeof ways)[])[round % 2 ? 'reverse' : 'slice']()
  for (const way of order) {
    const headers = headersOf[way]
    kept.length = 0
    globalThis.gc?.()
    const start = process.cpuUsage()
    for (let i = 0; i < PER_BLOCK; i++) kept[i] = ways[way](headers[i]!)
    const used = process.cpuUsage(start)
    if (round >= WARM_UP) cpu[way].push(((used.user + used.system) * 1000) / PER_BLOCK)
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!
const quartiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return `${sorted[values.length >> 2]!.toFixed(0)} to ${sorted[(3 * values.length) >> 2]!.toFixed(0)} ns`
}
const difference = cpu.values.map((value, i) => value - cpu.getters[i]!)
console.log(`meta of a result, CPU per result (median of ${ROUNDS} rounds of ${PER_BLOCK}, p25 to p75):`)
console.log(`  getters (before) ${median(cpu.getters).toFixed(0)} ns (${quartiles(cpu.getters)})`)
console.log(`  values (now)     ${median(cpu.values).toFixed(0)} ns (${quartiles(cpu.values)})`)
console.log(`  values minus getters ${median(difference).toFixed(0)} ns (${quartiles(difference)})`)
