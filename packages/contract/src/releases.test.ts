import { describe, expect, it } from 'vitest'
import { RELEASES, releasePhase } from './releases.js'

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`)

describe('RELEASES', () => {
  it('release 1.3.0 (mandatory idempotency key) follows the January 2026 timeline of the gateway documentation', () => {
    expect(RELEASES['1.3.0']).toMatchObject({
      version: '1.3.0',
      date: '2026-01-06',
      grace: day('2026-01-06'),
      deprecationWarning: day('2026-01-13'),
      rejection: day('2026-01-20'),
      fullEnforcement: day('2026-01-27'),
    })
  })

  it('release 1.4.0 (signature authentication) follows the March 2026 timeline of the gateway documentation', () => {
    expect(RELEASES['1.4.0']).toMatchObject({
      version: '1.4.0',
      date: '2026-03-02',
      grace: day('2026-03-02'),
      deprecationWarning: day('2026-03-09'),
      rejection: day('2026-03-16'),
      fullEnforcement: day('2026-03-23'),
    })
  })

  it('each step is UTC midnight and its ISO string names the same instant', () => {
    for (const release of Object.values(RELEASES)) {
      for (const step of ['grace', 'deprecationWarning', 'rejection', 'fullEnforcement'] as const) {
        expect(release.iso[step]).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/)
        expect(Date.parse(release.iso[step])).toBe(release[step])
        expect(release[step] % 86_400_000).toBe(0)
      }
      expect(release.iso.grace.slice(0, 10)).toBe(release.date)
    }
  })

  it('steps of a release are one week apart', () => {
    for (const r of Object.values(RELEASES)) {
      expect([
        r.deprecationWarning - r.grace,
        r.rejection - r.deprecationWarning,
        r.fullEnforcement - r.rejection,
      ]).toEqual([604_800_000, 604_800_000, 604_800_000])
    }
  })

  it('the release table cannot be changed at run time', () => {
    expect(Object.isFrozen(RELEASES)).toBe(true)
    expect(Object.isFrozen(RELEASES['1.3.0'])).toBe(true)
  })
})

describe('releasePhase', () => {
  it('a step starts at its instant, inclusive', () => {
    const r = RELEASES['1.4.0']
    expect(releasePhase('1.4.0', r.grace - 1)).toBe('before')
    expect(releasePhase('1.4.0', r.grace)).toBe('grace')
    expect(releasePhase('1.4.0', r.deprecationWarning - 1)).toBe('grace')
    expect(releasePhase('1.4.0', r.deprecationWarning)).toBe('deprecationWarning')
    expect(releasePhase('1.4.0', r.rejection)).toBe('rejection')
    expect(releasePhase('1.4.0', r.fullEnforcement)).toBe('fullEnforcement')
    expect(releasePhase('1.4.0', r.fullEnforcement + 365 * 86_400_000)).toBe('fullEnforcement')
  })
})
