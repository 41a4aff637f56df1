import { describe, expect, it } from 'vitest'
import { CURRENCIES, CURRENCY_DECIMALS, isCurrency } from './currency.js'

describe('currency', () => {
  it('the gateway accepts exactly USD and KHR', () => {
    expect(CURRENCIES).toEqual(['USD', 'KHR'])
  })

  it('USD has 2 decimals and KHR none', () => {
    expect(CURRENCY_DECIMALS).toEqual({ USD: 2, KHR: 0 })
  })

  it('currency codes are case-sensitive strings', () => {
    expect(isCurrency('USD')).toBe(true)
    expect(isCurrency('KHR')).toBe(true)
    expect(isCurrency('usd')).toBe(false)
    expect(isCurrency('EUR')).toBe(false)
    expect(isCurrency(undefined)).toBe(false)
    expect(isCurrency(['USD'])).toBe(false)
  })
})
