/**
 * @module mocks/browser
 * The dev server's backend: the mock gateway and a stand-in merchant backend in MSW's service worker,
 * a signed-in user, and the "Mock state" panel. Loaded by src/main.ts behind `import.meta.env.DEV`, so
 * a production build contains none of it.
 *
 * Each page load makes a fresh mock: state lives in the page's memory, so a reload starts again, and
 * two tabs (or two end-to-end tests) never share it. The mock is `window.__mock`, for the browser's
 * console and for the end-to-end tests, which act through it as the outside world: read the code from
 * the mailbox, move the clock, pay an order.
 */
import type { MockGateway, MockSnapshot } from '@merchant-gateway/mock'
import { setupWorker } from 'msw/browser'
import type { AppConfig } from '../config.js'
import { mountMockPanel } from './panel.js'
import { loadShop, openShop, webhookUrlHere } from './shop.js'

declare global {
  interface Window {
    /** The page's mock gateway (dev server only). */
    __mock?: MockGateway
  }
}

/** The scenario files (`scenarios/*.json`), each loaded only when a page asks for it. */
const scenarios = import.meta.glob<MockSnapshot>('../../scenarios/*.json', { import: 'default' })

/**
 * Starts the mocks and returns the configuration that points the page at them. With `?scenario=<name>`
 * in the page's URL, the mock starts from `scenarios/<name>.json` (`/?scenario=pin-blocked`) instead of
 * a fresh shop.
 *
 * @example
 * ```ts
 * const config = await startMocks() // then renderApp(root, config)
 * ```
 */
export async function startMocks(): Promise<AppConfig> {
  const name = new URLSearchParams(location.search).get('scenario')
  const load = name === null ? undefined : scenarios[`../../scenarios/${name}.json`]
  if (name !== null && !load) throw new Error(`No scenario named ${name} in scenarios/.`)
  const { mock, handlers, config, userId } = load
    ? await loadShop(await load(), webhookUrlHere())
    : await openShop(webhookUrlHere())
  const worker = setupWorker(...handlers)
  // 'bypass': the dev server's own requests (modules, styles) go to it untouched.
  await worker.start({ quiet: true, onUnhandledFrame: 'bypass' })

  window.__mock = mock
  mountMockPanel(document.body, mock, userId)
  return config
}
