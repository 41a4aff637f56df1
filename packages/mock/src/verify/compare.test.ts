/**
 * @module verify/compare.test
 * What `verify` counts as drift between two answers, and what it never compares.
 */
import { describe, expect, it } from 'vitest'
import { compareShapes, shapeOf } from './compare.js'

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: new Headers(headers),
  text: JSON.stringify(body),
})
const envelope = (data: unknown) => ({ statusCode: 200, message: 'OK', data, traceId: 't-1' })
const store = { storeId: 101, storeName: 'Demo Store', address: '1 Demo Street' }
const order = { order_id: '1024', qr_code: 'https://q/1.png', status: 'pending', created_at: '2026-11-02T09:00:00Z' }
const drifts = (
  a: ReturnType<typeof shapeOf>,
  b: ReturnType<typeof shapeOf>,
  op?: Parameters<typeof shapeOf>[1],
  options?: Parameters<typeof compareShapes>[3],
) =>
  compareShapes(a, b, op, options)
    .filter((d) => d.severity === 'drift')
    .map((d) => d.text)

describe('verify compares what a client depends on', () => {
  it('never compares values that differ by nature: ids, times, QR data, names', () => {
    const mine = shapeOf(answer(200, order), 'createOrder')
    const theirs = shapeOf(
      answer(200, { ...order, order_id: '9', qr_code: 'other', created_at: '2030-01-01T00:00:00Z' }),
      'createOrder',
    )
    expect(compareShapes(mine, theirs, 'createOrder')).toEqual([])
  })

  it('an id sent as a string where the mock sends a number is drift, named by its field', () => {
    const mine = shapeOf(answer(200, envelope([store])), 'listStores')
    const theirs = shapeOf(answer(200, envelope([{ ...store, storeId: '101' }])), 'listStores')
    expect(drifts(mine, theirs, 'listStores')).toContain(
      'field type: mock data[].storeId: number, target data[].storeId: string',
    )
  })

  it('a field the target adds that the contract does not know is a note, drift with strict; the mock’s, drift', () => {
    const theirs = shapeOf(answer(200, { ...order, loyalty_points: 3 }), 'createOrder')
    expect(theirs.unknownFields).toEqual(['loyalty_points'])
    const mine = shapeOf(answer(200, order), 'createOrder')
    expect(compareShapes(mine, theirs, 'createOrder')).toEqual([
      {
        severity: 'note',
        text:
          'target field not in the contract: loyalty_points (a client that ignores unknown fields is not broken; ' +
          'drift with --strict)',
      },
    ])
    expect(drifts(mine, theirs, 'createOrder', { strict: true })).toEqual([
      'target field not in the contract: loyalty_points',
    ])
    expect(drifts(theirs, mine, 'createOrder')).toEqual([
      'field missing at the target: loyalty_points: number',
      'mock field not in the contract: loyalty_points',
    ])
  })

  it('a field only at the target that the contract documents is drift: the mock leaves it out', () => {
    const details = { endpoint: '/api/v1/payment-gateway/order/refund' }
    const coded = (extra: object) =>
      answer(400, { error: { code: 'missing_idempotent_key', message: 'm', request_id: 'r', ...extra } })
    expect(drifts(shapeOf(coded({})), shapeOf(coded({ details })))).toEqual([
      'field only at the target: error.details.endpoint: string',
    ])
  })

  it('with no schema of the answer (the PIN module), a field only at the target is a note, drift with strict', () => {
    const pin = (extra: object) => shapeOf(answer(200, { status_code: 200, message: 'PIN set', data: null, ...extra }))
    expect(compareShapes(pin({}), pin({ request_id: 'r' }))).toEqual([
      {
        severity: 'note',
        text:
          'field only at the target: request_id: string (not in the mock; a client that ignores unknown fields ' +
          'is not broken)',
      },
    ])
    expect(drifts(pin({}), pin({ request_id: 'r' }), undefined, { strict: true })).toEqual([
      'field only at the target: request_id: string',
    ])
  })

  it('a bare body where the envelope belongs is drift; a documented bare body in the envelope is a note', () => {
    const balance = { usd: { balance: 1, freeze: 0, usable: 1 }, khr: { balance: 1, freeze: 0, usable: 1 } }
    expect(
      drifts(
        shapeOf(answer(200, envelope(balance)), 'balanceInquiry'),
        shapeOf(answer(200, balance), 'balanceInquiry'),
      ),
    ).toContain('body style: mock envelope, target bare')
    const wrapped = compareShapes(
      shapeOf(answer(200, order), 'createOrder'),
      shapeOf(answer(200, envelope(order)), 'createOrder'),
      'createOrder',
    )
    expect(wrapped).toEqual([expect.objectContaining({ severity: 'note' })])
  })

  it('the error body style and code are compared: status-style is not code-style', () => {
    const status = shapeOf(answer(401, { statusCode: 401, message: 'Invalid API key', error: 'Unauthorized' }))
    const code = shapeOf(answer(401, { error: { code: 'invalid_api_key', message: 'no', request_id: 'r' } }))
    expect(status.style).toBe('status-error')
    expect(code.style).toBe('code-error')
    expect(drifts(status, code)).toEqual([
      'body style: mock status-error, target code-error',
      'error code: mock (none), target invalid_api_key',
    ])
  })

  it('the deprecation header is compared by its presence, never its text', () => {
    const sent = shapeOf(answer(200, order, { 'X-Service-Deprecation-Warning': 'one text' }), 'createOrder')
    const other = shapeOf(answer(200, order, { 'X-Service-Deprecation-Warning': 'another' }), 'createOrder')
    expect(drifts(sent, other, 'createOrder')).toEqual([])
    expect(drifts(sent, shapeOf(answer(200, order), 'createOrder'), 'createOrder')).toEqual([
      'X-Service-Deprecation-Warning: mock sent, target absent',
    ])
  })

  it('no answer at all (a network error) is its own style, and one drift against an answer, not three', () => {
    const none = shapeOf({ status: 0, headers: new Headers(), text: 'fetch failed' })
    expect(none.style).toBe('no-answer')
    expect(drifts(shapeOf(answer(200, order), 'createOrder'), none)).toEqual(['no answer at the target'])
    expect(drifts(none, shapeOf(answer(200, order), 'createOrder'))).toEqual(['no answer at the mock'])
  })
})
