/**
 * The soak script's short seeded run, as CI can afford it (a few seconds): the traffic it sends is
 * answered as expected, retention works under it, and it reports what it measured. The figures
 * themselves (memory flat, p99 flat) are judged by the full run (`npm run soak`), never here.
 *
 * A fixed number of cycles in steps (`cycles`), not seconds of real time: the run sends the same traffic and
 * moves the mock clock the same way on a busy machine as on an idle one (a count of cycles done in two real
 * seconds, or an order paid after its QR code's 30 mock minutes had passed in real time, depended on the
 * machine's speed).
 */
import { describe, expect, it } from 'vitest'
import { runSoak } from '../bench/soak.js'

describe('soak (short seeded run)', () => {
  it('every answer is the expected one, a replayed refund answers the same ' +
    'bytes, and records that expire are dropped as mock time passes', async () => {
    const lines: string[] = []
    const result = await runSoak({
      seconds: 2,
      cycles: 40,
      mockMinutes: 30,
      rate: 20,
      sampleSeconds: 0.25,
      seed: 7,
      failRate: 0.5,
      out: (line) => lines.push(line),
    })
    expect(result.unexpected).toEqual([])
    expect(result.cycles).toBe(40)
    expect(result.samples.length).toBeGreaterThanOrEqual(3)
    const last = result.samples.at(-1)!
    expect(last.mockMinutes).toBe(30)
    // Reset sessions live 10 mock minutes: after 30, the ones asked early are gone.
    expect(result.forgotPins).toBeGreaterThan(0)
    expect(last.stats.records.otpSessions).toBeLessThan(result.forgotPins)
    expect(last.stats.records.outbox).toBe(result.forgotPins)
    // The receiver failed attempts, and the retries on the mock clock reached it again.
    expect(result.webhookPosts).toBeGreaterThan(last.stats.records.webhooks)
    expect(lines.some((line) => /RSS .* -> .*goal within 10 %/.test(line))).toBe(true)
  }, 30_000)

  it('the records mode with keepRecordsSeconds: every answer as expected, finished orders forgotten', async () => {
    const lines: string[] = []
    const result = await runSoak({
      mode: 'records',
      keepRecordsSeconds: 600,
      seconds: 2,
      cycles: 40,
      mockMinutes: 20,
      rate: 20,
      sampleSeconds: 0.25,
      seed: 7,
      failRate: 0,
      out: (line) => lines.push(line),
    })
    expect(result.unexpected, JSON.stringify(result.unexpected.slice(0, 2))).toEqual([])
    expect(result.cycles).toBe(40)
    const last = result.samples.at(-1)!
    // Refunds settle at once in this mode; after 20 mock minutes those of the last 10 are held.
    expect(last.stats.records.orders).toBeLessThan(result.cycles - result.late)
    expect(lines.some((line) => /forgotten after 600 s/.test(line))).toBe(true)
  }, 30_000)
})
