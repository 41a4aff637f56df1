/**
 * @module openapi-tools/gateway/render
 * zod -> OpenAPI 3.1 through zod-openapi, with this project's rules on top:
 *
 * - every refinement is carried into the schema's `description` (see schema-metadata.ts) or stops the
 *   generation, and where JSON Schema can say part of it, into its keywords too (`REFINEMENT_KEYWORDS`);
 *   zod-openapi itself already refuses what JSON Schema cannot say (a transform in an answer, `z.custom`,
 *   `z.date` in a request, ...);
 * - unions listed with {@link oneOf} are rendered as `oneOf` (zod renders every union as `anyOf`);
 * - a status field (the contract's `statesSchema`) lists its documented states as its `enum` (the contract
 *   accepts other strings at run time, so that a state added later does not break a client);
 * - an empty schema (`{}`, anything goes) is refused unless the zod schema is `z.unknown()`/`z.any()`
 *   on purpose, so a type zod-openapi silently gives up on cannot slip through.
 */
import { documentedStates } from '@merchant-gateway/contract'
import { createDocument, type ZodOpenApiObject } from 'zod-openapi'
import type * as z from 'zod/mini'
import { REFINEMENT_KEYWORDS, REFINEMENT_TEXTS } from './schema-metadata.js'

type JsonSchema = Record<string, unknown>
type Document = ReturnType<typeof createDocument>

const ONE_OF = new WeakSet<z.core.$ZodType>()

/**
 * Marks a union to be rendered as `oneOf` (exactly one alternative matches) instead of `anyOf`.
 *
 * @example
 * ```ts
 * const body = oneOf(z.union([refundRequestSchema, legacyRefundRequestSchema]))
 * ```
 */
export function oneOf<T extends z.core.$ZodType>(union: T): T {
  ONE_OF.add(union)
  return union
}

/** The error a schema the generator cannot express raises. */
export class UnexpressibleSchemaError extends Error {
  override readonly name = 'UnexpressibleSchemaError'
}

interface OverrideContext {
  zodSchema: z.core.$ZodType
  jsonSchema: JsonSchema
  path: Array<string | number>
}

function where(path: ReadonlyArray<string | number>): string {
  return path.length ? path.join(' > ') : '(root)'
}

function customChecks(schema: z.core.$ZodType): unknown[] {
  const checks = (schema._zod.def as { checks?: Array<{ _zod: { def: { check: string } } }> }).checks ?? []
  return checks.filter((check) => check._zod.def.check === 'custom')
}

/** The `override` of every schema rendered: refinements into descriptions, `oneOf` unions. */
function applyProjectRules({ zodSchema, jsonSchema, path }: OverrideContext): void {
  const custom = customChecks(zodSchema)
  if (custom.length > 0) {
    const ownText = REFINEMENT_TEXTS.get(zodSchema)
    const texts = ownText ? [ownText] : []
    for (const check of custom) {
      const text = REFINEMENT_TEXTS.get(check as object)
      if (text) texts.push(text)
      else if (!ownText) {
        throw new UnexpressibleSchemaError(
          `[openapi] a refinement at ${where(path)} has no text: JSON Schema ` +
            `cannot state it, so add its description to REFINEMENT_TEXTS ` +
            `(tools/openapi/src/gateway/schema-metadata.ts). Schema so far: ` +
            `${JSON.stringify(jsonSchema)}`,
        )
      }
    }
    const description = typeof jsonSchema.description === 'string' ? jsonSchema.description : ''
    const missing = texts.filter((text) => !description.includes(text))
    if (missing.length) jsonSchema.description = [description, ...missing].filter(Boolean).join(' ')
    Object.assign(jsonSchema, REFINEMENT_KEYWORDS.get(zodSchema))
  }
  const states = documentedStates(zodSchema)
  if (states) jsonSchema.enum = [...states]
  if (ONE_OF.has(zodSchema) && Array.isArray(jsonSchema.anyOf)) {
    jsonSchema.oneOf = jsonSchema.anyOf
    delete jsonSchema.anyOf
  }
  const type = zodSchema._zod.def.type
  const meaningful = Object.keys(jsonSchema).some((key) => key !== 'description' && key !== 'deprecated')
  if (!meaningful && type !== 'unknown' && type !== 'any') {
    throw new UnexpressibleSchemaError(
      `[openapi] the ${type} schema at ${where(path)} renders as an empty ` +
        `schema (anything goes): give it an OpenAPI form or change it`,
    )
  }
}

/**
 * Renders a zod-openapi document description with the project's rules; throws on anything the
 * document cannot say.
 *
 * @example
 * ```ts
 * const document = renderDocument({ openapi: '3.1.0', info, paths })
 * ```
 */
export function renderDocument(spec: ZodOpenApiObject): Document {
  return createDocument(spec, { override: applyProjectRules as never })
}

export type { Document }
