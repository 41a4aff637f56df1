/**
 * @module openapi-tools/gateway/gateway-document
 * The OpenAPI 3.1 document of the service (gateway, PIN module, webhook), built from the contract:
 * paths from GATEWAY_PATHS and PIN_PATHS, header names from HEADERS, limits from LIMITS, release dates
 * from RELEASES, error codes from ERROR_CODES and PIN_ERROR_CODES, and every body from the contract's
 * zod/mini schemas (through zod-openapi). The operations are listed in operations.ts and their shared
 * refusals in refusals.ts; this module renders them: request and response headers by authentication, the
 * security requirements, the limits' refusals every operation can meet, the servers, the QR code images
 * and the webhook. Examples come in from outside (the mock's own answers) and are checked against their
 * schemas here.
 *
 * What OpenAPI cannot say about the release timeline is said in words: the earlier request forms are
 * alternatives marked `deprecated` (a `oneOf` body, an alternative security requirement, deprecated
 * header parameters) with their dates in the descriptions.
 */
import {
  type Authentication,
  HEADERS,
  LIMITS,
  statusErrorBodySchema,
  webhookPayloadSchema,
} from '@merchant-gateway/contract'
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject } from 'zod-openapi'
import * as z from 'zod/mini'
import type { DocumentExamples, NamedExamples, OperationExamples } from './examples.js'
import { GATEWAY_OPERATION_IDS, GATEWAY_OPERATIONS, PIN_OPERATIONS, type OperationSpec } from './operations.js'
import { LIMIT_REFUSALS, OTHER, PIN_LIMIT_REFUSALS, PIN_OTHER, TARGET_TOO_LONG, TOO_LARGE } from './refusals.js'
import { renderDocument, type Document } from './render.js'
import { day, dayBefore, LEGACY_FORM_PERIOD, R13, R14, registerContractComponents } from './schema-metadata.js'

type Schema = z.core.$ZodType

// --- Request headers ---------------------------------------------------------------------------------

function header(
  id: string,
  schema: Schema,
  meta: { description: string; deprecated?: boolean; example?: string },
): Schema {
  z.globalRegistry.add(schema, { param: { id, ...meta } })
  return schema
}

const idempotentKey = header(
  'IdempotentKey',
  z.string().check(z.minLength(1), z.maxLength(LIMITS.idempotencyKeyMaxLength)),
  {
    description:
      `A unique key for this operation (UUID v4 recommended), 1 to ${LIMITS.idempotencyKeyMaxLength} ` +
      `characters. The same key within 24 hours (per merchant) returns the ` +
      `stored answer, with \`${HEADERS.idempotentReplayed}: true\`, and does ` +
      `not process twice. Required from ${day(R13.rejection)} (release ` +
      `${R13.version}); before that a request without it was processed ` +
      `without idempotency (from ${day(R13.deprecationWarning)} to ${dayBefore(R13.rejection)} ` +
      `with \`${HEADERS.deprecationWarning}\`).`,
    example: '6f1c2a8e-3c1b-4f7e-9a52-2d3b9c4e7f10',
  },
)
const signedTimestamp = header('SignedTimestamp', z.string().check(z.regex(/^\d{1,15}$/)), {
  description:
    `Unix time in seconds, decimal. Part of the signed message; at most ${LIMITS.signatureToleranceSeconds} ` +
    `s away from the server's clock (401 \`invalid_timestamp\`). The ` +
    `earlier form sent it too.`,
  example: '1793610000',
})
const legacyAppId = header('LegacyAppId', z.optional(z.string()), {
  description: `Deprecated: the application id of the earlier authentication. ${LEGACY_FORM_PERIOD}`,
  deprecated: true,
})
const legacyStandardTimestamp = header('LegacyStandardTimestamp', z.optional(z.string()), {
  description:
    `Deprecated on this endpoint: the earlier authentication sent \`${HEADERS.timestamp}\` ` +
    `here too. Accepted before ${day(R14.grace)} and until ` +
    `${dayBefore(R14.rejection)}; from ${day(R14.rejection)} sending it is ` +
    `401 \`invalid_authentication\`.`,
  deprecated: true,
})

function requestHeaders(auth: Authentication) {
  if (auth === 'api-key')
    return z.object({ [HEADERS.appId]: legacyAppId, [HEADERS.timestamp]: legacyStandardTimestamp })
  if (auth === 'signed')
    return z.object({
      [HEADERS.timestamp]: signedTimestamp,
      [HEADERS.idempotentKey]: idempotentKey,
      [HEADERS.appId]: legacyAppId,
    })
  return undefined
}

// --- Response headers --------------------------------------------------------------------------------

function responseHeader(id: string, schema: Schema, description: string): Schema {
  z.globalRegistry.add(schema, { header: { id, description } })
  return schema
}

