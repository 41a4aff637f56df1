/**
 * A session of the run's mock server for the calling test file:
 * made before its first test, ended after its last. The file's SDK
 * client, curl, or any other client reaches the session by its base
 * URL alone.
 */
import { GatewayClient } from '@merchant-gateway/sdk'
import { afterAll, beforeAll, expect, inject } from 'vitest'

/** A control API call: its method, path and JSON body. */
type Call = [method: Method, path: string, body?: unknown]
type Method = 'GET' | 'POST' | 'DELETE'

/** Reading the session at the top of a file, before it exists. */
const EARLY = 'the session is made in beforeAll: read it in a test'

/**
 * A test file's session: its base URL, the demo merchant's keys,
 * its client and its control API.
 */
export interface FileSession {
  baseUrl: string
  gateway: GatewayClient
  /**
   * A call to the session's control API (`<baseUrl>/__mock/...`):
   * the test acting as the outside world.
   */
  control<T = unknown>(...call: Call): Promise<T>
}

/**
 * Registers the file's session: made in `beforeAll`, ended in
 * `afterAll`. Read it in a test (or a later `beforeAll`), not at
 * the top of the file: it exists once the file's tests start.
 */
export function useSession(): () => FileSession {
  let made: (FileSession & { id: string }) | undefined
  beforeAll(async () => {
    const sessions = `${inject('mockUrl')}/__mock/sessions`
    const res = await fetch(sessions, { method: 'POST' })
    expect(res.status).toBe(201)
    const { id, baseUrl, merchant } = (await res.json()) as {
      id: string
      baseUrl: string
      merchant: { apiKey: string; apiSecret: string }
    }
    const control = async <T>(...[method, path, body]: Call) => {
      const init: RequestInit = { method }
      if (body !== undefined) {
        init.body = JSON.stringify(body)
        init.headers = { 'Content-Type': 'application/json' }
      }
      const answer = await fetch(`${baseUrl}${path}`, init)
      if (!answer.ok) {
        const text = `${answer.status} ${await answer.text()}`
        throw new Error(`${method} ${path}: ${text}`)
      }
      if (answer.status === 204) return undefined as T
      return (await answer.json()) as T
    }
    const { apiKey, apiSecret } = merchant
    const sdk = new GatewayClient({ baseUrl, apiKey, apiSecret })
    made = { id, baseUrl, gateway: sdk, control }
  })
  afterAll(async () => {
    if (made === undefined) return
    const url = `${inject('mockUrl')}/__mock/sessions/${made.id}`
    const res = await fetch(url, { method: 'DELETE' })
    expect(res.status).toBe(204)
  })
  return () => {
    if (made === undefined) throw new Error(EARLY)
    return made
  }
}
