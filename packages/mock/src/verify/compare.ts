/**
 * @module verify/compare
 * What `merchant-gateway-mock verify` compares of two answers to the same request: what a client depends on,
 * never a value that differs by nature. An answer is reduced to its shape: the status, the body style
 * (envelope, bare body, status-style or code-style error, the PIN module's envelope), the error code, every
 * field's name and JSON type (so an id sent as a string where a number was is seen), whether the deprecation
 * header is there, and the fields the contract's schema does not know. A field the target adds that the
 * contract does not document is a note (a client that ignores unknown fields is not broken by it), drift with
 * `strict`; one the mock adds is drift (a test would pass on a field the service never sends). Ids, times,
 * amounts, QR data and messages are not compared between the sides: values.ts and expectations.ts hold each side
 * to the values and behaviours the contract fixes.
 */
import {
  codeErrorBodySchema,
  GATEWAY_OPERATIONS,
  type GatewayOperation,
  HEADERS,
  OPERATION_RESULTS,
  statusErrorBodySchema,
} from '@merchant-gateway/contract'
import * as z from 'zod/mini'
import { isObject } from './body.js'

/**
 * The body style of an answer.
 *
 * @example
 * ```ts
 * const style: BodyStyle = 'envelope' // {statusCode, message, data, traceId}
 * ```
 */
type BodyStyle =
  | 'envelope'
  | 'bare'
  | 'status-error'
  | 'code-error'
  | 'pin-envelope'
  | 'empty'
  | 'not-json'
  | 'no-answer'

/**
 * One answer as the scenario saw it: the status (0 when there was none: a network error), the headers and
 * the body text.
 *
 * @example
 * ```ts
 * const seen: SeenAnswer = { status: 404, headers: new Headers(), text: '{"statusCode":404,...}' }
 * ```
 */
export interface SeenAnswer {
  status: number
  headers: Headers
  text: string
}

/**
 * The shape of an answer: what is compared.
 *
 * @example
 * ```ts
 * const shape = shapeOf({ status: 200, headers: new Headers(), text: '{"order_id":"1"}' }, 'createOrder')
 * shape.fields // ['order_id: string']
 * ```
 */
export interface AnswerShape {
  status: number
  style: BodyStyle
  /** The code of a code-style error (`invalid_signature`) or of a PIN module refusal. */
  errorCode: string | undefined
  /** Every field as `path: JSON type` (`data[].storeId: number`), sorted. */
  fields: string[]
  /** Whether `X-Service-Deprecation-Warning` was sent (its text is not compared). */
  deprecation: boolean
  /** Fields the contract's schema of this answer does not know. */
  unknownFields: string[]
  /** Whether the contract has a schema of this answer (a gateway success, an error style) to know its fields. */
  schemaApplied: boolean
  /** Where the answer breaks the contract's schema (a missing field, a wrong type). */
  schemaIssues: string[]
}

/**
 * Reduces an answer to its shape. For a success of a gateway operation, the data (inside the envelope
 * where there is one) is read against the operation's result schema in strict mode; for an error, the body
 * against the error style it has.
 *
 * @example
 * ```ts
 * shapeOf({ status: 401, headers: new Headers(), text: '{"statusCode":401,"message":"x","error":"Unauthorized"}' })
 * // { status: 401, style: 'status-error', fields: ['error: string', 'message: string', 'statusCode: number'], ... }
 * ```
 */
export function shapeOf(answer: SeenAnswer, operation?: GatewayOperation): AnswerShape {
  const deprecation = answer.headers.has(HEADERS.deprecationWarning)
  const base = {
    status: answer.status,
    deprecation,
    errorCode: undefined,
    unknownFields: [],
    schemaIssues: [],
    schemaApplied: false,
  }
  if (answer.status === 0) return { ...base, style: 'no-answer', fields: [] }
  if (answer.text.trim() === '') return { ...base, style: 'empty', fields: [] }
  let body: unknown
  try {
    body = JSON.parse(answer.text)
  } catch {
    return { ...base, style: 'not-json', fields: [] }
  }
  const fields = [...fieldsOf(body, '')].sort()
  const style = styleOf(body)
  const errorCode = errorCodeOf(body)
  const strict = strictCheck(body, style, answer.status, operation)
  return { ...base, style, errorCode, fields, ...strict }
}

/** The body style, from the fields that mark each. */
function styleOf(body: unknown): BodyStyle {
  if (!isObject(body)) return 'bare'
  if (typeof body.error === 'string' && 'statusCode' in body) return 'status-error'
  if (isObject(body.error)) return 'code-error'
  if ('status_code' in body && 'message' in body) return 'pin-envelope'
  if ('statusCode' in body && 'data' in body) return 'envelope'
  return 'bare'
}

