/**
 * The PIN module's figures (the wrong PINs per block, the block's length, the wrong codes per session, a
 * session's lifetime) are the contract's `PIN_RULES`: the texts of the domain's refusals and moves read them
 * there rather than writing a number of their own, so a changed rule cannot leave a text saying the old one.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const SOURCES = ['pins.ts', 'pin-reset.ts', 'state-machines.ts']

/** The string literals and template texts of a module, comments left out. */
function textsOf(file: string): string[] {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
  return [...source.matchAll(/'([^'\n]*)'|`([^`]*)`/g)].map((m) => m[1] ?? m[2] ?? '')
}

/** A figure of `PIN_RULES` written as a number in words or digits: `5th`, `1 minute`, `1-minute`, `10 minutes`. */
const HARD_CODED = /\b\d+(?:st|nd|rd|th)\b|\b\d+[- ](?:second|minute|hour)s?\b/

describe("the PIN texts read the contract's figures", () => {
  it.each(SOURCES)('%s writes no figure of PIN_RULES as a number of its own in a text', (file) => {
    expect(textsOf(file).filter((text) => HARD_CODED.test(text))).toEqual([])
  })
})
