/**
 * How the repository launches Chromium is written once, in tools/chromium (`@merchant-gateway/chromium`):
 * Debian's path, the flags, and the Playwright settings the example projects share. A copy of the path or of
 * a flag in any other code file, or an example's Playwright config that sets a shared setting itself, fails
 * here, so that a change of a flag reaches every tool, test and example at once.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL, OFFLINE_ARG } from '@merchant-gateway/chromium'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../../', import.meta.url)
const HOME = 'tools/chromium/'

/** The repository's code files (tracked, or new and not ignored), by path. */
const CODE = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|mts|cts|js|mjs|cjs|vue)$/.test(f))

const read = (file: string) => readFileSync(new URL(file, ROOT), 'utf8')

/** What only tools/chromium may write: the paths of Debian's Chromium and its headless shell, and each flag. */
const WRITTEN_ONCE = [DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL, ...CHROMIUM_ARGS, OFFLINE_ARG]

/** Settings of an example's Playwright config that `exampleConfig` gives, and the example must not repeat. */
const SHARED_SETTINGS = ['launchOptions', 'executablePath', 'timezoneId', 'serviceWorkers', 'reuseExistingServer']

describe("Chromium's path, flags and the examples' Playwright settings, written once", () => {
  it('no code file outside tools/chromium writes the path or a flag', () => {
    expect(CODE.length).toBeGreaterThan(100)
    const copies = CODE.filter((file) => !file.startsWith(HOME)).flatMap((file) => {
      const text = read(file)
      return WRITTEN_ONCE.filter((literal) => text.includes(literal)).map((literal) => `${file}: ${literal}`)
    })
    expect(copies).toEqual([])
  })

  it("every example project's Playwright config takes the shared settings from exampleConfig", () => {
    const configs = CODE.filter((file) => /^examples\/[^/]+\/playwright\.config\.ts$/.test(file))
    expect(configs.length).toBeGreaterThanOrEqual(2)
    for (const file of configs) {
      const text = read(file)
      expect(text, file).toMatch(/import \{ exampleConfig \} from '@merchant-gateway\/chromium'/)
      expect(text, file).toMatch(/defineConfig\(\s*exampleConfig\(/)
      expect(
        SHARED_SETTINGS.filter((setting) => text.includes(setting)),
        file,
      ).toEqual([])
    }
  })

  it('every workspace that imports @merchant-gateway/chromium lists it in its package.json', () => {
    const importers = CODE.filter(
      (file) => !file.startsWith(HOME) && read(file).includes("'@merchant-gateway/chromium'"),
    )
    expect(importers.length).toBeGreaterThan(5)
    for (const file of importers) {
      const dir = ['examples/', 'tools/', 'docs/']
        .filter((top) => file.startsWith(top))
        .map((top) => (top === 'docs/' ? 'docs/' : `${file.split('/').slice(0, 2).join('/')}/`))[0]
      const manifest = JSON.parse(read(`${dir ?? ''}package.json`)) as Record<string, Record<string, string>>
      const declared = { ...manifest.dependencies, ...manifest.devDependencies }
      expect(declared['@merchant-gateway/chromium'], `${file}: ${dir ?? ''}package.json`).toBe('0.0.0')
    }
  })
})
