import { describe, expect, it } from 'vitest'
import { VERSION } from '../version.js'
import { sdkUserAgent } from './user-agent.js'

describe('sdkUserAgent', () => {
  it('names the SDK and the runtime with their versions on Node, Bun and Deno', () => {
    expect(sdkUserAgent({ process: { versions: { node: '24.9.0' }, release: { name: 'node' } } })).toBe(
      `merchant-gateway-sdk/${VERSION} node/24.9.0`,
    )
    expect(
      sdkUserAgent({
        Bun: { version: '1.2.3' },
        process: { versions: { node: '24.3.0', bun: '1.2.3' }, release: { name: 'node' } },
      }),
    ).toBe(`merchant-gateway-sdk/${VERSION} bun/1.2.3`)
    expect(
      sdkUserAgent({
        Deno: { version: { deno: '2.4.1' } },
        process: { versions: { node: '22.0.0' }, release: { name: 'node' } },
      }),
    ).toBe(`merchant-gateway-sdk/${VERSION} deno/2.4.1`)
  })

  it('sets nothing in a browser (no such globals) or where a bundler left a fake process without Node', () => {
    expect(sdkUserAgent({})).toBeUndefined()
    expect(sdkUserAgent({ process: { versions: {} } })).toBeUndefined()
    expect(sdkUserAgent({ process: { versions: { node: '24.0.0' }, release: { name: 'browserify' } } })).toBeUndefined()
  })

  it('reads the globals of the runtime it runs on by default (this one is Node)', () => {
    expect(sdkUserAgent()).toBe(`merchant-gateway-sdk/${VERSION} node/${process.versions.node}`)
  })
})
