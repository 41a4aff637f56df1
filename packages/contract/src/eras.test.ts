import { describe, expect, it } from 'vitest'
import { CONTRACT_ERAS, CURRENT_ERA, ERA_NAMES, eraAt, eraNamed } from './eras.js'
import { RELEASES, RELEASE_STEPS } from './releases.js'

const at = (iso: string) => Date.parse(iso)

describe('CONTRACT_ERAS', () => {
  it('lists every era once, oldest first, each starting at a release step of RELEASES (00:00:00Z)', () => {
    expect(CONTRACT_ERAS.map((e) => e.name)).toEqual([...ERA_NAMES])
    expect(CONTRACT_ERAS[0]!.from).toBeNull()
    expect(CONTRACT_ERAS[0]!.fromMs).toBe(Number.NEGATIVE_INFINITY)
    const steps = (['1.3.0', '1.4.0'] as const).flatMap((v) =>
      RELEASE_STEPS.map((step) => ({ release: v, step, iso: RELEASES[v].iso[step] })),
    )
    expect(CONTRACT_ERAS.slice(1).map((e) => ({ release: e.release, step: e.step, iso: e.from }))).toEqual(steps)
    for (const e of CONTRACT_ERAS.slice(1)) expect(e.fromMs).toBe(Date.parse(e.from!))
  })

  it('an era starts at its instant inclusive: one millisecond before is still the previous era', () => {
    for (const [i, e] of CONTRACT_ERAS.entries()) {
      if (i === 0) continue
      expect(eraAt(e.fromMs).name).toBe(e.name)
      expect(eraAt(e.fromMs - 1).name).toBe(CONTRACT_ERAS[i - 1]!.name)
    }
    expect(eraAt(at('2025-06-01T00:00:00Z')).name).toBe('before-1.3.0')
    expect(eraAt(at('2026-11-24T00:00:00Z'))).toBe(CURRENT_ERA)
  })

  it('refund and payout take the signed form from 2026-03-02, and the earlier form until 2026-03-16', () => {
    expect(eraAt(at('2026-03-01T23:59:59Z')).signedMoneyForm).toBe(false)
    expect(eraAt(at('2026-03-02T00:00:00Z')).signedMoneyForm).toBe(true)
    expect(eraAt(at('2026-03-01T23:59:59Z')).legacyAuth).toBe('accepted')
    expect(eraAt(at('2026-03-02T00:00:00Z')).legacyAuth).toBe('deprecated')
    expect(eraAt(at('2026-03-15T23:59:59Z')).legacyAuth).toBe('deprecated')
    expect(eraAt(at('2026-03-16T00:00:00Z')).legacyAuth).toBe('refused')
  })

  it(
    'the idempotency key: optional, deprecated from 01-06, missing refused ' +
      'from 01-20, malformed refused from 01-27',
    () => {
      const key = (iso: string) => {
        const e = eraAt(at(iso))
        return [e.missingIdempotencyKey, e.malformedIdempotencyKey]
      }
      expect(key('2026-01-05T23:59:59Z')).toEqual(['accepted', 'accepted'])
      expect(key('2026-01-06T00:00:00Z')).toEqual(['deprecated', 'deprecated'])
      expect(key('2026-01-20T00:00:00Z')).toEqual(['refused', 'deprecated'])
      expect(key('2026-01-27T00:00:00Z')).toEqual(['refused', 'refused'])
      expect(key('2026-11-24T00:00:00Z')).toEqual(['refused', 'refused'])
    },
  )

  it(
    'the deprecation warning runs from each release warning step until its ' +
      'full enforcement, and names dates and codes',
    () => {
      const warning = (iso: string) => eraAt(at(iso)).deprecationWarning
      expect(warning('2026-01-12T23:59:59Z')).toBeNull()
      expect(warning('2026-01-13T00:00:00Z')).toMatchObject({
        scope: 'refund-payout',
        text: expect.stringContaining('2026-01-20T00:00:00Z'),
      })
      expect(warning('2026-01-13T00:00:00Z')!.text).toContain('missing_idempotent_key')
      expect(warning('2026-01-20T00:00:00Z')).toMatchObject({
        scope: 'refund-payout',
        text: expect.stringContaining('invalid_idempotent_key'),
      })
      expect(warning('2026-01-27T00:00:00Z')).toBeNull()
      expect(warning('2026-03-08T23:59:59Z')).toBeNull()
      expect(warning('2026-03-09T00:00:00Z')).toMatchObject({
        scope: 'gateway',
        text: expect.stringContaining('from 2026-03-16T00:00:00Z'),
      })
      expect(warning('2026-03-16T00:00:00Z')).toMatchObject({
        scope: 'gateway',
        text: expect.stringContaining('Since 2026-03-16T00:00:00Z'),
      })
      expect(warning('2026-03-23T00:00:00Z')).toBeNull()
    },
  )

  it('every warning text is a valid one-line ASCII header value', () => {
    for (const e of CONTRACT_ERAS) {
      if (!e.deprecationWarning) continue
      expect(e.deprecationWarning.text).toMatch(/^[\x20-\x7e]+$/)
      expect(() => new Headers({ 'X-Service-Deprecation-Warning': e.deprecationWarning!.text })).not.toThrow()
    }
  })

  it('webhooks are signed from release 1.4.0 (2026-03-02)', () => {
    expect(eraAt(at('2026-03-01T23:59:59Z')).signedWebhooks).toBe(false)
    expect(eraAt(at('2026-03-02T00:00:00Z')).signedWebhooks).toBe(true)
  })

  it('eraNamed finds an era by name and refuses an unknown one', () => {
    expect(eraNamed('1.4.0-grace').from).toBe('2026-03-02T00:00:00Z')
    expect(() => eraNamed('2.0.0' as never)).toThrow(RangeError)
  })

  it('eras are frozen: the table cannot be changed at run time', () => {
    expect(Object.isFrozen(CONTRACT_ERAS)).toBe(true)
    for (const e of CONTRACT_ERAS) expect(Object.isFrozen(e)).toBe(true)
  })
})
