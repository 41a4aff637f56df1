/**
 * @module options.test
 * The options of `createMockGateway` are checked before anything is made: an unknown name is a `TypeError`, a
 * value its option does not take a `RangeError` naming the option, the value and what is allowed, every problem
 * in one message. A misspelt value is never replaced by the default.
 */
import { describe, expect, it } from 'vitest'
import { createMockGateway } from './create-mock-gateway.js'
import { type MockGatewayOptions, resolveOptions } from './options.js'

/** The error `createMockGateway(options)` throws: its class and message. */
function refusal(options: Record<string, unknown>): { type: string; message: string } {
  try {
    createMockGateway(options as MockGatewayOptions)
  } catch (error) {
    return { type: (error as Error).constructor.name, message: (error as Error).message }
  }
  throw new Error(`expected ${JSON.stringify(options)} to be refused`)
}

describe('option values are checked, never replaced by the default', () => {
  it.each([
    [
      { responseStyle: 'envelop' },
      `[mock] responseStyle must be 'as-documented' or 'envelope', got "envelop" (did you mean 'envelope'?)`,
    ],
    [
      { unknownPayoutAccount: 'rejct' },
      `[mock] unknownPayoutAccount must be 'fail-at-settlement' or 'reject', got "rejct" (did you mean 'reject'?)`,
    ],
    [{ emptyStoreList: 'empty' }, `[mock] emptyStoreList must be 'not-found' or 'empty-list', got "empty"`],
    [{ resetClock: null }, `[mock] resetClock must be 'keep' or 'start', got null`],
  ])('an enumeration takes its allowed values only, naming them and the nearest: %j', (options, message) => {
    expect(refusal(options)).toEqual({ type: 'RangeError', message })
  })

  it.each([
    [{ autoSettle: 'no' }, '[mock] autoSettle must be true or false, got "no"'],
    [{ strictContentType: 0 }, '[mock] strictContentType must be true or false, got 0'],
    [{ rejectReplayedSignatures: 'true' }, '[mock] rejectReplayedSignatures must be true or false, got "true"'],
    [{ clock: { frozen: 'yes' } }, '[mock] clock.frozen must be true or false, got "yes"'],
  ])('a boolean option takes true or false only: %j', (options, message) => {
    expect(refusal(options)).toEqual({ type: 'RangeError', message })
  })

  it('webhookStatuses takes SUCCESS and FAILED only: another spelling names the nearest, PENDING says why', () => {
    expect(refusal({ webhookStatuses: ['success'] }).message).toBe(
      `[mock] webhookStatuses[0] must be 'SUCCESS' or 'FAILED', got "success" (did you mean 'SUCCESS'?)`,
    )
    expect(refusal({ webhookStatuses: ['SUCCESS', 'PENDING'] }).message).toBe(
      `[mock] webhookStatuses[1] must be 'SUCCESS' or 'FAILED', got "PENDING" (a pending payment sends no webhook)`,
    )
    expect(refusal({ webhookStatuses: 'SUCCESS' }).message).toBe(
      `[mock] webhookStatuses must be an array of 'SUCCESS' and 'FAILED', got "SUCCESS"`,
    )
    expect(resolveOptions({ webhookStatuses: [] }).webhookStatuses).toEqual([])
  })

  it.each([
    [{ signatureToleranceSeconds: Number.NaN }, 'signatureToleranceSeconds must be a number >= 0 (Infinity turns'],
    [{ signatureToleranceSeconds: '300' }, 'signatureToleranceSeconds must be a number >= 0'],
    [{ settlementBusinessDays: { refund: 1.5 } }, 'settlementBusinessDays.refund must be an integer >= 0, got 1.5'],
    [{ settlementBusinessDays: 3 }, 'settlementBusinessDays must be an object { refund?, payout? }, got 3'],
    [{ pinHashIterations: Number.POSITIVE_INFINITY }, 'pinHashIterations must be an integer >= 1, got Infinity'],
    [{ webhookRetrySchedule: [60_000, -1] }, 'webhookRetrySchedule[1] must be an integer >= 0 (ms), got -1'],
    [{ forgotPinLimit: { max: 5, windowSeconds: 0 } }, 'forgotPinLimit.windowSeconds must be an integer from 1'],
    [{ forgotPinLimit: true }, 'forgotPinLimit must be false or { max: integer >= 1, windowSeconds: integer from'],
    [{ retention: { webhooks: null } }, 'retention.webhooks must be an object { max?, maxAgeSeconds? }, got null'],
    [{ requestLogLimit: '10' }, 'requestLogLimit must be an integer >= 0, got "10"'],
    [{ keepRecordsSeconds: 0 }, 'keepRecordsSeconds must be a whole number of seconds >= 1, got 0'],
    [{ otpDevCode: 123456 }, 'otpDevCode must be 6 digits, got 123456'],
    [{ baseUrl: 'gateway.test' }, 'baseUrl must be an absolute URL, got "gateway.test"'],
    [{ webhookFetch: 'fetch' }, 'webhookFetch must be a function (a fetch), got "fetch"'],
  ])('a number, string, object or function option takes what its TSDoc allows: %j', (options, message) => {
    expect(refusal(options)).toEqual({ type: 'RangeError', message: expect.stringContaining(`[mock] ${message}`) })
  })

  it('a seed given as null is refused by the seed check, not taken for an empty seed', () => {
    expect(refusal({ seed: null })).toEqual({ type: 'RangeError', message: expect.stringMatching(/^\[mock\] seed: /) })
  })

  it('every refused value is named in one RangeError, in the order of the options', () => {
    expect(refusal({ autoSettle: 'no', responseStyle: 'envelop', webhookStatuses: ['PENDING'] }).message).toBe(
      `[mock] responseStyle must be 'as-documented' or 'envelope', got "envelop" (did you mean 'envelope'?); ` +
        'autoSettle must be true or false, got "no"; ' +
        `webhookStatuses[0] must be 'SUCCESS' or 'FAILED', got "PENDING" (a pending payment sends no webhook)`,
    )
  })

  it('an unknown key of an object option is a TypeError naming it, as an unknown option is', () => {
    expect(refusal({ settlementBusinessDays: { refnd: 3 }, clock: { frozn: true } })).toEqual({
      type: 'TypeError',
      message:
        '[mock] unknown clock option "frozn"; they are now, frozen; ' +
        'unknown settlementBusinessDays option "refnd"; they are refund, payout',
    })
  })

  it('a value an option takes is used, and an option given as undefined takes its default', () => {
    const resolved = resolveOptions({
      responseStyle: 'envelope',
      unknownPayoutAccount: 'reject',
      autoSettle: false,
      webhookStatuses: ['FAILED'],
      settlementBusinessDays: { refund: 3, payout: undefined },
      signatureToleranceSeconds: Number.POSITIVE_INFINITY,
      retention: { outbox: { max: 10 } },
      emptyStoreList: undefined,
    })
    expect(resolved).toMatchObject({
      responseStyle: 'envelope',
      unknownPayoutAccount: 'reject',
      autoSettle: false,
      webhookStatuses: ['FAILED'],
      settlementBusinessDays: { refund: 3, payout: 2 },
      signatureToleranceSeconds: Number.POSITIVE_INFINITY,
      retention: { outbox: { max: 10, maxAgeSeconds: 604_800 }, webhooks: { max: 1000, maxAgeSeconds: 604_800 } },
      emptyStoreList: 'not-found',
    })
  })
})
