/**
 * Storybook for the page's sections (`stories/*.stories.ts`), on the HTML + Vite framework. Each story
 * starts a mock from a scenario file (`scenarios/*.json`) and answers the page's requests with it in
 * MSW's service worker (msw-storybook-addon, set up in .storybook/preview.ts).
 */
import type { StorybookConfig } from '@storybook/html-vite'
import { msw } from 'msw/vite'

const config: StorybookConfig = {
  framework: '@storybook/html-vite',
  stories: ['../stories/*.stories.ts'],
  // Nothing is sent to Storybook's servers: no telemetry, no "what's new" look-up.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Storybook also reads vite.config.ts, whose msw plugin serves MSW's worker script in the dev server
  // only; a Storybook build needs the script too ('worker-only' copies it into the output).
  viteFinal: (vite) => ({ ...vite, plugins: [...(vite.plugins ?? []), msw({ mode: 'worker-only' })] }),
}

export default config
