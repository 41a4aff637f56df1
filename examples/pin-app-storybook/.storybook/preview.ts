/**
 * What every story shares: the page's styles (the app's src/style.css), and MSW's worker, started once
 * for the preview by msw-storybook-addon. Each story adds its mock's handlers in its own `beforeEach`
 * (stories/scenario.ts); the addon removes them when the story is left, so no story sees another's mock.
 */
import type { Preview } from '@storybook/html-vite'
import { setupWorker } from 'msw/browser'
import { createPreviewAnnotations } from 'msw-storybook-addon/preview'
import '../../pin-app/src/style.css'

const { beforeEach } = createPreviewAnnotations(async () => {
  const worker = setupWorker()
  // msw 3 reads `onUnhandledFrame` and has no `onUnhandledRequest`, the option the addon's own setup passes
  // (so msw 3's default, a warning, would apply): Storybook's own requests pass untouched.
  await worker.start({ quiet: true, onUnhandledFrame: 'bypass' })
  return worker
})

const preview: Preview = { beforeEach }

export default preview
