/**
 * @module schemas/documented
 * How an answer's schema says what the contract documents without refusing what the service may add:
 *
 * - {@link documentedObject}: an object whose type lists the documented fields only (no open index
 *   signature, so a misspelt field is a compile error), while validation keeps any field the service adds:
 *   the parsed value still carries it at run time;
 * - {@link statesSchema}: a status field whose type is the union of the documented states (a comparison
 *   with a state the contract lacks is a compile error), while validation accepts any string, so a state
 *   the service adds later does not make a valid answer fail. {@link documentedStates} reads the states
 *   back (the OpenAPI document lists them as the field's `enum`);
 * - {@link built}: a top-level schema whose definition calls a method (`z.string().check(...)`), made so that
 *   a bundle that never reads it drops it.
 */
import * as z from 'zod/mini'

/**
 * An answer's object: typed with exactly the documented fields, validated as a loose object (fields the
 * service adds are kept in the parsed value, outside the type).
 *
 * @example
 * ```ts
 * const orderSchema = documentedObject({ order_id: z.string(), status: statesSchema(ORDER_STATUSES) })
 * const order = z.parse(orderSchema, { order_id: '1024', status: 'pending', channel: 'app' })
 * order.order_id // typed
 * ;(order as Record<string, unknown>).channel // 'app': kept, but not in the type
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function documentedObject<const Shape extends z.core.$ZodLooseShape>(
  shape: Shape,
): z.ZodMiniObject<Shape, z.core.$strip> {
  // The runtime schema is loose (it keeps what the service adds); its type is the documented shape's.
  return z.looseObject(shape) as unknown as z.ZodMiniObject<Shape, z.core.$strip>
}

const STATES = new WeakMap<object, readonly string[]>()

/**
 * A status field: the type is the union of `states`, validation takes any string (a state the service adds
 * later arrives as it is sent; a program that switches on the documented states needs a default branch).
 *
 * @example
 * ```ts
 * const status = statesSchema(['pending', 'completed'] as const)
 * z.parse(status, 'refunded') // 'refunded': accepted at run time, typed 'pending' | 'completed'
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function statesSchema<const States extends readonly [string, ...string[]]>(
  states: States,
): z.ZodMiniType<States[number], string> {
  const schema = z.string()
  STATES.set(schema, states)
  return schema as unknown as z.ZodMiniType<States[number], string>
}

/**
 * The documented states of a schema made by {@link statesSchema}; undefined for any other schema.
 *
 * @example
 * ```ts
 * documentedStates(orderSchema.shape.status) // ['pending', 'processing', 'completed', 'cancelled']
 * ```
 */
export function documentedStates(schema: unknown): readonly string[] | undefined {
  return typeof schema === 'object' && schema !== null ? STATES.get(schema) : undefined
}

/**
 * A top-level schema built by `make`. A bundler keeps a method call such as `z.string().check(...)` even when
 * its result is never read (a method may have side effects); built through this function, which is marked
 * free of side effects, a schema that an app never reads is dropped from its bundle (a browser client that
 * sends no PIN request carries none of the PIN schemas).
 *
 * @example
 * ```ts
 * export const pinSchema = built(() => z.string().check(z.regex(PIN_RULES.pinPattern)))
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function built<T>(make: () => T): T {
  return make()
}
