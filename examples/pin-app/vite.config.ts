/**
 * The app's Vite config: the dev server serves MSW's worker script for the mock (src/mocks/browser.ts);
 * a production build has neither the worker script nor the mock.
 */
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { msw } from 'msw/vite'
import { defineConfig, type Plugin } from 'vite'

/** The dev server's port; the end-to-end tests start it there too (playwright.config.ts). */
export const DEV_PORT = Number(process.env.PIN_APP_PORT ?? 5188)

/**
 * Keeps MSW's worker script out of a production build when it lies in the public folder, where
 * `npx msw init public` puts it: Vite copies every file of `public/` into the build as it is.
 */
function noWorkerScriptInBuild(): Plugin {
  let outDir = 'dist'
  return {
    name: 'no-msw-worker-script-in-build',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir)
    },
    // After the build is written, the public folder's copy included.
    closeBundle: () => rmSync(resolve(outDir, 'mockServiceWorker.js'), { force: true }),
  }
}

export default defineConfig({
  // Serves /mockServiceWorker.js from the dev server. In 'worker-only' mode the plugin would also copy the
  // script into every build; `apply: 'serve'` keeps it out of the production bundle.
  plugins: [{ ...msw({ mode: 'worker-only' }), apply: 'serve' }, noWorkerScriptInBuild()],
  // This repository only: its packages resolve to their TypeScript source. Delete in your project.
  resolve: { conditions: ['@merchant-gateway/source', 'browser', 'module', 'development|production'] },
  // Vite's pre-bundled dependencies under the repository's node_modules, not a new folder here.
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite/example-pin-app', import.meta.url)),
  server: { host: '127.0.0.1', port: DEV_PORT, strictPort: true },
  preview: { host: '127.0.0.1', port: DEV_PORT + 1, strictPort: true },
  optimizeDeps: {
    // The mock is imported only behind `import.meta.env.DEV`: list it so the first page load does not
    // find it late, optimize it and reload.
    entries: ['index.html', 'src/mocks/browser.ts'],
    // In this repository the packages are workspace links, which Vite serves file by file from their sources
    // (209 requests a page load, 31 so); listed here, each is bundled once, as an installed package is (a test's
    // fresh browser context loads them all again: the end-to-end suite took 97 s of Chromium's CPU, 64 so).
    // In your project they are in node_modules, bundled anyway: leave this out. Edited package sources need a
    // restart of `npm run dev` (or `vite --force`) to show.
    include: [
      '@merchant-gateway/mock',
      '@merchant-gateway/sdk',
      '@merchant-gateway/sdk/pin',
      '@merchant-gateway/sdk/webhooks',
    ],
  },
})
