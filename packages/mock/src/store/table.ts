/**
 * @module table
 * One table of the mock's store: the records in insertion order, plus hash indexes.
 *
 * The records live in an insertion-ordered list by their primary key (by themselves in a table without one):
 * an array while the keys are integers that come in order, a `Map` otherwise (record-list.ts); not in an
 * `@msw/data` collection. Measured on
 * `@msw/data` 1.1: `findFirst` is a linear scan, `update(record)` scans twice (17 ms per update at
 * 100 000 records against 2 us for a validated in-place patch), `delete` and `clear` search the record
 * array once per record removed (a reset of 40 000 records took 28.8 s), and every record carries a
 * random UUID and a relation `Map` (part of the 3.7 KB heap per paid order measured before this table).
 * A long-running mock removes records all the time (expired idempotency records, finished webhooks), so
 * removal must be O(1) and a reset must not depend on the number of records at all.
 *
 * Records are validated against the table's schema on insert and on every {@link Table.patch}, which
 * writes the validated next state into the stored object (callers keep their reference). Lookups go
 * through the indexes, never through a scan.
 *
 * What a kept record costs matters: a long-running server keeps every order it creates until its records
 * are forgotten, and the heap it holds is work for the garbage collector on every request. The primary
 * index is the list of records itself (no set of records beside it), and a record the domain has just
 * built is kept as it is once the schema passes it ({@link Table.adopt}), not as the schema's copy, whose
 * fields beyond the first few V8 keeps in a second object: 364 B of heap per kept order became 273 B.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { compiled } from './compiled-schema.js'
import { RecordList } from './record-list.js'
import { UniqueIndex } from './unique-index.js'

/**
 * The primary index: a unique key that every record has and that never changes. Its index is the table's
 * list of records, in insertion order. At most one per table.
 */
export interface PrimaryIndexSpec<T> {
  kind: 'primary'
  key: (record: T) => string | number
}

/** A unique index: one record per key. */
export interface UniqueIndexSpec<T> {
  kind: 'unique'
  key: (record: T) => string | number | undefined
}

/** A group index: every record sharing a key, in insertion order. */
export interface GroupIndexSpec<T> {
  kind: 'group'
  key: (record: T) => string | number | undefined
}

type IndexSpecs<T> = Record<string, PrimaryIndexSpec<T> | UniqueIndexSpec<T> | GroupIndexSpec<T>>

/**
 * Records in insertion order with hash indexes kept current on insert, patch and remove.
 *
 * @example
 * ```ts
 * const orders = new Table(orderRecordSchema, { byId: { kind: 'primary', key: (o) => o.orderId } })
 * const order = orders.insert({ orderId: 1001, ... })
 * orders.get('byId', 1001) // the same record
 * orders.patch(order, { status: 'cancelled' })
 * ```
 */
export class Table<T extends object, I extends IndexSpecs<T> = IndexSpecs<T>> {
  readonly #schema: StandardSchemaV1<unknown, T>
  /** The secondary indexes: every index but the primary. */
  readonly #specs: Array<[string, UniqueIndexSpec<T> | GroupIndexSpec<T>]>
  /** The primary index's name, if the table has one. */
  readonly #primary: string | undefined
  /** A record's key among the records: its primary key, or the record itself in a table without one. */
  readonly #idOf: PrimaryIndexSpec<T>['key'] | ((record: T) => T)
  /** The records by their primary key (by themselves without one), in insertion order. */
  #records = new RecordList<T>()
  #unique = new Map<string, UniqueIndex<T>>()
  /** Groups are arrays: most hold one to a few records, and an array of one costs far less than a Set. */
  #groups = new Map<string, Map<string | number, T[]>>()

