/**
 * @module openapi-tools/gateway/refusals
 * The refusals the service document describes, shared by its operations: the gateway's (a bad request, an
 * unknown key, a bad signature, a key still in flight), the PIN module's, the service's limits (413, 414)
 * and "any other status", which every operation can meet. Their texts are built from the contract's codes,
 * headers, limits and release dates, so a changed constant changes the document.
 */
import {
  codeErrorBodySchema,
  ERROR_CODES,
  errorBodySchema,
  HEADERS,
  LIMITS,
  statusErrorBodySchema,
} from '@merchant-gateway/contract'
import type * as z from 'zod/mini'
import { pinErrorBodySchema } from './pin-schemas.js'
import { day, R13, R14 } from './schema-metadata.js'

type Schema = z.core.$ZodType

/**
 * One documented refusal of an operation: the body it answers and what it means.
 *
 * @example
 * ```ts
 * const notFound: ErrorSpec = { schema: statusErrorBodySchema, description: 'The order is unknown.' }
 * ```
 */
export interface ErrorSpec {
  schema: Schema
  description: string
}

/**
 * The contract's error codes, each in backticks, for a description.
 *
 * @example
 * ```ts
 * codes('insufficient_funds', 'idempotency_key_mismatch') // '`insufficient_funds`, `idempotency_key_mismatch`'
 * ```
 */
export const codes = (...list: Array<keyof typeof ERROR_CODES>): string =>
  list.map((c) => `\`${ERROR_CODES[c]}\``).join(', ')

// --- Shared refusals of the gateway -----------------------------------------------------------------

/** 400 of a standard endpoint: a header, the body or a field. */
export const BAD_REQUEST: ErrorSpec = {
  schema: statusErrorBodySchema,
  description:
    `A missing or malformed header (\`${HEADERS.apiKey}\`), a body that is ` +
    `not a JSON object, or a field that is missing, of the wrong type or ` +
    `out of range; the message names the field. Status-style body.`,
}
/** 400 of a signed endpoint: also the idempotency key's refusals. */
export const BAD_SIGNED_REQUEST: ErrorSpec = {
  schema: errorBodySchema,
  description:
    `Status-style: a missing or malformed header (\`${HEADERS.apiKey}\`, ` +
    `\`${HEADERS.timestamp}\`, \`${HEADERS.signature}\`), or a body field ` +
    `that is missing, of the wrong type or out of range. Code-style: ${codes('missing_idempotent_key')} ` +
    `(no \`${HEADERS.idempotentKey}\`, from ${day(R13.rejection)}), ${codes('invalid_idempotent_key')} ` +
    `(empty or longer than ${LIMITS.idempotencyKeyMaxLength} characters).`,
}
/** 401 of a standard endpoint: an unknown key, or an obsolete header after its release's rejection. */
export const UNAUTHORIZED: ErrorSpec = {
  schema: errorBodySchema,
  description:
    `Status-style: \`${HEADERS.apiKey}\` unknown. Code-style ` +
    `${codes('invalid_authentication')}: an obsolete header ` +
    `(\`${HEADERS.appId}\`, or \`${HEADERS.timestamp}\` on this endpoint) ` +
    `from ${day(R14.rejection)}.`,
}
/** 401 of a signed endpoint: the key, the timestamp, the signature. */
export const UNAUTHORIZED_SIGNED: ErrorSpec = {
  schema: errorBodySchema,
  description:
    `Status-style: \`${HEADERS.apiKey}\` unknown. Code-style: ${codes('invalid_authentication')} ` +
    `(\`${HEADERS.appId}\` from ${day(R14.rejection)}), ${codes('invalid_timestamp')} ` +
    `(more than ${LIMITS.signatureToleranceSeconds} s from the server's ` +
    `clock), ${codes('invalid_signature')}, ${codes('replayed_signature')} (the mock's strict mode: a ` +
    `signature sent again with another \`${HEADERS.idempotentKey}\`).`,
}
/** 413: a body over the service's limit. */
export const TOO_LARGE: ErrorSpec = {
  schema: statusErrorBodySchema,
  description: `The body is larger than ${LIMITS.maxBodyBytes} bytes.`,
}
/** 409 of a signed endpoint: the same idempotency key is still being processed. */
export const IN_FLIGHT: ErrorSpec = {
  schema: codeErrorBodySchema,
  description:
    `${codes('idempotency_key_in_use')}: the first request with this \`${HEADERS.idempotentKey}\` ` +
    `is still being processed; retry later with the same key.`,
}
/** The `default` answer of a gateway operation: a failure of the service, or a fault injected on purpose. */
export const OTHER: ErrorSpec = {
  schema: statusErrorBodySchema,
  description:
    'Any other status: a failure of the service (500 and other 5xx, ' +
    'status-style), or a fault injected into the mock on purpose (`kind: ' +
    '"error"` with the status chosen).',
}

// --- Shared refusals of the PIN module --------------------------------------------------------------

/**
 * A refusal of the PIN module: its own body, with `code`.
 *
 * @example
 * ```ts
 * pinError('`pin_not_set`: use set-pin.')
 * ```
 */
export const pinError = (description: string): ErrorSpec => ({ schema: pinErrorBodySchema, description })
/** 401 of the PIN module: no bearer token, or an unknown one. */
export const PIN_UNAUTHENTICATED = pinError(
  '`unauthenticated` (no `Authorization: Bearer`), `invalid_token` (unknown token).',
)
/** The `default` answer of a PIN operation. */
export const PIN_OTHER = pinError('Any other status: `injected_fault` for a fault injected into the mock on purpose.')

// --- The service's limits, which any operation can meet ------------------------------------------------

/** 414: a request target (path and query) over the service's limit. */
export const TARGET_TOO_LONG: ErrorSpec = {
  schema: statusErrorBodySchema,
  description: `The request target (path and query) is longer than ${LIMITS.maxUrlLength} characters.`,
}
/** The refusals of the service's limits, documented on every operation (the body, the request target). */
export const LIMIT_REFUSALS = { 413: TOO_LARGE, 414: TARGET_TOO_LONG }
/** The same limits' refusals as the PIN module words them (its body, its codes). */
export const PIN_LIMIT_REFUSALS = {
  413: pinError(`\`payload_too_large\`: the body is larger than ${LIMITS.maxBodyBytes} bytes.`),
  414: pinError(
    `\`uri_too_long\`: the request target (path and query) is longer than ${LIMITS.maxUrlLength} characters.`,
  ),
}
