/**
 * @module @merchant-gateway/chromium
 * How this repository launches Chromium, written once for its own tools and tests and for its example
 * projects (a private workspace, never published): Debian's package (never a downloaded browser), with no
 * background requests of its own, so that every request a test, a bench or a screenshot sees is the page's;
 * and the Playwright Test settings the example projects share (examples/pin-app-e2e and
 * examples/pin-app-storybook): each project's `playwright.config.ts` gives only what is its own (its name,
 * its address, the web server the run starts), and {@link exampleConfig} adds the rest.
 *
 * One file, with no relative import: Node runs it as it is (type stripping) for the repository's `.mjs`
 * scripts, where an import of `./x.js` would not find `./x.ts`.
 *
 * In a project of your own, write the settings of {@link exampleConfig} out in `defineConfig({...})`: each
 * one is here with its reason. Leave out `launchOptions` to run Playwright's own Chromium instead of Debian's.
 * Debian's headless shell (`apt-get install chromium-headless-shell`) runs the pages when it is installed: half the
 * CPU of the whole browser ({@link pickChromium}).
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { PlaywrightTestConfig } from '@playwright/test'

/**
 * Where Debian's package (`apt-get install chromium`) puts Chromium.
 *
 * @example
 * ```ts
 * existsSync(DEBIAN_CHROMIUM) // true once the package is installed
 * ```
 */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium'

/**
 * Where Debian's `chromium-headless-shell` package puts Chromium's headless build: the same engine without the
 * browser's windows, the build Playwright itself runs for headless pages. It costs a page about half the CPU of
 * the whole browser (the pin-app example's end-to-end tests: 41 against 82-89 s of CPU; its stories 22 against
 * 49), and it cannot show a window.
 *
 * @example
 * ```ts
 * existsSync(DEBIAN_HEADLESS_SHELL) // true once `apt-get install chromium-headless-shell` ran
 * ```
 */
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/**
 * Which Chromium to launch: the one `CHROMIUM_PATH` names, else Debian's headless shell where it is installed,
 * else Debian's Chromium. Set `CHROMIUM_PATH=/usr/bin/chromium` to watch a test in a window (`--headed`), which the
 * headless shell cannot show.
 *
 * @example
 * ```ts
 * pickChromium({}, (path) => path === DEBIAN_CHROMIUM) // '/usr/bin/chromium'
 * pickChromium({ CHROMIUM_PATH: '/opt/chrome/chrome' }) // '/opt/chrome/chrome'
 * ```
 */
export function pickChromium(
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
): string {
  return env.CHROMIUM_PATH || (exists(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : DEBIAN_CHROMIUM)
}

/**
 * The Chromium to launch, as {@link pickChromium} picks it when this module loads.
 *
 * @example
 * ```ts
 * const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
 * ```
 */
export const CHROMIUM_PATH: string = pickChromium()

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

/**
 * One more flag for a page that must stay on this machine: any host but the loopback address resolves to
 * nothing, so a request that escaped the service worker fails rather than reach the internet.
 *
 * @example
 * ```ts
 * const args = [...CHROMIUM_ARGS, OFFLINE_ARG]
 * ```
 */
export const OFFLINE_ARG = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'

/**
 * Playwright's `launchOptions` for {@link CHROMIUM_PATH} with {@link CHROMIUM_ARGS} (and {@link OFFLINE_ARG}
 * when `offline`).
 *
 * @example
 * ```ts
 * playwright({ launchOptions: chromiumLaunchOptions() }) // vitest's browser provider
 * ```
 */
export function chromiumLaunchOptions(options: { offline?: boolean } = {}): {
  executablePath: string
  args: string[]
} {
  return { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...(options.offline ? [OFFLINE_ARG] : [])] }
}

/**
 * What an example project gives {@link exampleConfig}.
 *
 * @example
 * ```ts
 * const webServer = { command: 'npm run dev', url: '/' }
 * const project: ExampleProject = { name: 'example-pin-app-e2e', origin: 'http://127.0.0.1:5188', webServer }
 * ```
 */
export interface ExampleProject {
  /** Its name, for its folder of traces and failure artefacts. */
  name: string
  /** Where its pages are served: `http://127.0.0.1:<port>`. */
  origin: string
  /** The server Playwright starts before the tests and stops after them; `url` is a path on `origin`. */
  webServer: { command: string; url: string; cwd?: string }
  /** Servers started before `webServer` (a mock server the pages call), alike; `url` may name another origin. */
  before?: Array<{ command: string; url: string; cwd?: string }>
}

/**
 * An example project's whole Playwright config: its own settings and the shared ones.
 *
 * @example
 * ```ts
 * export default defineConfig(exampleConfig({ name: 'example-pin-app-e2e', origin, webServer }))
 * ```
 */
export function exampleConfig(project: ExampleProject): PlaywrightTestConfig {
  return {
    testDir: 'e2e',
    testMatch: '**/*.spec.ts',
    fullyParallel: true,
    forbidOnly: !!process.env.CI,
    retries: 0,
    // Playwright's defaults (30 s a test, 5 s an expect) suit an idle machine; on a busy one (CI beside other
    // jobs) the page can still be loading its mock after 5 s. Generous rather than retried: a failure is real.
    timeout: 60_000,
    expect: { timeout: 20_000 },
    reporter: 'list',
    // Traces and failure artefacts under the repository's node_modules, not in the project's folder.
    outputDir: fileURLToPath(new URL(`../../../node_modules/.playwright/${project.name}`, import.meta.url)),
    use: {
      baseURL: project.origin,
      browserName: 'chromium',
      headless: true,
      // The mock runs in MSW's service worker.
      serviceWorkers: 'allow',
      // Times on the page (a PIN blocked until 09:01:50) read the same on every machine.
      timezoneId: 'UTC',
      // An installed Chromium (Debian: apt-get install chromium), nothing downloaded; no host but 127.0.0.1.
      launchOptions: chromiumLaunchOptions({ offline: true }),
    },
    webServer:
      project.before === undefined
        ? webServer(project.webServer, project.origin)
        : [...project.before, project.webServer].map((server) => webServer(server, project.origin)),
  }
}

/** Playwright's settings of one server an example's run starts. */
function webServer(server: ExampleProject['webServer'], origin: string) {
  return {
    command: server.command,
    ...(server.cwd === undefined ? {} : { cwd: server.cwd }),
    url: new URL(server.url, origin).href,
    // Never someone else's server on the port: a test run starts and stops its own.
    reuseExistingServer: false,
    // A dev server's first start (dependencies optimised) on a busy machine.
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  }
}
