/**
 * The mock's matchers registered in vitest's `expect`, with their types added to vitest's `Assertion`: import
 * it once in a setup file (`test.setupFiles` of vitest.config.ts), and `expect(mock).toHaveReceived(...)`
 * works in every test file. vitest is an optional peer dependency of the mock: only this entry imports it.
 *
 * ```ts
 * // vitest.setup.ts
 * import '@merchant-gateway/mock/vitest'
 * ```
 *
 * @module \@merchant-gateway/mock/vitest
 */
import { expect } from 'vitest'
import { mockMatchers, type MockMatchers } from './matchers.js'

expect.extend(mockMatchers)

declare module 'vitest' {
  interface Matchers<R, T> extends MockMatchers<R, T> {}
}
