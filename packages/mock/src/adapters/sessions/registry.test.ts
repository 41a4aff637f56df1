/**
 * @module adapters/sessions/registry.test
 * A server's sessions: each its own mock, made within the caps (a refusal names the option that raises it, and
 * leaves no trace), ended on request or after the idle time of real time, listed with what each holds.
 */
import { describe, expect, it } from 'vitest'
import { DEMO_MERCHANT } from '../../cli/demo-merchant.js'
import { createMockGateway } from '../../create-mock-gateway.js'
import { isRuleError } from '../../domain/rule-error.js'
import { createMockApp } from '../app/app.js'
import { SessionRegistry, type SessionLimits } from './registry.js'
import { SESSION_BYTES } from './session-memory.js'

const ORIGIN = 'http://127.0.0.1:4010'
const NOW = '2026-11-02T09:00:00Z'

/** A registry on a clock of its own (real time, as the registry counts idleness, moved by the test). */
function registry(limits: Partial<SessionLimits> = {}) {
  let now = Date.parse('2026-11-28T10:00:00Z')
  const sessions = new SessionRegistry({
    origin: ORIGIN,
    serverUrl: ORIGIN,
    start: { seed: [DEMO_MERCHANT], clock: { now: NOW, frozen: true } },
    limits: { idleSeconds: 60, max: 10, maxMemoryMb: 64, ...limits },
    make: createMockGateway,
    app: (mock, prefix) => createMockApp(mock, { serverUrl: mock.baseUrl, prefix }),
    now: () => now,
  })
  return { sessions, pass: (ms: number) => (now += ms) }
}

async function refused(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise
  } catch (error) {
    if (isRuleError(error)) return { status: error.status, message: error.message }
    throw error
  }
  throw new Error('not refused')
}

describe('making sessions', () => {
  it(
    'each is a mock of its own under /s/<id>, with the ' + 'demo merchant and the clock the server starts with',
    async () => {
      const { sessions } = registry()
      const a = await sessions.create({}, 'localhost:4010')
      const b = await sessions.create({ now: '2027-01-04T08:00:00Z' })
      expect(a.id).not.toBe(b.id)
      expect(a.baseUrl).toBe(`http://localhost:4010/s/${a.id}`)
      expect(b.baseUrl).toBe(`${ORIGIN}/s/${b.id}`)
      expect(a.mock.baseUrl).toBe(`${ORIGIN}/s/${a.id}`)
      expect(a.merchant).toEqual({
        merchantId: 1,
        appId: expect.any(Number),
        name: 'Demo Merchant',
        apiKey: DEMO_MERCHANT.apiKey,
        apiSecret: DEMO_MERCHANT.apiSecret,
        storeId: 101,
        webhookUrl: null,
      })
      expect([a.mock.clock.now(), b.mock.clock.now()]).toEqual(['2026-11-02T09:00:00.000Z', '2027-01-04T08:00:00.000Z'])
      await a.mock.clock.advance(60_000)
      expect(b.mock.clock.now()).toBe('2027-01-04T08:00:00.000Z')
      // A malformed Host names no base URL: the server's own address does.
      expect((await sessions.create({}, 'evil.example/x')).baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:4010\/s\//)
    },
  )

  it('a session from a saved state has its records; its first active merchant is the one handed out', async () => {
    const { sessions } = registry()
    const source = await sessions.create()
    const { merchantId } = await source.mock.merchants.create({ name: 'Riverside', balances: { usd: 5 } })
    await source.mock.merchants.remove(1)
    const saved = await source.mock.snapshot()
    const copy = await sessions.create({ state: saved })
    expect(copy.merchant).toMatchObject({ merchantId, name: 'Riverside', storeId: null })
    expect((await copy.mock.balances(merchantId)).usd.balance).toBe(5)
  })

  it('options it refuses are a 400 naming the field, and leave no session behind', async () => {
    const { sessions } = registry()
    for (const [body, message] of [
      [{ requestLogLimit: -1 }, 'requestLogLimit must be an integer >= 0, got -1'],
      [{ otpDevCode: '12' }, 'otpDevCode must be 6 digits, got "12"'],
      [{ retention: { outbox: { max: 1.5 } } }, 'retention.outbox.max must be an integer >= 0, got 1.5'],
      [{ keepRecordsSeconds: 0 }, 'keepRecordsSeconds must be a whole number of seconds >= 1, got 0'],
      [{ state: { format: 99 } }, expect.stringMatching(/^state \(a saved mock state\): format: this mock reads /)],
      // The document's own `state` missing is named once as the document's, not as `state: state:`.
      [{ state: { format: 1 } }, expect.stringMatching(/^state \(a saved mock state\): state: missing; /)],
    ] as const) {
      expect(await refused(sessions.create(body)), JSON.stringify(body)).toEqual({ status: 400, message })
    }
    expect(await sessions.list()).toEqual([])
  })
})

describe('the caps', () => {
  it('one session over --max-sessions is refused 429 naming the option; ending one makes room', async () => {
    const { sessions } = registry({ max: 2 })
    const first = await sessions.create()
    await sessions.create()
    expect(await refused(sessions.create())).toEqual({
      status: 429,
      message: expect.stringMatching(/^The server holds 2 sessions, its most \(--max-sessions, option sessions\.max\)/),
    })
    sessions.end(first.id)
    await sessions.create()
    expect(await sessions.list()).toHaveLength(2)
  })

  it('sessions made at the same moment cannot pass the cap together', async () => {
    const { sessions } = registry({ max: 3 })
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => sessions.create()))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3)
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.status),
    ).toEqual([429, 429, 429, 429, 429])
    expect(await sessions.list()).toHaveLength(3)
  })

  // 30 s: seven mocks and a hundred users take well under a second alone, over five on a busy two-core machine.
  it('a session that would take the estimated memory ' +
    'over --max-session-memory-mb is refused 429 naming it', async () => {
    // 1 MB (1 048 576 B) holds six sessions with the demo merchant (each estimated 169 840 B), not seven.
    const each = SESSION_BYTES.empty + 5 * SESSION_BYTES.record
    expect([6 * each <= 1024 * 1024, 7 * each > 1024 * 1024]).toEqual([true, true])
    const { sessions } = registry({ maxMemoryMb: 1 })
    const made = await Promise.all(Array.from({ length: 6 }, () => sessions.create()))
    const refusal = await refused(sessions.create())
    expect(refusal.status).toBe(429)
    expect(refusal.message).toMatch(
      new RegExp(
        '^The sessions would hold about 1\\.1 MB with this one, over the 1 MB they may hold ' +
          '\\(--max-session-memory-mb, option sessions\\.maxMemoryMb\\)',
      ),
    )
    expect(await sessions.list()).toHaveLength(6)
    // Room again once one ended; then the records another session holds count: 100 users take it over.
    sessions.end(made[0]!.id)
    for (let i = 0; i < 100; i++) await made[1]!.mock.users.create({ email: `u${i}@example.com` })
    expect((await refused(sessions.create())).status).toBe(429)
    await made[1]!.mock.reset()
    await sessions.create()
    expect(await sessions.list()).toHaveLength(6)
  }, 30_000)
})

