/**
 * @module schemas/envelope
 * The standard response envelope of the current gateway form
 * (`{ statusCode, message, data, traceId }`), generic over its `data`.
 */
import * as z from 'zod/mini'
import { documentedObject } from './documented.js'

/**
 * Builds the envelope schema around a `data` schema. Envelope fields the service adds are kept at run time,
 * outside the type.
 *
 * @example
 * ```ts
 * const refundResponse = envelopeSchema(refundResultSchema)
 * refundResponse.parse({ statusCode: 200, message: 'OK', data, traceId: 't-1' })
 * ```
 */
export function envelopeSchema<T extends z.core.$ZodType>(data: T) {
  return documentedObject({
    statusCode: z.number(),
    message: z.string(),
    data,
    traceId: z.string(),
  })
}

/**
 * A parsed envelope carrying `T`: the documented fields (fields the service adds are kept at run time, outside
 * the type).
 *
 * @example
 * ```ts
 * const res: Envelope<Balance> = balanceResponseSchema.parse(json)
 * res.data.usd.usable
 * ```
 */
export type Envelope<T> = {
  statusCode: number
  message: string
  data: T
  traceId: string
}
