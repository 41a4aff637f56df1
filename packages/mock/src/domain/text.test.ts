import { describe, expect, it } from 'vitest'
import { isRuleError } from './rule-error.js'
import { checkDisplayText } from './text.js'

function refusal(value: unknown): string | undefined {
  try {
    checkDisplayText('storeName', value, 20)
  } catch (error) {
    if (isRuleError(error) && error.status === 400) return error.message
    throw error
  }
  return undefined
}

describe('names and addresses are one non-blank line of printable text', () => {
  it.each(['Riverside', 'Café Ñandú 北京', 'Store #2 — "Main"', '😀 Emoji Shop', 'x'.repeat(20)])(
    '%j is accepted',
    (value) => {
      expect(refusal(value)).toBeUndefined()
    },
  )

  it.each([
    ['\u0000', /control characters/],
    ['Bad\u0000name', /control characters/],
    ['two\nlines', /control characters/],
    ['tab\there', /control characters/],
    ['esc\u001b[31m', /control characters/],
    ['c1\u0085', /control characters/],
    ['sep\u2028', /control characters/],
    ['lone \ud800 surrogate', /unpaired surrogate/],
    ['\udc00', /unpaired surrogate/],
    ['', /non-empty/],
    ['   ', /non-empty/],
    [42, /non-empty string/],
    ['x'.repeat(21), /at most 20/],
  ])('%j is refused: %s', (value, message) => {
    expect(refusal(value)).toMatch(message)
  })
})