function errorCodeOf(body: unknown): string | undefined {
  if (!isObject(body)) return undefined
  if (isObject(body.error) && typeof body.error.code === 'string') return body.error.code
  if (isObject(body.data) && typeof body.data.code === 'string') return body.data.code
  return typeof body.code === 'string' ? body.code : undefined
}

/** The contract's schema for a body: the error style's, or the operation's result (in or out of the envelope). */
function strictCheck(
  body: unknown,
  style: BodyStyle,
  status: number,
  operation: GatewayOperation | undefined,
): Pick<AnswerShape, 'unknownFields' | 'schemaIssues' | 'schemaApplied'> {
  if (style === 'status-error') return against(statusErrorBodySchema, body, '')
  if (style === 'code-error') return against(codeErrorBodySchema, body, '')
  if (operation === undefined || status < 200 || status > 299)
    return { unknownFields: [], schemaIssues: [], schemaApplied: false }
  const result = OPERATION_RESULTS[operation] as z.core.$ZodType
  if (style === 'envelope' && isObject(body)) {
    const envelope = against(ENVELOPE_KEYS, body, '')
    const data = against(result, body.data, 'data')
    return {
      unknownFields: [...envelope.unknownFields, ...data.unknownFields],
      schemaIssues: [...envelope.schemaIssues, ...data.schemaIssues],
      schemaApplied: true,
    }
  }
  // An operation documented with a bare body answers bare; one that answers in the envelope, a bare body
  // is its data missing its envelope: the style says so, the data is still read against its schema.
  return against(result, body, '')
}

/** The envelope's own fields; its data is read against the operation's schema. */
const ENVELOPE_KEYS = z.looseObject({
  statusCode: z.number(),
  message: z.string(),
  data: z.unknown(),
  traceId: z.string(),
})

/** Reads `value` against `schema`: the fields it does not know, and where it breaks it. */
function against(schema: z.core.$ZodType, value: unknown, prefix: string) {
  const parsed = z.safeParse(schema, value)
  const schemaIssues = parsed.success
    ? []
    : parsed.error.issues.map(
        (issue) => `${join(prefix, issue.path.map(String).join('.')) || '(body)'}: ${issue.message}`,
      )
  return { unknownFields: unknownFieldsOf(schema, value, prefix), schemaIssues, schemaApplied: true }
}

/** The fields of `value` that the object schemas of `schema` do not list, at every depth. */
function unknownFieldsOf(schema: z.core.$ZodType, value: unknown, path: string): string[] {
  const def = unwrap(schema)._zod.def as {
    type: string
    shape?: Record<string, z.core.$ZodType>
    element?: z.core.$ZodType
  }
  if (def.type === 'object' && def.shape && isObject(value)) {
    return Object.entries(value).flatMap(([key, inner]) => {
      const field = def.shape![key]
      return field === undefined ? [join(path, key)] : unknownFieldsOf(field, inner, join(path, key))
    })
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    const unknown = new Set(value.flatMap((item) => unknownFieldsOf(def.element!, item, `${path}[]`)))
    return [...unknown]
  }
  return []
}

/** The schema inside an optional, nullable or default wrapper. */
function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  const def = schema._zod.def as { type: string; innerType?: z.core.$ZodType }
  return def.innerType !== undefined && ['optional', 'nullable', 'default', 'prefault'].includes(def.type)
    ? unwrap(def.innerType)
    : schema
}

/** Every field of a JSON value as `path: type`; the items of an array under `path[]`. */
function fieldsOf(value: unknown, path: string): Set<string> {
  const out = new Set<string>()
  if (Array.isArray(value)) {
    if (value.length === 0 && path !== '') out.add(`${path}: array`)
    for (const item of value) for (const field of fieldsOf(item, `${path}[]`)) out.add(field)
  } else if (isObject(value)) {
    if (Object.keys(value).length === 0 && path !== '') out.add(`${path}: object`)
    for (const [key, inner] of Object.entries(value)) {
      for (const field of fieldsOf(inner, join(path, key))) out.add(field)
    }
  } else if (path !== '') {
    out.add(`${path}: ${value === null ? 'null' : typeof value}`)
  }
  return out
}

const join = (path: string, key: string) => (path === '' ? key : key === '' ? path : `${path}.${key}`)

/**
 * One difference between the mock's answer and the target's: `drift` (a client would notice) or `note` (a
 * documented latitude: a body documented bare that comes in the envelope, which clients accept).
 *
 * @example
 * ```ts
 * const d: Difference = { severity: 'drift', text: 'status: mock 200, target 201' }
 * ```
 */
export interface Difference {
  severity: 'drift' | 'note'
  text: string
}

/**
 * How to weigh what differs: with `strict`, a field the target adds that the contract does not document is
 * drift, not a note.
 *
 * @example
 * ```ts
 * compareShapes(mockShape, targetShape, 'listStores', { strict: true })
 * ```
 */
export interface CompareOptions {
  strict?: boolean
}

