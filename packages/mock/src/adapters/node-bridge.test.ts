/**
 * @module adapters/node-bridge.test
 * A request target is read as the URL parser reads it, whether or not the server parses it: a plain target is
 * taken as written, anything else is parsed, and the two never disagree.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pathAndQuery, pathnameOf } from './node-bridge.js'

const BASE = 'http://target.invalid'
/** What a reading gives, or that it throws (`//` alone is no URL: the parser and the reading both refuse it). */
const outcome = (read: () => string) => {
  try {
    return read()
  } catch {
    return 'throws'
  }
}
const parsed = (target: string) =>
  outcome(() => {
    const { pathname, search } = new URL(target, BASE)
    return `${pathname}${search}`
  })
const parsedPathname = (target: string) => {
  try {
    return new URL(target, BASE).pathname
  } catch {
    return '/'
  }
}

/** Targets from pieces a client may send, plain or not: dot segments, escapes, backslashes, a fragment, `//`. */
const PIECES = ['/', 'api', 'v1', 'a-b_c', '..', '.', '%2e', '%2F', '%', '\\', '?', '&', '=', '#', "'", '"', ' ', '<']
const target = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary-ascii', maxLength: 3 })), { maxLength: 12 })
  .map((pieces) => `/${pieces.join('')}`)

describe('a request target is read as the URL parser reads it', () => {
  it('a plain path and query are taken as written; dots, escapes, backslashes and `//` as parsed', () => {
    for (const written of [
      '/api/v1/payment-gateway/stores/list',
      '/api/v1/payment-gateway/transactions?orderId=1001&x=a%20b',
      '/api/v1/x?',
      '/a/../b',
      '/a/%2e%2E/b?c',
      '/a\\b',
      '//evil.example/x?y',
      '/a b?c d',
      "/a?b'c",
      '/a#frag',
      '/a?b#frag',
      'http://other.example/a/./b?c',
    ]) {
      expect(
        outcome(() => pathAndQuery(written)),
        written,
      ).toBe(parsed(written))
      expect(pathnameOf(written), written).toBe(parsedPathname(written))
    }
  })

  it('any target: the same path and query as `new URL` gives (property)', () => {
    fc.assert(
      fc.property(target, (written) => {
        expect(outcome(() => pathAndQuery(written))).toBe(parsed(written))
        expect(pathnameOf(written)).toBe(parsedPathname(written))
      }),
      { numRuns: 2_000 },
    )
  })
})
