/**
 * @module openapi-tools/examples/collect-control-examples
 * The control document's examples: every control route called once, in an order that gives each a
 * meaningful answer, through the control API's Fetch handler on an in-process mock (frozen clock,
 * seeded randomness, webhooks answered by a stub instead of the network).
 */
import { GATEWAY_PATHS, HEADERS, PIN_PATHS } from '@merchant-gateway/contract'
import { DEMO_MERCHANT, startMockServer } from '@merchant-gateway/mock/server'
import type { ControlExamples } from '../control/control-document.js'
import { caller, controlCaller, EXAMPLE_NOW, newMock } from './collect-examples.js'
import { withSeededRandomness } from '@merchant-gateway/mock'

/**
 * Calls every control route and returns its request and answer by `METHOD /path`.
 *
 * @example
 * ```ts
 * const examples = await collectControlExamples()
 * examples['GET /clock'] // { status: 200, response: { now: '2026-11-02T09:00:00.000Z' } }
 * ```
 */
export async function collectControlExamples(): Promise<ControlExamples> {
  return withSeededRandomness(4010, async () => {
    const mock = newMock(EXAMPLE_NOW, { webhookFetch: async () => new Response('{"received":true}', { status: 200 }) })
    const control = controlCaller(mock)
    const call = caller(mock)
    const examples: ControlExamples = {}
    const record = async (key: string, path: string, request?: unknown) => {
      const [method] = key.split(' ')
      const answer = await control(method!, `/__mock${path}`, request)
      examples[key] = { status: answer.status, request, response: answer.body }
      return answer.body as Record<string, unknown>
    }

    await record('GET /clock', '/clock')
    const merchant = await record('POST /merchants', '/merchants', {
      name: 'Riverside Coffee',
      balances: { usd: 100, khr: 400000 },
      webhookUrl: 'http://127.0.0.1:8080/webhooks',
    })
    const id = merchant.merchantId as number
    await record('GET /merchants/{merchantId}', `/merchants/${id}`)
    await record('PATCH /merchants/{merchantId}', `/merchants/${id}`, { webhookUrl: 'http://127.0.0.1:3000/webhooks' })
    await record('GET /merchants/{merchantId}/balances', `/merchants/${id}/balances`)
    const store = await record('POST /merchants/{merchantId}/stores', `/merchants/${id}/stores`, {
      storeName: 'Riverside',
      address: '12 Sisowath Quay, Phnom Penh',
    })
    await record(
      'PATCH /merchants/{merchantId}/stores/{storeId}',
      `/merchants/${id}/stores/${store.storeId as number}`,
      { storeName: 'Riverside North' },
    )
    await record('POST /merchants/{merchantId}/accounts', `/merchants/${id}/accounts`, {
      accountNumber: '200300400',
      accountName: 'Riverside Coffee Ltd',
      failAtSettlement: false,
    })

    const headers = { [HEADERS.apiKey]: merchant.apiKey as string }
    const order = (
      await call('POST', GATEWAY_PATHS.createOrder, {
        headers,
        body: { storeId: store.storeId, amount: 4.5, currency: 'USD' },
      })
    ).body as { order_id: string }
    const paid = await record('POST /payments', '/payments', {
      orderId: Number(order.order_id),
      status: 'SUCCESS',
      payer: { accountName: 'Dara Sok', accountNumber: '012345678' },
    })
    await record('GET /orders/{orderId}', `/orders/${order.order_id}`)
    await record('GET /transactions/{transactionId}', `/transactions/${paid.transactionId as number}`)
    await record('POST /clock', '/clock', { advanceMs: 60_000 })
    await record('POST /settle', '/settle', {})

    const user = await record('POST /users', '/users', { email: 'dara@example.com', emailVerified: true })
    await call('POST', PIN_PATHS.forgotPin, {
      headers: { Authorization: `Bearer ${user.accessToken as string}` },
      body: { email: 'dara@example.com' },
    })
    await record('GET /otp', '/otp')
    await record('GET /users', '/users')
    await record('GET /users/{userId}', `/users/${user.userId as number}`)
    await record('GET /requests', '/requests?limit=2')
    // durationMs is real time, different on every run: a fixed value keeps the document reproducible.
    for (const entry of examples['GET /requests']!.response as Array<{ durationMs: number }>) entry.durationMs = 0.4
    await record('DELETE /requests', '/requests')

    await record('GET /webhooks', '/webhooks')
    const [firstWebhook] = (await control('GET', '/__mock/webhooks')).body as Array<{ id: number }>
    await record('POST /webhooks/{webhookId}/redeliver', `/webhooks/${firstWebhook!.id}/redeliver`, {})
    await record('GET /version', '/version')
    await record('GET /snapshot', '/snapshot?limit=2')
    await record('POST /webhooks/deliver-due', '/webhooks/deliver-due', {})
    await record('POST /webhooks/duplicate-next', '/webhooks/duplicate-next', {})
    await record('POST /webhooks/hold-next', '/webhooks/hold-next', {})
    await record('POST /webhooks/stale-next', '/webhooks/stale-next', { seconds: 600 })
    await record('POST /faults', '/faults', { route: `POST ${GATEWAY_PATHS.refundOrder}`, kind: 'drop-response' })
    await record('GET /faults', '/faults')
    await record('DELETE /faults', '/faults')
    // A saved state loaded back: the document's format and state (its lists for people are not read).
    const saved = (await control('GET', '/__mock/snapshot')).body as { format: number; state: unknown }
    await record('POST /snapshot', '/snapshot', { format: saved.format, state: saved.state })
    await record('GET /audit', '/audit')
    await record('GET /stats', '/stats')
    await record(
      'DELETE /merchants/{merchantId}/stores/{storeId}',
      `/merchants/${id}/stores/${store.storeId as number}`,
    )
    await record('DELETE /merchants/{merchantId}', `/merchants/${id}`)
    await record('POST /reset', '/reset', {})
    await recordSessions(examples)
    return examples
  })
}

