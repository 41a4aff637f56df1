/**
 * @module adapters/sessions/session-id.test
 * A session's id is unguessable and URL-safe; where a path names one, it names it as written; a dot segment is
 * seen in every spelling the URL standard resolves.
 */
import { describe, expect, it } from 'vitest'
import { hasDotSegment, isSessionId, newSessionId, sessionPath } from './session-id.js'

describe('session ids', () => {
  it('are 24 base64url characters (144 random bits), each one new', () => {
    const ids = Array.from({ length: 2000 }, newSessionId)
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(new Set(ids).size).toBe(ids.length)
    // Every character of the alphabet turns up: the bits are spread over the whole id, none fixed.
    expect(new Set(ids.join('')).size).toBe(64)
  })

  it('only a whole id is one: no shorter, longer, encoded or dotted value', () => {
    const id = newSessionId()
    expect(isSessionId(id)).toBe(true)
    for (const value of [id.slice(1), `${id}A`, '', '..', `${id.slice(2)}%2F`, `${id.slice(3)}/..`, `${id.slice(1)}.`])
      expect(isSessionId(value), value).toBe(false)
  })
})

describe('the session a path is under', () => {
  it('is the segment after /s/ as written, up to the next slash; the rest is the path in it', () => {
    expect(sessionPath('/s/abc/__mock/clock')).toEqual({ id: 'abc', rest: '/__mock/clock' })
    expect(sessionPath('/s/abc')).toEqual({ id: 'abc', rest: '' })
    expect(sessionPath('/s/abc/')).toEqual({ id: 'abc', rest: '/' })
    // An encoded slash is part of the segment, never a separator; a double slash names the empty id.
    expect(sessionPath('/s/a%2Fb/x')).toEqual({ id: 'a%2Fb', rest: '/x' })
    expect(sessionPath('/s//abc/x')).toEqual({ id: '', rest: '/abc/x' })
  })

  it('is none for a path that is not under /s/', () => {
    for (const path of ['/__mock/clock', '/s', '/sx/abc', '/api/v1/s/abc', '/S/abc'])
      expect(sessionPath(path)).toBe(undefined)
  })
})

describe('dot segments in a target', () => {
  it('are seen as written, percent-encoded in any case, after a backslash, and with tabs in them', () => {
    for (const target of [
      '/s/a/../b',
      '/s/a/./b',
      '/s/a/..',
      '/s/a/%2e%2e/b',
      '/s/a/%2E./b',
      '/s/a/.%2e/b',
      '/s/a/%2e/b',
      '/s/a\\..\\b',
      '/s/a/.\t./b',
      '/x/../s/a/b?y=1',
    ])
      expect(hasDotSegment(target), JSON.stringify(target)).toBe(true)
  })

  it('are not a name with dots in it, an encoded slash beside dots, or dots in the query', () => {
    for (const target of ['/s/a/b.json', '/s/a/...', '/s/a/..%2Fb', '/s/a/%2e%2e%2fb', '/s/a/b?x=../..', '/s/a/b#../c'])
      expect(hasDotSegment(target), target).toBe(false)
  })
})
