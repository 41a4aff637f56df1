/**
 * @module compiled-schema
 * The contract's object schemas (`zod/mini`) validated by zod's compiled object parser. zod/mini's object walks
 * its shape generically on every parse; zod's own `$ZodObjectJIT` (what classic `z.object` is) runs the same
 * shape, the same field schemas and the same checks through a parser it compiles once, and falls back to the
 * generic walk wherever compiling is not allowed (a page whose CSP forbids `new Function`, zod's `jitless`).
 * Same values, same issues, same messages; some 2-3 times faster for the records the mock inserts and the
 * request bodies it parses (docs/architecture.md has the figures). A schema that is not a zod object is used
 * as it is.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { $ZodObjectJIT, type $ZodObject } from 'zod/v4/core'

const twins = new WeakMap<object, StandardSchemaV1>()

/**
 * The schema to validate with: for a zod object schema, its compiled twin (made once, then kept); any other
 * schema itself.
 *
 * @example
 * ```ts
 * const result = compiled(orderRecordSchema)['~standard'].validate(record)
 * ```
 */
export function compiled<T>(schema: StandardSchemaV1<unknown, T>): StandardSchemaV1<unknown, T> {
  const known = twins.get(schema)
  if (known !== undefined) return known as StandardSchemaV1<unknown, T>
  const def = (schema as Partial<$ZodObject>)._zod?.def
  const twin = def?.type === 'object' ? (new $ZodObjectJIT(def) as unknown as StandardSchemaV1<unknown, T>) : schema
  twins.set(schema, twin)
  return twin
}
