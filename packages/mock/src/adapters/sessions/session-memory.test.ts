/**
 * @module adapters/sessions/session-memory.test
 * A session's memory, estimated from what its mock counts.
 */
import { describe, expect, it } from 'vitest'
import { createMockGateway } from '../../create-mock-gateway.js'
import { SESSION_BYTES, sessionMemory } from './session-memory.js'

describe("a session's estimated memory", () => {
  it('is the empty size, plus a size per record of any table, plus a size per logged request', async () => {
    const mock = createMockGateway({ seed: [{ apiKey: 'mk_memory', stores: [{ storeName: 'S', address: 'A' }] }] })
    const empty = sessionMemory(await mock.stats())
    // The seed: a merchant, its store and its two balances.
    expect(empty).toBe(SESSION_BYTES.empty + 4 * SESSION_BYTES.record)
    await mock.users.create({ email: 'a@example.com' })
    await mock.fetch(`${mock.baseUrl}/api/v1/payment-gateway/stores/list`, {
      method: 'POST',
      headers: { 'X-Api-Key': 'mk_memory' },
    })
    expect(sessionMemory(await mock.stats())).toBe(empty + SESSION_BYTES.record + SESSION_BYTES.logEntry)
  })
})