/**
 * What differs between the mock's shape and the target's, and where either breaks the contract.
 *
 * @example
 * ```ts
 * compareShapes(mockShape, targetShape, 'createOrder')
 * // [{ severity: 'drift', text: 'field renamed or missing: target lacks order_id: string' }, ...]
 * ```
 */
export function compareShapes(
  mock: AnswerShape,
  target: AnswerShape,
  operation?: GatewayOperation,
  options: CompareOptions = {},
): Difference[] {
  // No answer on a side: one difference, not a status, a style and a code that all differ for that reason.
  if (mock.style === 'no-answer' || target.style === 'no-answer') {
    if (mock.style === target.style) return []
    return [{ severity: 'drift', text: `no answer at the ${mock.style === 'no-answer' ? 'mock' : 'target'}` }]
  }
  const out: Difference[] = []
  const drift = (text: string) => out.push({ severity: 'drift', text })
  if (mock.status !== target.status) drift(`status: mock ${mock.status}, target ${target.status}`)
  if (mock.style !== target.style) out.push(styleDifference(mock, target, operation))
  if (mock.errorCode !== target.errorCode)
    drift(`error code: mock ${mock.errorCode ?? '(none)'}, target ${target.errorCode ?? '(none)'}`)
  if (mock.deprecation !== target.deprecation)
    drift(
      `${HEADERS.deprecationWarning}: mock ${mock.deprecation ? 'sent' : 'absent'}, ` +
        `target ${target.deprecation ? 'sent' : 'absent'}`,
    )
  // Field names and types, only when the style matches: else every field would differ for one reason.
  if (mock.style === target.style) out.push(...fieldDifferences(mock, target, options))
  const added = options.strict ? 'drift' : 'note'
  const tolerated = options.strict ? '' : ' (a client that ignores unknown fields is not broken; drift with --strict)'
  for (const field of target.unknownFields)
    out.push({ severity: added, text: `target field not in the contract: ${field}${tolerated}` })
  for (const issue of target.schemaIssues) drift(`target breaks the contract at ${issue}`)
  for (const field of mock.unknownFields) drift(`mock field not in the contract: ${field}`)
  for (const issue of mock.schemaIssues) drift(`mock breaks the contract at ${issue}`)
  return out
}

/** A body style that differs: drift, but a note where the operation is documented bare and comes enveloped. */
function styleDifference(mock: AnswerShape, target: AnswerShape, operation?: GatewayOperation): Difference {
  const documented = operation !== undefined && GATEWAY_OPERATIONS[operation].response === 'documented'
  const latitude = documented && [mock.style, target.style].every((s) => s === 'bare' || s === 'envelope')
  return {
    severity: latitude ? 'note' : 'drift',
    text:
      `body style: mock ${mock.style}, target ${target.style}` +
      (latitude ? ' (documented bare; clients accept the envelope too)' : ''),
  }
}

/**
 * Fields missing at the target or of another type: drift. A field only at the target: drift when the contract's
 * schema of the answer knows it (the mock leaves out a documented field); one the schema does not know is
 * reported once, as a field not in the contract; with no schema of the answer (the PIN module), a note, drift
 * with `strict`.
 */
function fieldDifferences(mock: AnswerShape, target: AnswerShape, options: CompareOptions): Difference[] {
  const out: Difference[] = []
  const drift = (text: string) => out.push({ severity: 'drift', text })
  const typeOf = (fields: string[]) => new Map(fields.map((f) => [f.slice(0, f.lastIndexOf(': ')), f]))
  const mockFields = typeOf(mock.fields)
  const targetFields = typeOf(target.fields)
  for (const [path, field] of mockFields) {
    const other = targetFields.get(path)
    if (other === undefined) drift(`field missing at the target: ${field}`)
    else if (other !== field) drift(`field type: mock ${field}, target ${other}`)
  }
  const unknown = (path: string) =>
    target.unknownFields.some((f) => path === f || path.startsWith(`${f}.`) || path.startsWith(`${f}[]`))
  for (const [path, field] of targetFields) {
    if (mockFields.has(path) || unknown(path)) continue
    if (target.schemaApplied) drift(`field only at the target: ${field}`)
    else
      out.push({
        severity: options.strict ? 'drift' : 'note',
        text:
          `field only at the target: ${field}` +
          (options.strict ? '' : ' (not in the mock; a client that ignores unknown fields is not broken)'),
      })
  }
  return out
}

/**
 * A shape in a few words for the table: the status, the style and the error code.
 *
 * @example
 * ```ts
 * summary(shape) // '401 code-error invalid_signature'
 * ```
 */
export function summary(shape: AnswerShape): string {
  if (shape.style === 'no-answer') return 'no answer'
  return [String(shape.status), shape.style, shape.errorCode, shape.deprecation ? '+deprecation' : undefined]
    .filter((part) => part !== undefined)
    .join(' ')
}
