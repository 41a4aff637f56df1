/**
 * @module scripts/lib/chromium
 * How this repository's own tools and tests launch Chromium: Debian's package (never a downloaded browser),
 * with no background requests of its own, so that every request a test, a bench or a screenshot sees is the
 * page's. The example projects keep their own copy: each is a project a team copies on its own.
 */

/** Debian's Chromium (`apt-get install chromium`). */
export const CHROMIUM_PATH = '/usr/bin/chromium'

/**
 * The flags: no sandbox (CI runs as root), no GPU, and none of the browser's own background traffic.
 *
 * @example
 * ```ts
 * const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
 * ```
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
