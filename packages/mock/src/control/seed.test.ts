/**
 * @module seed.test
 * A seed the mock cannot take throws from `createMockGateway` (and `startMockServer`) itself, naming where in the
 * seed each refusal is; a seed it takes is in place before the first call, and again after a reset.
 */
import { describe, expect, it } from 'vitest'
import { createMockGateway } from '../create-mock-gateway.js'
import type { SeedMerchant } from '../options.js'
import { startMockServer } from '../server.js'

const make = (seed: unknown) => () => createMockGateway({ seed: seed as SeedMerchant[] })

describe('the seed option', () => {
  it('a misspelt or missing field throws from createMockGateway, every one named by its path in the seed', () => {
    const seed = [{ merchantName: 'Riverside', stores: [{ name: 'Riverside', adress: '1 Main St' }] }]
    expect(make(seed)).toThrow(RangeError)
    expect(make(seed)).toThrow(
      '[mock] seed[0].stores[0].storeName: is required (expected string); ' +
        'seed[0].stores[0].address: is required (expected string); ' +
        'seed[0].stores[0]: has unknown fields name, adress; seed[0]: has unknown field merchantName',
    )
  })

  it.each([
    [
      [{ name: 'A', stores: [{ storeName: ' ', address: '1 Main St' }] }],
      /^\[mock\] seed\[0\]\.stores\[0\]: storeName /,
    ],
    [
      [
        { name: 'A', apiKey: 'mk_same' },
        { name: 'B', apiKey: 'mk_same' },
      ],
      /^\[mock\] seed\[1\]: apiKey is already used/,
    ],
    [
      [{ accounts: [{ accountNumber: '1', accountName: 'A', failAtSettlement: 'yes' }] }],
      /seed\[0\]\.accounts\[0\]\.failAtSettlement/,
    ],
    [[{ balances: { usd: 10, eur: 5 } }], /^\[mock\] seed\[0\]\.balances: has unknown field eur/],
    ['Riverside', /^\[mock\] seed: expected array/],
  ])('a seed that breaks a rule throws naming the entry: %j', (seed, message) => {
    expect(make(seed)).toThrow(message)
  })

  it('a seed it takes is in place before the first call, and again after a reset', async () => {
    const mock = createMockGateway({
      seed: [
        { name: 'Riverside', apiKey: 'mk_river', stores: [{ storeName: 'Riverside', address: '1 Main St' }] },
        { name: 'Harbour', accounts: [{ accountNumber: '100200300', accountName: 'Harbour Ltd' }] },
      ],
    })
    const names = async () => (await mock.snapshot()).merchants.map((m) => m.name).sort()
    expect(await names()).toEqual(['Harbour', 'Riverside'])
    await mock.merchants.create({ name: 'Later' })
    await mock.reset()
    expect(await names()).toEqual(['Harbour', 'Riverside'])
  })

  it('startMockServer refuses such a seed with the same words', async () => {
    await expect(
      startMockServer({ port: 0, seed: [{ name: 'A', stores: [{ storeName: '', address: 'x' }] }] }),
    ).rejects.toThrow('[mock] seed[0].stores[0]: storeName must be a non-empty string')
  })
})
