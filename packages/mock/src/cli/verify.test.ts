/**
 * @module cli/verify.test
 * The exit status of `verify` when verify itself fails, rather than the target: its own status (4), after
 * the table, never a crash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MockServer } from '../adapters/http-server.js'
import { startMockServer } from '../adapters/start-mock-server.js'
import { parseCli } from './args.js'
import { DEMO_MERCHANT } from './demo-merchant.js'
import { verify } from './verify.js'

let target: MockServer
beforeAll(async () => {
  target = await startMockServer({ port: 0, seed: [DEMO_MERCHANT] })
})
afterAll(async () => {
  await target?.close()
})

describe('verify’s exit status when verify itself fails', () => {
  it('the in-process mock’s side cannot run: a row names the error under the table, exit 4 (not drift)', async () => {
    const parsed = parseCli(
      ['verify', '--base-url', target.url, '--api-key', DEMO_MERCHANT.apiKey, '--api-secret', DEMO_MERCHANT.apiSecret],
      'test',
    )
    if (parsed.command !== 'verify') throw new Error('not a verify command line')
    // A development code the command line would refuse: the in-process mock cannot be made with it.
    const out: string[] = []
    const code = await verify(
      { ...parsed, otp: '12ab' },
      { out: (line) => out.push(line), err: (line) => out.push(line) },
    )
    const table = out.join('\n')
    expect(table).toMatch(/^verify itself\s+\(failed\)\s+\(not compared\)\s+DRIFT$/m)
    expect(table).toContain("drift: the in-process mock's side could not be run: [mock] otpDevCode must be 6 digits")
    expect(table).toMatch(/^list stores\s+\(not run\)\s+200 envelope\s+DRIFT$/m)
    expect(code).toBe(4)
  })
})
