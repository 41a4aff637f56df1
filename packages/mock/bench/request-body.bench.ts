/**
 * Benchmark: what reading a ready Request's body costs, each way public APIs offer, on the runtime's own
 * fetch (undici on Node). The Request is made as ky makes one: a JSON string body, a signal of its own and
 * a clone kept for retries (so its body is one branch of a tee), both bodies cancelled after the call, as
 * ky cancels them. Each way's figure is its CPU per call over making and cancelling that Request unread;
 * beside them, reading a Request made from a string and not cloned (what `mock.fetch` builds for a
 * hand-written call) over making it, and a string taken as it is. `mock.fetch` reads with a reader it
 * releases: `arrayBuffer()`, `text()` and `bytes()` leave the stream locked, and ky's cancel then fails.
 *
 *   npm run bench:request-body -w @merchant-gateway/mock
 *
 * Method: a warm-up of every way, then rounds, each running a block of calls of every way, the order
 * rotated from round to round and reversed every other round; per-round differences, their median and
 * middle half (p25 to p75). A measurement, not a test: it exits 0 whatever the figures.
 */
const URL_ON_MOCK = 'https://gateway.mock/api/v1/payment-gateway/order/create'
const BODY = JSON.stringify({ storeId: 101, amount: 12.5, currency: 'USD' })
const HEADERS = { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': 'mk_bench' }
const ROUNDS = 15
const CALLS = 2_000
const WARMUP = 3_000

/** Fatal, as the mock's: bytes that are not UTF-8 must throw (its 400). */
const DECODER = new TextDecoder('utf-8', { fatal: true })

/** A Request as ky sends one, and the clone ky keeps for retries. */
function kyRequest(): { sent: Request; kept: Request } {
  const sent = new Request(URL_ON_MOCK, {
    method: 'POST',
    headers: HEADERS,
    body: BODY,
    signal: new AbortController().signal,
  })
  return { sent, kept: sent.clone() }
}

/** ky's cancels after a call: failures (a locked stream) are caught, as ky catches them. */
function cancel(...requests: Request[]): void {
  for (const request of requests) void request.body?.cancel().catch(() => undefined)
}

/** Every chunk, with a reader released at the end: `mock.fetch`'s way. */
async function readerLoop(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const reader = stream.getReader()
  try {
    const chunks: Uint8Array[] = []
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
      chunks.push(value)
    }
  } finally {
    reader.releaseLock()
  }
}

/** Every chunk with `for await`, which releases the reader at the end. */
async function iterated(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk)
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
}

/** A tee'd Request's body read one way, then both bodies cancelled. */
const teed = (read: (request: Request) => Promise<unknown>) => async () => {
  const { sent, kept } = kyRequest()
  await read(sent)
  cancel(sent, kept)
}

const WAYS: Record<string, () => Promise<unknown>> = {
  'tee: made and cancelled unread (the base)': teed(async () => undefined),
  'tee: reader, read to the end, released': teed(async (r) => DECODER.decode(await readerLoop(r.body!))),
  'tee: for await': teed(async (r) => DECODER.decode(await iterated(r.body!))),
  'tee: reader, Buffer#toString (not fatal)': teed(async (r) => {
    const bytes = await readerLoop(r.body!)
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
  }),
  'tee: arrayBuffer() (leaves it locked)': teed(async (r) => DECODER.decode(await r.arrayBuffer())),
  'tee: text() (leaves it locked)': teed((r) => r.text()),
  'tee: bytes() (leaves it locked)': teed(async (r) => DECODER.decode(await r.bytes())),
  'tee: the race on its signal': teed(async (r) => {
    const onAbort = () => undefined
    r.signal.addEventListener('abort', onAbort, { once: true })
    await Promise.resolve()
    r.signal.removeEventListener('abort', onAbort)
  }),
  'string Request: made (the base)': async () =>
    new Request(URL_ON_MOCK, { method: 'POST', headers: HEADERS, body: BODY }),
  'string Request: reader, read to the end': async () => {
    const request = new Request(URL_ON_MOCK, { method: 'POST', headers: HEADERS, body: BODY })
    return DECODER.decode(await readerLoop(request.body!))
  },
  'string as it is: encoded and decoded': async () => DECODER.decode(new TextEncoder().encode(BODY)),
}

/** The base each way is measured over. */
function baseOf(way: string): string | undefined {
  if (way.startsWith('tee: ')) return 'tee: made and cancelled unread (the base)'
  if (way.startsWith('string Request: ')) return 'string Request: made (the base)'
  return undefined
}

async function block(call: () => Promise<unknown>): Promise<number> {
  ;(globalThis as { gc?: () => void }).gc?.()
  const start = process.cpuUsage()
  for (let i = 0; i < CALLS; i++) await call()
  // The cancels settle within the block.
  await new Promise((resolve) => setImmediate(resolve))
  const used = process.cpuUsage(start)
  return (used.user + used.system) / CALLS
}

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (sorted.length - 1) * q
  const low = Math.floor(at)
  return sorted[low]! + (sorted[Math.ceil(at)]! - sorted[low]!) * (at - low)
}
const us = (value: number) => `${value.toFixed(1)} us`

async function main(): Promise<void> {
  const ways = Object.keys(WAYS)
  for (const way of ways) for (let i = 0; i < WARMUP; i++) await WAYS[way]!()
  const samples: Record<string, number[]> = Object.fromEntries(ways.map((way) => [way, []]))
  for (let round = 0; round < ROUNDS; round++) {
    const rotated = ways.map((_, i) => ways[(i + round) % ways.length]!)
    for (const way of round % 2 ? rotated.reverse() : rotated) samples[way]!.push(await block(WAYS[way]!))
  }
  console.log(
    `Reading a Request's body (Node ${process.version}, undici ${process.versions.undici ?? '?'}): CPU per call`,
  )
  console.log(`${ROUNDS} rounds of ${CALLS} calls; medians (p25 to p75 of the per-round values)`)
  for (const way of ways) {
    const base = baseOf(way)
    const values =
      base === undefined || base === way ? samples[way]! : samples[way]!.map((x, i) => x - samples[base]![i]!)
    const over = base === undefined || base === way ? '' : ' over its base'
    console.log(
      `  ${way.padEnd(44)} ${us(quantile(values, 0.5))}${over} (${us(quantile(values, 0.25))} to ` +
        `${us(quantile(values, 0.75))})`,
    )
  }
}

// A measurement, not a test: only a bench that could not run exits 1.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('benchmark could not run:', error)
    process.exit(1)
  },
)
