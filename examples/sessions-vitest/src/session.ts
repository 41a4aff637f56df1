/**
 * A session of the run's mock server for the calling test file: made before its first test, ended after its
 * last. The file's SDK client, curl, or any other client reaches the session by its base URL alone.
 */
import { GatewayClient } from '@merchant-gateway/sdk'
import { afterAll, beforeAll, expect, inject } from 'vitest'

/** A test file's session: its base URL, the demo merchant's keys, its client and its control API. */
export interface FileSession {
  baseUrl: string
  gateway: GatewayClient
  /** A call to the session's control API (`<baseUrl>/__mock/...`): the test acting as the outside world. */
  control<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T>
}

/**
 * Registers the file's session: made in `beforeAll`, ended in `afterAll`. Read it in a test (or a later
 * `beforeAll`), not at the top of the file: it exists once the file's tests start.
 */
export function useSession(): () => FileSession {
  let made: (FileSession & { id: string }) | undefined
  beforeAll(async () => {
    const mockUrl = inject('mockUrl')
    const res = await fetch(`${mockUrl}/__mock/sessions`, { method: 'POST' })
    expect(res.status).toBe(201)
    const { id, baseUrl, merchant } = (await res.json()) as {
      id: string
      baseUrl: string
      merchant: { apiKey: string; apiSecret: string }
    }
    const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const answer = await fetch(`${baseUrl}${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
      })
      if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`)
      return (answer.status === 204 ? undefined : await answer.json()) as T
    }
    const gateway = new GatewayClient({ baseUrl, apiKey: merchant.apiKey, apiSecret: merchant.apiSecret })
    made = { id, baseUrl, gateway, control }
  })
  afterAll(async () => {
    if (made === undefined) return
    const res = await fetch(`${inject('mockUrl')}/__mock/sessions/${made.id}`, { method: 'DELETE' })
    expect(res.status).toBe(204)
  })
  return () => {
    if (made === undefined) throw new Error('the session is made in beforeAll: read it inside a test')
    return made
  }
}
