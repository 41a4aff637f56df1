/**
 * @module main
 * The page's entry. In the dev server (`npm run dev`, and the end-to-end tests that run it) the gateway
 * and the merchant backend are the mock, answered by MSW's service worker; `import.meta.env.DEV` is
 * `false` in a production build, so the bundler drops that branch and the mock with it.
 */
import { renderApp } from './app.js'
import { type AppConfig, loadConfig } from './config.js'

async function configure(): Promise<AppConfig> {
  if (import.meta.env.DEV) {
    const { startMocks } = await import('./mocks/browser.js')
    return startMocks()
  }
  return loadConfig()
}

const root = document.querySelector<HTMLElement>('#app')
if (!root) throw new Error('index.html has no #app element')
configure().then(
  (config) => renderApp(root, config),
  (error: unknown) => {
    root.setAttribute('aria-busy', 'false')
    root.replaceChildren(Object.assign(document.createElement('p'), { role: 'alert', textContent: String(error) }))
  },
)