  constructor(schema: StandardSchemaV1<unknown, T>, indexes: I) {
    // The same schema through zod's compiled parser: every insert and patch validates a record.
    this.#schema = compiled(schema)
    const entries = Object.entries(indexes)
    const primaries = entries.filter(([, spec]) => spec.kind === 'primary')
    if (primaries.length > 1) throw new Error(`[mock] a table has one primary index at most, got ${primaries.length}`)
    const [primary] = primaries
    this.#primary = primary?.[0]
    this.#idOf = (primary?.[1] as PrimaryIndexSpec<T> | undefined)?.key ?? ((record: T) => record)
    this.#specs = entries.filter(
      (entry): entry is [string, UniqueIndexSpec<T> | GroupIndexSpec<T>] => entry !== primary,
    )
    this.#emptyIndexes()
  }

  /**
   * Validates and stores a new record; refuses a duplicate key of any unique index. Synchronous, as every
   * other table operation: an insert on a request's path (create order) costs no promise and no microtask turn.
   */
  insert(values: T): T {
    this.#refuseDuplicates(values)
    return this.#keep(this.#validate(values, 'invalid record'))
  }

  /**
   * Stores a record the caller has just built and keeps no other reference to, as {@link Table.insert} does,
   * but without a copy: once the schema passes it, the object given is the record stored (each field as the
   * schema gives it back, so a nested object is the schema's copy). A record with a field the schema's result
   * does not have (one the schema does not name) is stored as the schema's copy, as `insert` stores it.
   * Records that come from elsewhere (a saved state, a caller's object) go through `insert`: two tables must
   * never share a record.
   *
   * @example
   * ```ts
   * const order = orders.adopt({ orderId: ctx.db.nextId('order'), ... }) // the object given, now stored
   * ```
   */
  adopt(values: T): T {
    this.#refuseDuplicates(values)
    const checked = this.#validate(values, 'invalid record')
    const given = values as Record<string, unknown>
    const out = checked as Record<string, unknown>
    for (const field in given) if (!Object.hasOwn(out, field)) return this.#keep(checked)
    // Each field the schema gave back replaces the given one where they differ: a nested object's copy, a default.
    for (const field in out) if (given[field] !== out[field]) given[field] = out[field]
    return this.#keep(values)
  }

  /**
   * Applies `changes` to a stored record after validating the whole next state against the schema.
   * A change that would break the schema throws and leaves the record as it was.
   */
  patch(record: T, changes: Partial<T>): T {
    const next = this.#validate({ ...record, ...changes }, 'invalid record update')
    if (this.#primary !== undefined && this.#idOf(next) !== this.#idOf(record))
      throw new Error(`[mock] invalid record update: the primary key ${String(this.#idOf(record))} cannot change`)
    const stored = this.has(record)
    const before = this.#specs.map(([, spec]) => spec.key(record))
    const after = this.#specs.map(([, spec]) => spec.key(next))
    // Only a stored record is reindexed (a patch of a record removed meanwhile just updates the object);
    // and only where a key changed, so a group keeps its insertion order across patches. It leaves its old
    // keys before it changes: a unique index finds a record under a key by reading the record's own.
    const specs = this.#specs
    if (stored) {
      this.#refuseTakenKeys(record, before, after)
      for (let i = 0; i < specs.length; i++)
        if (before[i] !== after[i]) this.#unindexOne(specs[i]![0], specs[i]![1], before[i], record)
    }
    Object.assign(record, next)
    if (stored)
      for (let i = 0; i < specs.length; i++)
        if (before[i] !== after[i]) this.#indexOne(specs[i]![0], specs[i]![1], after[i], record)
    return record
  }

  /** Removes a record: O(1) per unique index, O(group size) per group index. */
  remove(record: T): void {
    if (!this.has(record)) return
    this.#records.delete(this.#idOf(record))
    for (const [name, spec] of this.#specs) this.#unindexOne(name, spec, spec.key(record), record)
  }

  /** True while `record` is stored (not removed, not cleared). */
  has(record: T): boolean {
    return this.#records.get(this.#idOf(record)) === record
  }

  /** The record with `key` in the primary or a unique index `index`. */
  get(index: keyof I & string, key: string | number): T | undefined {
    return index === this.#primary ? this.#records.get(key) : this.#unique.get(index)?.get(key)
  }

  /** The records with `key` in the group index `index`, in insertion order (a copy). */
  group(index: keyof I & string, key: string | number): readonly T[] {
    return this.#groups.get(index)?.get(key)?.slice() ?? []
  }

  /** Every record, in insertion order (a copy). */
  all(): readonly T[] {
    return [...this.#records.values()]
  }

  /** Number of records. */
  count(): number {
    return this.#records.size
  }

  /** Removes every record and empties the indexes in constant time: fresh containers, the old ones left to the GC. */
  clear(): void {
    this.#records = new RecordList()
    this.#emptyIndexes()
  }

  #emptyIndexes(): void {
    this.#unique = new Map()
    this.#groups = new Map()
    for (const [name, spec] of this.#specs) {
      if (spec.kind === 'unique') this.#unique.set(name, new UniqueIndex(spec.key))
      else this.#groups.set(name, new Map())
    }
  }

  /** Refuses a record whose primary key is missing or taken, or whose key of a unique index is taken. */
  #refuseDuplicates(values: T): void {
    if (this.#primary !== undefined) {
      const id = this.#idOf(values)
      if (id === undefined) throw new Error(`[mock] invalid record: no key for the primary index ${this.#primary}`)
      if (this.#records.has(id)) throw new Error(`[mock] duplicate key ${String(id)} in primary index ${this.#primary}`)
    }
    for (const [name, spec] of this.#specs) {
      const key = spec.key(values)
      if (spec.kind === 'unique' && key !== undefined && this.#unique.get(name)!.has(key)) {
        throw new Error(`[mock] duplicate key ${String(key)} in unique index ${name}`)
      }
    }
  }

  /** Refuses, before anything changes, a patch that moves `record` onto a unique key another record holds. */
  #refuseTakenKeys(
    record: T,
    before: readonly (string | number | undefined)[],
    after: readonly (string | number | undefined)[],
  ): void {
    this.#specs.forEach(([name, spec], i) => {
      const key = after[i]
      if (spec.kind !== 'unique' || key === undefined || key === before[i]) return
      const holder = this.#unique.get(name)!.get(key)
      if (holder !== undefined && holder !== record)
        throw new Error(`[mock] invalid record update: duplicate key ${String(key)} in unique index ${name}`)
    })
  }

  /** Stores a validated record and indexes it. */
  #keep(record: T): T {
    this.#records.set(this.#idOf(record), record)
    for (const [name, spec] of this.#specs) this.#indexOne(name, spec, spec.key(record), record)
    return record
  }

  #validate(values: unknown, what: string): T {
    const result = this.#schema['~standard'].validate(values)
    if (result instanceof Promise) throw new Error('[mock] table schemas must validate synchronously')
    if (result.issues) throw new Error(`[mock] ${what}: ${result.issues.map((i) => i.message).join('; ')}`)
    return result.value
  }

  #indexOne(
    name: string,
    spec: UniqueIndexSpec<T> | GroupIndexSpec<T>,
    key: string | number | undefined,
    record: T,
  ): void {
    if (key === undefined) return
    if (spec.kind === 'unique') {
      this.#unique.get(name)!.set(key, record)
      return
    }
    const groups = this.#groups.get(name)!
    const list = groups.get(key)
    if (list) list.push(record)
    else groups.set(key, [record])
  }

  #unindexOne(
    name: string,
    spec: UniqueIndexSpec<T> | GroupIndexSpec<T>,
    key: string | number | undefined,
    record: T,
  ): void {
    if (key === undefined) return
    if (spec.kind === 'unique') {
      const map = this.#unique.get(name)!
      if (map.get(key) === record) map.delete(key)
      return
    }
    const groups = this.#groups.get(name)!
    const list = groups.get(key)
    if (!list) return
    const at = list.indexOf(record)
    if (at !== -1) list.splice(at, 1)
    if (list.length === 0) groups.delete(key)
  }
}
