/**
 * @module schemas/errors
 * The two error body shapes the gateway answers with (status-style `{statusCode, message, error}` and code-style
 * `{error: {code, message, request_id}}`), their union, and the HTTP status names used in status-style bodies.
 */
import * as z from 'zod/mini'
import { built } from './documented.js'

/**
 * Status-style error body: `{ statusCode, message, error }` where `error` is the status name.
 * Unknown fields are kept.
 *
 * @example
 * ```ts
 * statusErrorBodySchema.parse({ statusCode: 404, message: 'No stores found', error: 'Not Found' })
 * ```
 */
export const statusErrorBodySchema = built(() =>
  z.looseObject({
    statusCode: z.number(),
    message: z.string(),
    error: z.string(),
  }),
)

/**
 * A parsed status-style error body.
 *
 * @example
 * ```ts
 * const body: StatusErrorBody = { statusCode: 401, message: 'Invalid API key', error: 'Unauthorized' }
 * ```
 */
export type StatusErrorBody = z.infer<typeof statusErrorBodySchema>

/**
 * Code-style error body: `{ error: { code, message, request_id, details?, timestamp? } }`;
 * `timestamp` is Unix seconds. Unknown fields are kept at every level.
 *
 * @example
 * ```ts
 * codeErrorBodySchema.parse({
 *   error: {
 *     code: 'missing_idempotent_key',
 *     message: 'X-Idempotent-Key header is required',
 *     request_id: 'req_1',
 *     details: { endpoint: '/api/v1/payment-gateway/order/refund', required_header: 'X-Idempotent-Key' },
 *     timestamp: 1768867200,
 *   },
 * })
 * ```
 */
export const codeErrorBodySchema = built(() =>
  z.looseObject({
    error: z.looseObject({
      code: z.string(),
      message: z.string(),
      request_id: z.string(),
      details: z.optional(
        z.looseObject({
          endpoint: z.optional(z.string()),
          required_header: z.optional(z.string()),
          documentation: z.optional(z.string()),
        }),
      ),
      timestamp: z.optional(z.number()),
    }),
  }),
)

/**
 * A parsed code-style error body.
 *
 * @example
 * ```ts
 * const body: CodeErrorBody = { error: { code: 'invalid_signature', message: 'X-Signature does not match',
 *   request_id: 'req_2' } }
 * ```
 */
export type CodeErrorBody = z.infer<typeof codeErrorBodySchema>

/**
 * Either gateway error body shape. The two are told apart by `error`: a string in the
 * status style, an object in the code style.
 *
 * @example
 * ```ts
 * const parsed = errorBodySchema.safeParse(await res.json())
 * if (parsed.success && typeof parsed.data.error === 'object') console.log(parsed.data.error.code)
 * ```
 */
export const errorBodySchema = /* @__PURE__ */ z.union([statusErrorBodySchema, codeErrorBodySchema])

/**
 * A parsed error body of either shape.
 *
 * @example
 * ```ts
 * const code = (body: ErrorBody) => (typeof body.error === 'string' ? undefined : body.error.code)
 * ```
 */
export type ErrorBody = z.infer<typeof errorBodySchema>

/**
 * HTTP status names, as used in the `error` field of status-style bodies.
 *
 * @example
 * ```ts
 * const body = { statusCode: 404, message: 'Merchant not found', error: STATUS_NAMES[404] }
 * ```
 */
export const STATUS_NAMES: Readonly<Record<number, string>> = /* @__PURE__ */ Object.freeze({
  // (`@__PURE__`: a bundler may drop it, and what the freeze holds, from an app that never reads it.)
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
})
