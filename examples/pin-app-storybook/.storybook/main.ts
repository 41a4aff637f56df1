/**
 * Storybook for the pin-app example's page sections (`stories/*.stories.ts`), on the HTML + Vite framework.
 * Each story starts a mock from one of the app's scenario files (`../pin-app/scenarios/*.json`) and answers
 * the page's requests with it in MSW's service worker (msw-storybook-addon, set up in .storybook/preview.ts).
 */
import { fileURLToPath } from 'node:url'
import type { StorybookConfig } from '@storybook/html-vite'
import { msw } from 'msw/vite'

const config: StorybookConfig = {
  framework: '@storybook/html-vite',
  stories: ['../stories/*.stories.ts'],
  // Nothing is sent to Storybook's servers: no telemetry, no "what's new" look-up.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: (vite) => ({
    ...vite,
    // MSW's worker script, served by `storybook dev` and copied into the build ('worker-only').
    plugins: [...(vite.plugins ?? []), msw({ mode: 'worker-only' })],
    // This repository only: its packages resolve to their TypeScript source. Delete in your project.
    resolve: {
      ...vite.resolve,
      conditions: ['@merchant-gateway/source', 'browser', 'module', 'development|production'],
    },
    // Vite's pre-bundled dependencies under the repository's node_modules, not a new folder here.
    cacheDir: fileURLToPath(new URL('../../../node_modules/.vite/example-pin-app-storybook', import.meta.url)),
    // Vite warns for a chunk over 500 kB: the preview's main chunk is 1 260 kB, Storybook's preview runtime
    // with `storybook/test` (its expect and testing-library, for the play functions), loaded once by the
    // preview frame from the machine that serves it. The stories' own code is in chunks of its own.
    build: { ...vite.build, chunkSizeWarningLimit: 1500 },
  }),
}

export default config
