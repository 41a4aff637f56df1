import { describe, expect, it } from 'vitest'
import { createMockGateway } from './create-mock-gateway.js'
import { seededRandom, withSeededRandomness } from './seeded-random.js'

describe('the seeded random generator', () => {
  it('draws the same numbers in [0, 1) for the same seed, and others for another seed', () => {
    const draw = (seed: number) => Array.from({ length: 1000 }, seededRandom(seed))
    expect(draw(7)).toEqual(draw(7))
    expect(draw(7)).not.toEqual(draw(8))
    expect(draw(7).every((x) => x >= 0 && x < 1)).toBe(true)
  })

  it("a seeded run's UUIDs are the same every time, v4-shaped, and the platform's come back after", async () => {
    const original = { getRandomValues: crypto.getRandomValues, randomUUID: crypto.randomUUID }
    const run = () =>
      withSeededRandomness(3, async () => [crypto.randomUUID(), crypto.getRandomValues(new Uint8Array(4))])
    const [first, second] = [await run(), await run()]
    expect(first).toEqual(second)
    expect(first[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    await expect(withSeededRandomness(3, async () => Promise.reject(new Error('failed')))).rejects.toThrow('failed')
    expect({ getRandomValues: crypto.getRandomValues, randomUUID: crypto.randomUUID }).toEqual(original)
  })
})

describe('a seeded run of the mock', () => {
  it("draws the same keys whatever drew the mock's random bytes before it", async () => {
    const keys = () =>
      withSeededRandomness(5, async () => {
        const mock = createMockGateway()
        return (await mock.merchants.create({})).apiKey
      })
    const first = await keys()
    // Something else draws from the mock's random bytes between the two runs.
    await createMockGateway().merchants.create({})
    expect(await keys()).toBe(first)
  })
})
