import { describe, expect, it } from 'vitest'
import { ERROR_CODES, isErrorCode } from './error-codes.js'

describe('error codes', () => {
  it('each code maps to itself', () => {
    for (const [key, value] of Object.entries(ERROR_CODES)) expect(value).toBe(key)
  })

  it('the two codes the gateway documents are present', () => {
    expect(isErrorCode('missing_idempotent_key')).toBe(true)
    expect(isErrorCode('invalid_authentication')).toBe(true)
  })

  it('inherited object keys and non-strings are not error codes', () => {
    expect(isErrorCode('toString')).toBe(false)
    expect(isErrorCode(42)).toBe(false)
  })
})
