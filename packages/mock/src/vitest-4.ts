/**
 * The mock's matchers registered in vitest's `expect`, typed for vitest 3.2 and 4 (vitest 5 needs Node 22, so a
 * project on Node 20 runs vitest 4): what `@merchant-gateway/mock/vitest` is for vitest 5. Import one of the two,
 * once, in a setup file (`test.setupFiles` of vitest.config.ts).
 *
 * ```ts
 * // vitest.setup.ts, with vitest 3.2 or 4
 * import '@merchant-gateway/mock/vitest-4'
 * ```
 *
 * The two entries differ in their types alone. vitest 5 declares its `Matchers` with two type parameters (what a
 * matcher returns, and the type received), vitest 3.2 and 4 with one, and TypeScript refuses two declarations of
 * one interface whose type parameters differ: `/vitest`'s augmentation breaks vitest 4's own types (TS2428) and
 * its matchers do not show. vitest 3.2 and 4 also take matchers added to the global `jest.Matchers<R, T>`, which
 * their `Assertion` extends; that is the one this entry adds to, and vitest 5 has no such interface.
 *
 * @module \@merchant-gateway/mock/vitest-4
 */
import { expect } from 'vitest'
import { mockMatchers, type MockMatchers } from './matchers.js'

expect.extend(mockMatchers)

declare global {
  // biome-ignore lint/style/noNamespace: vitest 3.2 and 4 read added matchers from the global `jest` namespace
  namespace jest {
    interface Matchers<R, T> extends MockMatchers<R, T> {}
  }
}
