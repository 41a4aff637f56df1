import { describe, expect, it } from 'vitest'
import { DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL, pickChromium } from './index.js'

const installed =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path)

describe('pickChromium: which Chromium the tests, tools and examples launch', () => {
  it("takes Debian's headless shell where it is installed, the whole browser installed or not", () => {
    expect(pickChromium({}, installed(DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL))).toBe(DEBIAN_HEADLESS_SHELL)
    expect(pickChromium({}, installed(DEBIAN_HEADLESS_SHELL))).toBe(DEBIAN_HEADLESS_SHELL)
  })

  it("takes Debian's Chromium where the headless shell is not installed (and names it when neither is)", () => {
    expect(pickChromium({}, installed(DEBIAN_CHROMIUM))).toBe(DEBIAN_CHROMIUM)
    expect(pickChromium({}, installed())).toBe(DEBIAN_CHROMIUM)
  })

  it('takes the one CHROMIUM_PATH names over both (an empty value names none)', () => {
    const both = installed(DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL)
    expect(pickChromium({ CHROMIUM_PATH: DEBIAN_CHROMIUM }, both)).toBe(DEBIAN_CHROMIUM)
    expect(pickChromium({ CHROMIUM_PATH: '/opt/chrome/chrome' }, both)).toBe('/opt/chrome/chrome')
    expect(pickChromium({ CHROMIUM_PATH: '' }, both)).toBe(DEBIAN_HEADLESS_SHELL)
  })
})