const traceId = responseHeader(
  'TraceId',
  z.optional(z.string()),
  "The trace id of the request (also the envelope's `traceId` and the " +
    "code-style `request_id`). Sent by this project's mock on every answer.",
)
const deprecationWarning = responseHeader(
  'DeprecationWarning',
  z.optional(z.string()),
  `Sent while an earlier behaviour is being retired: release ${R13.version} ` +
    `(requests without \`${HEADERS.idempotentKey}\`) from ${day(R13.deprecationWarning)} ` +
    `to ${dayBefore(R13.rejection)}; release ${R14.version} (the earlier ` +
    `authentication and request forms) from ${day(R14.deprecationWarning)} ` +
    `to ${dayBefore(R14.rejection)}.`,
)
const replayed = responseHeader(
  'IdempotentReplayed',
  z.optional(z.literal('true')),
  'Present (`true`) when the answer is the stored one of an earlier request with the same `X-Idempotent-Key`.',
)

/**
 * The headers of an answer, by the operation's authentication: the PIN module's (a bearer) carry the trace id;
 * the gateway's the era's deprecation warning too; and an answer an idempotent replay can give (`replayable`: a
 * signed operation's success, 409 or 422, which the key stores) says whether it is one.
 */
function responseHeaders(auth: Authentication, replayable: boolean) {
  if (auth === 'bearer' || auth === 'reset-session') return z.object({ [HEADERS.traceId]: traceId })
  if (auth === 'signed' && replayable)
    return z.object({
      [HEADERS.traceId]: traceId,
      [HEADERS.idempotentReplayed]: replayed,
      [HEADERS.deprecationWarning]: deprecationWarning,
    })
  return z.object({ [HEADERS.traceId]: traceId, [HEADERS.deprecationWarning]: deprecationWarning })
}

// --- Rendering ---------------------------------------------------------------------------------------

function security(auth: Authentication): Array<Record<string, string[]>> {
  switch (auth) {
    case 'api-key':
      return [{ ApiKey: [] }]
    case 'signed':
      return [
        { ApiKey: [], RequestSignature: [] },
        { ApiKey: [], LegacyAppId: [] },
      ]
    case 'bearer':
      return [{ BearerAuth: [] }]
    case 'reset-session':
      // The verified session in the body is what the service checks; a bearer token may be sent as well.
      return [{}, { BearerAuth: [] }]
  }
}

function checkExamples(where: string, schema: Schema, examples: NamedExamples | undefined): NamedExamples | undefined {
  if (!examples) return undefined
  for (const [name, example] of Object.entries(examples)) {
    const parsed = z.safeParse(schema, example.value)
    if (!parsed.success) {
      throw new Error(
        `[openapi] example "${name}" of ${where} does not match its schema: ` +
          `${JSON.stringify(parsed.error.issues)}\n${JSON.stringify(example.value)}`,
      )
    }
  }
  return examples
}

function renderOperation(op: OperationSpec, examples: OperationExamples | undefined): ZodOpenApiOperationObject {
  if (!examples) throw new Error(`[openapi] no examples for ${op.id}: the example collector must cover every operation`)
  const pin = op.auth === 'bearer' || op.auth === 'reset-session'
  const headers = requestHeaders(op.auth)
  const responses: ZodOpenApiOperationObject['responses'] = {
    200: {
      description: op.success.description,
      headers: responseHeaders(op.auth, true),
      content: {
        'application/json': {
          schema: op.success.schema,
          examples: checkExamples(`${op.id} 200`, op.success.schema, examples.responses['200']),
        },
      },
    } satisfies ZodOpenApiResponseObject,
  }
  const errors = { ...(pin ? PIN_LIMIT_REFUSALS : LIMIT_REFUSALS), ...op.errors }
  for (const [status, spec] of Object.entries(errors)) {
    responses[status as '400'] = {
      description: spec.description,
      headers: responseHeaders(op.auth, ['409', '422'].includes(status)),
      content: {
        'application/json': {
          schema: spec.schema,
          examples: checkExamples(`${op.id} ${status}`, spec.schema, examples.responses[status]),
        },
      },
    }
  }
  const other = pin ? PIN_OTHER : OTHER
  responses.default = { description: other.description, content: { 'application/json': { schema: other.schema } } }
  for (const status of Object.keys(examples.responses)) {
    if (!(status in responses))
      throw new Error(`[openapi] ${op.id} has an example for status ${status}, which the document does not list`)
  }
  if (!examples.responses['200']) throw new Error(`[openapi] ${op.id} has no example of its success`)
  const query = Object.entries(op.query ?? {}).map(([name, param]) => queryParam(name, param, examples.query?.[name]))
  return {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    security: security(op.auth),
    ...(headers ? { requestParams: { header: headers } } : {}),
    ...(query.length ? { parameters: query } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: op.body.required,
            content: {
              'application/json': {
                schema: op.body.schema,
                examples: checkExamples(`${op.id} request`, op.body.schema, examples.request),
              },
            },
          },
        }
      : {}),
    responses,
  }
}

