/**
 * @module compiled-schema
 * The contract's schemas (`zod/mini`) validated through zod's own ahead-of-time compiler (`compile` of
 * `zod/v4/core`): a parser generated once per schema that checks a value and builds its output in one pass,
 * without the per-field payloads and issue lists of zod's runtime walk. A value it does not pass goes to that
 * runtime walk, which gives the issues: same values, same issues, same messages as the schema itself. A schema
 * is compiled on its first validation, not when a table or route is made, so a mock that never inserts a kind of
 * record never pays for its compile (about a millisecond a schema). Where compiling is not allowed (a page whose
 * CSP forbids `new Function`) zod hands the schema back uncompiled and the runtime walk does it all. A schema
 * that is not zod's is used as it is.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { compile, type $ZodType } from 'zod/v4/core'

const twins = new WeakMap<object, StandardSchemaV1>()

/**
 * The schema to validate with: for a zod schema, its compiled twin (made once, then kept; compiled on its first
 * validation); any other schema itself.
 *
 * @example
 * ```ts
 * const result = compiled(orderRecordSchema)['~standard'].validate(record)
 * ```
 */
export function compiled<T>(schema: StandardSchemaV1<unknown, T>): StandardSchemaV1<unknown, T> {
  const known = twins.get(schema)
  if (known !== undefined) return known as StandardSchemaV1<unknown, T>
  const twin = (schema as Partial<$ZodType>)._zod === undefined ? schema : compiledOnFirstUse(schema)
  twins.set(schema, twin)
  return twin
}

/** A twin whose first validation compiles the schema; every validation after it runs the compiled parser. */
function compiledOnFirstUse<T>(schema: StandardSchemaV1<unknown, T>): StandardSchemaV1<unknown, T> {
  type Validate = StandardSchemaV1<unknown, T>['~standard']['validate']
  let validate: Validate = (value) => {
    validate = (compile(schema as unknown as $ZodType) as unknown as StandardSchemaV1<unknown, T>)['~standard'].validate
    return validate(value)
  }
  return { '~standard': { version: 1, vendor: schema['~standard'].vendor, validate: (value) => validate(value) } }
}
