/**
 * Starts one mock server for the whole test run, before any test
 * file, and stops it after the last: the files reach it by the URL
 * provided here (`inject('mockUrl')`), each through a session of
 * its own.
 */
import { DEMO_MERCHANT } from '@merchant-gateway/mock/server'
import { startMockServer } from '@merchant-gateway/mock/server'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The mock server's root URL: `POST <mockUrl>/__mock/sessions`
     * makes a session.
     */
    mockUrl: string
  }
}

export default async function setup(project: TestProject) {
  // 127.0.0.1 on a free port; each session starts with the demo
  // merchant (its keys come back with the session).
  const seed = [DEMO_MERCHANT]
  const server = await startMockServer({ port: 0, seed, tickMs: 0 })
  project.provide('mockUrl', server.url)
  return () => server.close()
}