describe('ending sessions', () => {
  it('end(id) ends it: its app is gone, a second end and an unknown id are 404 with the same words', async () => {
    const { sessions } = registry()
    const { id } = await sessions.create()
    expect(sessions.use(id)).toBeDefined()
    sessions.end(id)
    expect(sessions.use(id)).toBe(undefined)
    const again = (() => {
      try {
        sessions.end(id)
      } catch (error) {
        return error as Error
      }
    })()
    expect(again?.message).toBe(`No session ${id}: it ended, expired or never existed; POST /__mock/sessions makes one`)
    const other = 'AAAAAAAAAAAAAAAAAAAAAAAA'
    expect(() => sessions.end(other)).toThrow(
      `No session ${other}: it ended, expired or never existed; POST /__mock/sessions makes one`,
    )
  })

  it(
    'a session ends after the idle time without a ' + 'request (real time; a frozen mock clock does not hold it)',
    async () => {
      const { sessions, pass } = registry({ idleSeconds: 60 })
      const kept = await sessions.create()
      const idle = await sessions.create()
      pass(59_000)
      expect(sessions.use(kept.id)).toBeDefined() // used: its 60 s start again
      pass(1_000)
      expect(sessions.use(idle.id)).toBe(undefined)
      expect((await sessions.list()).map((s) => s.id)).toEqual([kept.id])
      pass(58_999) // 59 999 ms after its last use
      sessions.sweep()
      expect(await sessions.list()).toHaveLength(1)
      pass(1)
      sessions.sweep()
      expect(await sessions.list()).toEqual([])
    },
  )

  it('with idle time 0 sessions never expire; the list says when each would', async () => {
    const never = registry({ idleSeconds: 0 })
    const { id } = await never.sessions.create()
    never.pass(365 * 86_400_000)
    expect(never.sessions.use(id)).toBeDefined()
    expect((await never.sessions.list())[0]?.expiresAt).toBe(null)
    const { sessions, pass } = registry({ idleSeconds: 60 })
    await sessions.create()
    pass(15_000)
    expect(sessions.secondsUntilFree()).toBe(45)
    expect((await sessions.list())[0]).toMatchObject({
      createdAt: '2026-11-28T10:00:00.000Z',
      lastUsedAt: '2026-11-28T10:00:00.000Z',
      expiresAt: '2026-11-28T10:01:00.000Z',
    })
  })
})

describe('the list', () => {
  it('shows each live session, oldest first, with the memory it holds, which grows with its records', async () => {
    const { sessions } = registry()
    const a = await sessions.create({}, 'mock.test:4010')
    const b = await sessions.create()
    const before = await sessions.list('mock.test:4010')
    expect(before.map((s) => [s.id, s.baseUrl])).toEqual([
      [a.id, `http://mock.test:4010/s/${a.id}`],
      [b.id, `http://mock.test:4010/s/${b.id}`],
    ])
    for (let i = 0; i < 10; i++) await a.mock.users.create({ email: `u${i}@example.com` })
    const after = await sessions.list()
    expect(after[0]!.memoryBytes - before[0]!.memoryBytes).toBe(10 * SESSION_BYTES.record)
    expect(after[1]!.memoryBytes).toBe(before[1]!.memoryBytes)
  })
})