/**
 * The session routes' examples, from a server of their own (sessions are the HTTP server's): made, listed,
 * ended. Its port and the real times of a session's life are put at fixed values, so the document is the same
 * on every run.
 */
async function recordSessions(examples: ControlExamples): Promise<void> {
  const server = await startMockServer({
    port: 0,
    seed: [DEMO_MERCHANT],
    clock: { now: EXAMPLE_NOW, frozen: true },
    tickMs: 0,
  })
  const fixed = (body: unknown) =>
    JSON.parse(
      JSON.stringify(body)
        .replaceAll(server.url, 'http://127.0.0.1:4010')
        .replace(/("createdAt":|"lastUsedAt":)"[^"]+"/g, `$1"${EXAMPLE_NOW}"`)
        .replace(/("expiresAt":)"[^"]+"/g, '$1"2026-11-02T09:30:00.000Z"'),
    ) as unknown
  const record = async (key: string, path: string, request?: unknown) => {
    const [method] = key.split(' ')
    const res = await fetch(`${server.url}${path}`, {
      method,
      ...(request === undefined
        ? {}
        : { body: JSON.stringify(request), headers: { 'Content-Type': 'application/json' } }),
    })
    const text = await res.text()
    const response = text === '' ? undefined : fixed(JSON.parse(text))
    examples[key] = { status: res.status, request, response }
    return response as Record<string, unknown>
  }
  try {
    const made = await record('POST /sessions', '/__mock/sessions', {
      now: '2026-11-02T09:00:00Z',
      frozen: true,
      webhookUrl: 'http://127.0.0.1:3000/webhooks',
    })
    await record('GET /sessions', '/__mock/sessions')
    await record('DELETE /sessions/{sessionId}', `/__mock/sessions/${made.id as string}`)
  } finally {
    await server.close()
  }
}
