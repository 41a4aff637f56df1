/**
 * @module pipelines.test
 * The gateway's and the PIN module's pipelines are one list of named steps each, sharing every step, and
 * differing only where the contract does: the gateway reads the body before it authenticates (a signature
 * covers the body's bytes), the PIN module checks the token first; only the gateway takes idempotency keys and
 * has records that fall due.
 */
import { GATEWAY_PATHS, HEADERS, PIN_PATHS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { createMockGateway } from '../create-mock-gateway.js'
import { GATEWAY_STEPS, PIN_STEPS } from './pipelines.js'

const names = (steps: readonly { name: string }[]) => steps.map((step) => step.name)

describe('the pipelines as lists of named steps', () => {
  it('each is one ordered list of named steps', () => {
    expect(names(GATEWAY_STEPS)).toEqual([
      'ready',
      'retention',
      'arrival',
      'log',
      'faults',
      'refusals',
      'body',
      'authentication',
      'media type',
      'parse',
      'idempotency',
      'latency',
      'one at a time',
      'due work',
      'operation',
    ])
    expect(names(PIN_STEPS)).toEqual([
      'ready',
      'retention',
      'arrival',
      'log',
      'faults',
      'refusals',
      'authentication',
      'body',
      'media type',
      'parse',
      'latency',
      'one at a time',
      'operation',
    ])
  })

  it('they share their steps, the very same ones, and differ only by idempotency and due work', () => {
    const pin = new Set(PIN_STEPS)
    expect(GATEWAY_STEPS.filter((step) => !pin.has(step)).map((step) => step.name)).toEqual(['idempotency', 'due work'])
    expect(PIN_STEPS.every((step) => GATEWAY_STEPS.includes(step))).toBe(true)
  })

  it('the PIN module refuses a request without its token before reading the body; the gateway reads it', async () => {
    const mock = createMockGateway({ seed: [{ apiKey: 'mk_pipelines' }] })
    const post = (path: string, headers: Record<string, string>) =>
      mock.fetch(`${mock.baseUrl}${path}`, { method: 'POST', headers, body: '{not json' })
    const pin = await post(PIN_PATHS.setPin, { 'Content-Type': 'application/json' })
    expect(pin.status).toBe(401)
    const refund = await post(GATEWAY_PATHS.refundOrder, { [HEADERS.apiKey]: 'mk_unknown' })
    // The body is read, its bytes kept for the signature, before the key is looked at: the key is refused.
    expect(refund.status).toBe(401)
    const tooLarge = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.refundOrder}`, {
      method: 'POST',
      headers: { [HEADERS.apiKey]: 'mk_unknown' },
      body: 'x'.repeat(70_000),
    })
    expect(tooLarge.status).toBe(413)
    const pinTooLarge = await mock.fetch(`${mock.baseUrl}${PIN_PATHS.setPin}`, {
      method: 'POST',
      body: 'x'.repeat(70_000),
    })
    expect(pinTooLarge.status).toBe(401)
  })
})
