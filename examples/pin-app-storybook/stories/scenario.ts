/**
 * A story's state, from a scenario file of the app: `fromScenario('pin-blocked')` loads
 * `../pin-app/scenarios/pin-blocked.json` into a fresh mock (`createMockGateway({ state })`, through the app's
 * src/mocks/shop.ts) before the story renders, and puts that mock's handlers (`mock.handlers` and the shop's
 * backend) in MSW's worker for the story.
 * Every render makes its own mock, so a story always starts from its file, whatever was clicked before.
 */
import type { MockSnapshot } from '@merchant-gateway/mock'
import type { StoryContext } from '@storybook/html-vite'
import { loadShop, type MockWorld, webhookUrlHere } from '../../pin-app/src/mocks/shop.js'

/** The app's scenario files, each loaded when a story asks for it. */
const files = import.meta.glob<MockSnapshot>('../../pin-app/scenarios/*.json', { import: 'default' })

/** The names of the scenario files (`../pin-app/scenarios/<name>.json`). */
export type ScenarioName =
  | 'pin-not-set'
  | 'pin-set'
  | 'pin-blocked'
  | 'otp-expired'
  | 'order-pending'
  | 'order-paid'
  | 'payment-failed'
  | 'refund-pending'

/** What a story's render and play functions get in `context.loaded`. */
export interface Loaded {
  world: MockWorld
  saved: MockSnapshot
}

/** The `loaders` and `beforeEach` of a story that starts from the app's `scenarios/<name>.json`. */
export function fromScenario(name: ScenarioName) {
  return {
    loaders: [
      async (): Promise<Loaded> => {
        const load = files[`../../pin-app/scenarios/${name}.json`]
        if (!load) throw new Error(`No scenario file ../pin-app/scenarios/${name}.json`)
        const saved = await load()
        return { saved, world: await loadShop(saved, webhookUrlHere()) }
      },
    ],
    beforeEach: ({ loaded, msw }: StoryContext) => {
      msw.use(...(loaded as Loaded).world.handlers)
    },
  }
}