/**
 * A query parameter as an OpenAPI Parameter Object whose schema is the contract schema's component
 * (a raw object, so that the parameter's description and example do not leak into the shared schema).
 */
function queryParam(name: string, param: { schema: Schema; required: boolean; description: string }, example: unknown) {
  const id = z.globalRegistry.get(param.schema)?.id
  if (!id) throw new Error(`[openapi] the schema of query parameter ${name} has no component name`)
  return {
    in: 'query' as const,
    name,
    required: param.required,
    description: param.description,
    schema: { $ref: `#/components/schemas/${id}` },
    ...(example === undefined ? {} : { example }),
  }
}

const SERVERS: Array<{
  url: string
  description: string
  variables?: Record<string, { default: string; description: string }>
}> = [
  {
    url: '{base_url}',
    description: 'Production: the service base address the gateway gives you.',
    variables: {
      base_url: {
        default: 'https://gateway.invalid',
        description: 'The service base address (`{base_url}`), given by the gateway.',
      },
    },
  },
  {
    url: '{sandbox_base_url}',
    description: 'Sandbox: mirrors the gateway paths.',
    variables: {
      sandbox_base_url: {
        default: 'https://sandbox.gateway.invalid',
        description: 'The sandbox base address (`{sandbox_base_url}`), given by the gateway.',
      },
    },
  },
  { url: 'http://127.0.0.1:4010', description: 'The local mock (npm start).' },
]

/** The version of the document: the contract package's. */
export interface GatewayDocumentOptions {
  version: string
}

/**
 * Builds the service's OpenAPI 3.1 document from the contract and the examples.
 *
 * @example
 * ```ts
 * const document = buildGatewayDocument(await collectExamples(), { version: '0.1.0' })
 * ```
 */
