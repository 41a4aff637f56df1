import { describe, expect, it } from 'vitest'
import { hashSecret, matchesSecret } from './pin-hash.js'

describe('PIN hashes: salted PBKDF2-SHA256, never the PIN itself', () => {
  it('stores a 16-byte salt, the iteration count and a 32-byte hash, and no trace of the PIN', async () => {
    const stored = await hashSecret('482915', 1000)
    expect(stored).toEqual({
      salt: expect.stringMatching(/^[0-9a-f]{32}$/),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      iterations: 1000,
    })
    expect(JSON.stringify(stored)).not.toContain('482915')
  })

  it('the right PIN matches; a wrong one, or one with a different salt or iteration count, does not', async () => {
    const stored = await hashSecret('482915', 1000)
    expect(await matchesSecret('482915', stored)).toBe(true)
    expect(await matchesSecret('482916', stored)).toBe(false)
    expect(await matchesSecret('482915', { ...stored, iterations: 1001 })).toBe(false)
    expect(await matchesSecret('482915', { ...stored, salt: '00'.repeat(16) })).toBe(false)
  })

  it('two hashes of one PIN differ (a fresh salt each time), and both match it', async () => {
    const [a, b] = await Promise.all([hashSecret('000000', 1000), hashSecret('000000', 1000)])
    expect(a.salt).not.toBe(b.salt)
    expect(a.hash).not.toBe(b.hash)
    expect(await matchesSecret('000000', a)).toBe(true)
    expect(await matchesSecret('000000', b)).toBe(true)
  })
})
