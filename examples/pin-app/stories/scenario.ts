/**
 * A story's state, from a scenario file: `fromScenario('pin-blocked')` loads `scenarios/pin-blocked.json`
 * into a fresh mock (`createMockGateway({ state })`, through src/mocks/shop.ts) before the story renders,
 * and puts that mock's handlers (`mock.handlers` and the shop's backend) in MSW's worker for the story.
 * Every render makes its own mock, so a story always starts from its file, whatever was clicked before.
 */
import type { MockSnapshot } from '@merchant-gateway/mock'
import type { StoryContext } from '@storybook/html-vite'
import { loadShop, type MockWorld, webhookUrlHere } from '../src/mocks/shop.js'

/** The scenario files, each loaded when a story asks for it. */
const files = import.meta.glob<MockSnapshot>('../scenarios/*.json', { import: 'default' })

/** The names of the scenario files (`scenarios/<name>.json`). */
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

/** The `loaders` and `beforeEach` of a story that starts from `scenarios/<name>.json`. */
export function fromScenario(name: ScenarioName) {
  return {
    loaders: [
      async (): Promise<Loaded> => {
        const load = files[`../scenarios/${name}.json`]
        if (!load) throw new Error(`No scenario file scenarios/${name}.json`)
        const saved = await load()
        return { saved, world: await loadShop(saved, webhookUrlHere()) }
      },
    ],
    beforeEach: ({ loaded, msw }: StoryContext) => {
      msw.use(...(loaded as Loaded).world.handlers)
    },
  }
}
