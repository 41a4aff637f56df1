import { describe, expect, it } from 'vitest'
import { kindOf, show } from './show.js'

describe('show', () => {
  it('shows short strings quoted, numbers and other primitives as written, long strings and objects by kind', () => {
    expect([show('usd'), show(-5), show(Number.NaN), show(undefined), show(null), show(true)]).toEqual([
      '"usd"',
      '-5',
      'NaN',
      'undefined',
      'null',
      'true',
    ])
    expect([show('x'.repeat(101)), show({ a: 1 }), show([1]), show(() => 1)]).toEqual([
      'a string of 101 characters',
      'an object',
      'an array',
      'a function',
    ])
    expect(show('x'.repeat(100))).toBe(`"${'x'.repeat(100)}"`)
  })
})

describe('kindOf', () => {
  it('tells the kind of a credential and never its content', () => {
    expect([
      kindOf(undefined),
      kindOf(null),
      kindOf(''),
      kindOf('mk_live_secret'),
      kindOf(12345),
      kindOf({}),
      kindOf([]),
    ]).toEqual([
      'undefined',
      'null',
      'an empty string',
      'a string of 14 characters',
      'a number',
      'an object',
      'an array',
    ])
  })
})
