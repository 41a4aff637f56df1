/**
 * An operation the example story does not cover gets its success example from the SDK's call beside its
 * prose: run here for every operation of the table, each call answers 200 and its recorded request and answer
 * are what the contract's schemas of the operation accept.
 */
import {
  GATEWAY_OPERATIONS,
  type GatewayOperation,
  type OperationId,
  OPERATION_REQUESTS,
  OPERATION_RESPONSES,
  PIN_OPERATIONS,
  PIN_REQUESTS,
  PIN_RESPONSES,
  type PinOperation,
} from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { collectCallExamples } from '../src/examples/call-examples.js'
import { EXAMPLE_NOW } from '../src/examples/collect-examples.js'

const IDS = [...Object.keys(GATEWAY_OPERATIONS), ...Object.keys(PIN_OPERATIONS)] as OperationId[]

describe("examples from the SDK's calls", () => {
  it.each(IDS)('%s: the call answers 200, and its request and answer are what the contract accepts', async (id) => {
    const examples = (await collectCallExamples([id], EXAMPLE_NOW))[id]!
    const answer = examples.responses['200']!.sdk!.value
    const request = examples.request?.sdk?.value
    if (id in GATEWAY_OPERATIONS) {
      const op = id as GatewayOperation
      expect(z.safeParse(OPERATION_RESPONSES[op], answer).success).toBe(true)
      const schema = OPERATION_REQUESTS[op]
      if (GATEWAY_OPERATIONS[op].request === 'query') expect(z.safeParse(schema!, examples.query).success).toBe(true)
      else if (schema !== null) expect(z.safeParse(schema, request).success).toBe(true)
    } else {
      const op = id as PinOperation
      expect(z.safeParse(PIN_RESPONSES[op], answer).success).toBe(true)
      expect(z.safeParse(PIN_REQUESTS[op], request).success).toBe(true)
    }
  })
})
