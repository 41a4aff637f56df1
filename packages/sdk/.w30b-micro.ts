import { withLazyMeta, withMeta } from './src/client/metadata.js'
const variant = process.argv[2]!
const N = 20_000
const fresh = () =>
  Array.from(
    { length: N },
    () =>
      new Response('{}', { headers: { 'x-trace-id': 'trc_1', 'content-type': 'application/json', date: 'Mon' } })
        .headers,
  )
function getters(headers: Headers) {
  return withMeta(
    { a: 1 },
    {
      status: 200,
      get traceId() {
        return headers.get('x-trace-id') ?? undefined
      },
      idempotencyKey: undefined,
      attempts: 1,
      get replayed() {
        return headers.get('x-idempotent-replayed') === 'true'
      },
    },
  )
}
function lazyPrinted(headers: Headers) {
  return withLazyMeta(
    { a: 1 },
    {
      status: 200,
      get traceId() {
        return headers.get('x-trace-id') ?? undefined
      },
      idempotencyKey: undefined,
      attempts: 1,
      get replayed() {
        return headers.get('x-idempotent-replayed') === 'true'
      },
    },
  )
}
function eager(headers: Headers) {
  return withMeta(
    { a: 1 },
    {
      status: 200,
      traceId: headers.get('x-trace-id') ?? undefined,
      idempotencyKey: undefined,
      attempts: 1,
      replayed: headers.get('x-idempotent-replayed') === 'true',
    },
  )
}
function none(headers: Headers) {
  return headers
}
const f = { getters, lazyPrinted, eager, none }[variant]!
const times: number[] = []
for (let round = 0; round < 25; round++) {
  const all = fresh()
  globalThis.gc?.()
  const t = performance.now()
  for (let i = 0; i < N; i++) f(all[i]!)
  times.push(((performance.now() - t) * 1e6) / N)
}
times.sort((a, b) => a - b)
console.log(`${variant}: median ${times[12]!.toFixed(0)} ns, p25 ${times[6]!.toFixed(0)}, p75 ${times[18]!.toFixed(0)}`)