export function buildGatewayDocument(examples: DocumentExamples, options: GatewayDocumentOptions): Document {
  registerContractComponents()
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = {}
  for (const op of [...GATEWAY_OPERATIONS, ...PIN_OPERATIONS]) {
    paths[op.path] ??= {}
    paths[op.path]![op.method] = renderOperation(op, examples.operations[op.id])
  }
  const unknown = Object.keys(examples.operations).filter((id) => !GATEWAY_OPERATION_IDS.includes(id))
  if (unknown.length)
    throw new Error(`[openapi] examples for operations the document does not have: ${unknown.join(', ')}`)
  const webhook = examples.webhook
  if (!webhook) throw new Error('[openapi] no webhook example')
  checkExamples('the webhook', webhookPayloadSchema, { payment: webhook.payload })
  const webhookSignature = z.string().check(z.regex(/^[0-9a-f]{64}$/))
  z.globalRegistry.add(webhookSignature, {
    param: {
      description:
        'Lowercase hex HMAC-SHA256 of the raw body followed by the decimal ' +
        'string of floor(createTimeMilli / 1000), keyed with the API secret. ' +
        'Verify it over the raw bytes before parsing, in constant time.',
      example: webhook.signature,
    },
  })
  paths['/qr/{qrFile}'] = qrImageOperation()
  const ack = z.looseObject({})
  z.globalRegistry.add(ack, { description: 'Any small JSON acknowledgement; the body is ignored.' })

  return renderDocument({
    openapi: '3.1.0',
    info: {
      title: 'Merchant payment gateway and PIN service',
      version: options.version,
      summary:
        'Stores, orders, QR codes, transactions, cancel, refunds, payouts, balance, webhooks, and the PIN module.',
      description: [
        'The merchant payment gateway (USD and KHR) and the PIN module for ' +
          'signed-in users, generated from `@merchant-gateway/contract`; the ' +
          'examples are answers of the mock (`@merchant-gateway/mock`).',
        '',
        `Gateway calls are JSON over HTTP POST (transaction detail also GET). ` +
          `Standard endpoints take \`${HEADERS.apiKey}\`; refund and payout are ` +
          `signed (\`${HEADERS.timestamp}\`, \`${HEADERS.signature}\`, ` +
          `\`${HEADERS.idempotentKey}\`). Amounts are JSON numbers in major ` +
          `units: USD with at most 2 decimals, KHR whole.`,
        '',
        `Release timeline: ${R13.version} (${day(R13.grace)}) made \`${HEADERS.idempotentKey}\` ` +
          `mandatory on refund and payout (400 \`missing_idempotent_key\` from ` +
          `${day(R13.rejection)}); ${R14.version} (${day(R14.grace)}) replaced \`${HEADERS.appId}\` ` +
          `authentication by the signature and moved refund and payout to ` +
          `camelCase bodies and the envelope (the earlier forms refused from ${day(R14.rejection)} ` +
          `with 401 \`invalid_authentication\`). The earlier forms are in this ` +
          `document as deprecated alternatives.`,
        '',
        'Errors come in two bodies: status-style `{statusCode, message, error}` ' +
          'and code-style `{error: {code, message, request_id, details?, ' +
          'timestamp?}}`; the PIN module has its own (`{status_code, message, ' +
          'code, data}`).',
      ].join('\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: SERVERS,
    tags: [
      { name: 'Stores and balance', description: "The merchant's stores and balances." },
      { name: 'Orders', description: 'Payment orders and QR codes.' },
      { name: 'Transactions', description: 'Payments, refunds and payouts as transactions.' },
      { name: 'Refunds and payouts', description: 'Signed, idempotent money movements.' },
      { name: 'PIN', description: "The signed-in user's 6-digit PIN." },
      { name: 'PIN reset', description: 'Reset by one-time code: forgot-pin, verify-otp, reset-pin.' },
      { name: 'Webhooks', description: 'What the gateway sends to the merchant.' },
    ],
    paths,
    webhooks: {
      'payment-notification': {
        post: {
          operationId: 'paymentNotification',
          tags: ['Webhooks'],
          summary: 'Payment notification',
          description:
            "Sent to the merchant's receiver when a payment is reported (`SUCCESS`, " +
            'or `FAILED`). Verify `X-Signature` over the raw body before ' +
            'processing; deduplicate by `transactionId` and `status` (a retry is ' +
            'signed again at its own time). Any 2xx within 10 s acknowledges; ' +
            'otherwise the mock retries after 1 min, 5 min, 30 min, 2 h and 6 h.',
          security: [],
          requestParams: { header: z.object({ [HEADERS.signature]: webhookSignature }) },
          requestBody: {
            required: true,
            content: { 'application/json': { schema: webhookPayloadSchema, examples: { payment: webhook.payload } } },
          },
          responses: {
            200: { description: 'Acknowledged (any 2xx).', content: { 'application/json': { schema: ack } } },
            400: { description: 'The receiver could not read the body.' },
            401: { description: 'A missing or wrong signature: the request is not authentic.' },
          },
        },
      },
    },
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: HEADERS.apiKey, description: 'The merchant API key.' },
        RequestSignature: {
          type: 'apiKey',
          in: 'header',
          name: HEADERS.signature,
          description:
            `Lowercase hex HMAC-SHA256 of the exact request body bytes followed by ` +
            `the \`${HEADERS.timestamp}\` value, keyed with the API secret ` +
            `(distinct from the API key, never sent). Goes with ` +
            `\`${HEADERS.timestamp}\`.`,
        },
        LegacyAppId: {
          type: 'apiKey',
          in: 'header',
          name: HEADERS.appId,
          description:
            `Deprecated: the earlier authentication of refund and payout, \`${HEADERS.appId}\` ` +
            `with \`${HEADERS.apiKey}\` and \`${HEADERS.timestamp}\`, no signature. ` +
            `${LEGACY_FORM_PERIOD}`,
        },
        BearerAuth: { type: 'http', scheme: 'bearer', description: "The signed-in user's access token (PIN module)." },
      },
    },
  })
}

/**
 * The QR code images that the `qr_code` URLs of create order and generate QR point at, as the mock serves
 * them: a client follows the URL it was given (the real service's may point elsewhere), never builds it.
 */
function qrImageOperation(): Record<string, ZodOpenApiOperationObject> {
  const qrFile = z.string().check(z.regex(/^[^/]+\.png$/))
  z.globalRegistry.add(qrFile, {
    param: { description: "The QR code's payment data, URL-encoded, followed by `.png`." },
  })
  const refusal = (description: string) => ({
    description,
    content: { 'application/json': { schema: statusErrorBodySchema } },
  })
  return {
    get: {
      operationId: 'qrImage',
      tags: ['Orders'],
      summary: 'The image of a QR code',
      description:
        'Where the `qr_code` URLs of create order and generate QR point: a PNG of the QR code of the ' +
        'payment data. No authentication (an `<img>` sends no headers); served for every QR code issued, ' +
        'expired or paid ones too. Follow the `qr_code` URL as given rather than building it.',
      security: [],
      requestParams: { path: z.object({ qrFile }) },
      responses: {
        200: {
          description: 'The PNG (cacheable for a year: the image never changes).',
          content: { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } },
        },
        404: refusal('Data for which no QR code was issued.'),
        413: refusal(TOO_LARGE.description),
        414: refusal(TARGET_TOO_LONG.description),
      },
    },
  }
}
