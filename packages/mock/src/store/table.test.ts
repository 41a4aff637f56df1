import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { Table } from './table.js'

const schema = z.object({ id: z.number().check(z.int()), owner: z.number(), status: z.enum(['open', 'closed']) })
type Row = z.infer<typeof schema>

function table() {
  return new Table<Row>(schema, {
    byId: { kind: 'unique', key: (r) => r.id },
    byOwner: { kind: 'group', key: (r) => r.owner },
    byStatus: { kind: 'group', key: (r) => r.status },
  })
}

describe('Table', () => {
  it('finds inserted records through unique and group indexes', () => {
    const t = table()
    t.insert({ id: 1, owner: 7, status: 'open' })
    t.insert({ id: 2, owner: 7, status: 'open' })
    t.insert({ id: 3, owner: 8, status: 'open' })
    expect(t.get('byId', 2)?.owner).toBe(7)
    expect(t.group('byOwner', 7).map((r) => r.id)).toEqual([1, 2])
    expect(t.get('byId', 99)).toBeUndefined()
    expect(t.count()).toBe(3)
  })

  it('refuses a duplicate unique key', () => {
    const t = table()
    t.insert({ id: 1, owner: 7, status: 'open' })
    expect(() => t.insert({ id: 1, owner: 8, status: 'open' })).toThrow(/duplicate key 1/)
  })

  it('a patch is visible to every read and moves the record between group indexes', () => {
    const t = table()
    const row = t.insert({ id: 1, owner: 7, status: 'open' })
    t.patch(row, { status: 'closed' })
    expect(t.all().find((r) => r.id === 1)?.status).toBe('closed')
    expect(t.group('byStatus', 'open')).toEqual([])
    expect(t.group('byStatus', 'closed').map((r) => r.id)).toEqual([1])
  })

  it('a patch keeps the group order when the group key does not change', () => {
    const t = table()
    const first = t.insert({ id: 1, owner: 7, status: 'open' })
    t.insert({ id: 2, owner: 7, status: 'open' })
    t.patch(first, { status: 'closed' })
    expect(t.group('byOwner', 7).map((r) => r.id)).toEqual([1, 2])
  })

  it('a patch that breaks the schema throws and leaves the record unchanged', () => {
    const t = table()
    const row = t.insert({ id: 1, owner: 7, status: 'open' })
    expect(() => t.patch(row, { status: 'lost' as never })).toThrow(/invalid record update/)
    expect(t.get('byId', 1)?.status).toBe('open')
  })

  it('remove and clear empty the indexes too', () => {
    const t = table()
    const row = t.insert({ id: 1, owner: 7, status: 'open' })
    t.insert({ id: 2, owner: 7, status: 'open' })
    t.remove(row)
    expect(t.get('byId', 1)).toBeUndefined()
    expect(t.group('byOwner', 7).map((r) => r.id)).toEqual([2])
    t.clear()
    expect(t.count()).toBe(0)
    expect(t.get('byId', 2)).toBeUndefined()
  })

  it('refuses a record that breaks the schema on insert, storing nothing', () => {
    const t = table()
    expect(() => t.insert({ id: 1.5, owner: 7, status: 'open' })).toThrow(/invalid record/)
    expect(t.count()).toBe(0)
    expect(t.get('byId', 1.5)).toBeUndefined()
  })

  it('a patch of a removed record changes the object but never puts it back into the indexes', () => {
    const t = table()
    const row = t.insert({ id: 1, owner: 7, status: 'open' })
    t.remove(row)
    t.patch(row, { owner: 8 })
    expect(row.owner).toBe(8)
    expect(t.has(row)).toBe(false)
    expect(t.get('byId', 1)).toBeUndefined()
    expect(t.group('byOwner', 8)).toEqual([])
  })

  it(
    'after clear the table starts empty and takes the same keys again; ' + 'records read before stay untouched objects',
    () => {
      const t = table()
      const old = t.insert({ id: 1, owner: 7, status: 'open' })
      t.clear()
      expect(t.all()).toEqual([])
      expect(t.group('byOwner', 7)).toEqual([])
      const fresh = t.insert({ id: 1, owner: 7, status: 'closed' })
      expect(t.get('byId', 1)).toBe(fresh)
      expect(t.has(old)).toBe(false)
      expect(old.status).toBe('open')
    },
  )

  it('group() and all() return copies: changing them does not change the table', () => {
    const t = table()
    t.insert({ id: 1, owner: 7, status: 'open' })
    ;(t.group('byOwner', 7) as Row[]).length = 0
    ;(t.all() as Row[]).length = 0
    expect(t.group('byOwner', 7).map((r) => r.id)).toEqual([1])
    expect(t.count()).toBe(1)
  })
})

const nested = z.object({
  id: z.number().check(z.int()),
  owner: z.number(),
  status: z.enum(['open', 'closed']),
  payer: z.nullable(z.object({ name: z.string() })),
})
type Kept = z.infer<typeof nested>

function keyed() {
  return new Table<Kept>(nested, {
    byId: { kind: 'primary', key: (r) => r.id },
    byOwner: { kind: 'group', key: (r) => r.owner },
  })
}

describe('Table with a string unique index', () => {
  const coded = z.object({ id: z.number(), code: z.string() })
  const codes = () => new Table<z.infer<typeof coded>>(coded, { byCode: { kind: 'unique', key: (r) => r.code } })

  it('a patch that changes the key moves the record: found under the new key only, the old one free again', () => {
    const t = codes()
    const row = t.insert({ id: 1, code: 'MGW1A' })
    t.patch(row, { code: 'MGW1B' })
    expect(t.get('byCode', 'MGW1A')).toBeUndefined()
    expect(t.get('byCode', 'MGW1B')).toBe(row)
    const next = t.insert({ id: 2, code: 'MGW1A' })
    expect(t.get('byCode', 'MGW1A')).toBe(next)
    t.remove(row)
    expect([t.get('byCode', 'MGW1A'), t.get('byCode', 'MGW1B')]).toEqual([next, undefined])
  })

  it('refuses a patch to a unique key another record holds, leaving both records and the index as they were', () => {
    const t = codes()
    const first = t.insert({ id: 1, code: 'MGW1A' })
    const second = t.insert({ id: 2, code: 'MGW1B' })
    expect(() => t.patch(second, { code: 'MGW1A' })).toThrow(/duplicate key MGW1A in unique index byCode/)
    expect(second.code).toBe('MGW1B')
    expect([t.get('byCode', 'MGW1A'), t.get('byCode', 'MGW1B')]).toEqual([first, second])
    // A patch that keeps its own key, or moves to a free one, still goes through.
    expect(t.patch(second, { code: 'MGW1B' })).toBe(second)
    t.patch(second, { code: 'MGW1C' })
    expect([t.get('byCode', 'MGW1B'), t.get('byCode', 'MGW1C')]).toEqual([undefined, second])
  })

  it('refuses a duplicate string key, storing nothing', () => {
    const t = codes()
    t.insert({ id: 1, code: 'MGW1A' })
    expect(() => t.insert({ id: 2, code: 'MGW1A' })).toThrow(/duplicate key MGW1A/)
    expect(t.count()).toBe(1)
  })
})

describe('Table with a primary index', () => {
  it('keeps its records in insertion order by the primary key, through remove and clear', () => {
    const t = keyed()
    for (const id of [3, 1, 2]) t.insert({ id, owner: 7, status: 'open', payer: null })
    expect(t.all().map((r) => r.id)).toEqual([3, 1, 2])
    const one = t.get('byId', 1)!
    t.remove(one)
    expect(t.has(one)).toBe(false)
    expect(t.all().map((r) => r.id)).toEqual([3, 2])
    expect(t.count()).toBe(2)
    t.insert({ id: 1, owner: 7, status: 'open', payer: null })
    expect(t.all().map((r) => r.id)).toEqual([3, 2, 1])
    t.clear()
    expect(t.count()).toBe(0)
    expect(t.get('byId', 3)).toBeUndefined()
  })

  it('refuses a duplicate or missing primary key, storing nothing', () => {
    const t = keyed()
    t.insert({ id: 1, owner: 7, status: 'open', payer: null })
    expect(() => t.insert({ id: 1, owner: 8, status: 'open', payer: null })).toThrow(/duplicate key 1 in primary/)
    expect(() => t.adopt({ owner: 8, status: 'open', payer: null } as unknown as Kept)).toThrow(
      /no key for the primary/,
    )
    expect(t.count()).toBe(1)
    expect(t.group('byOwner', 8)).toEqual([])
  })

  it('refuses a patch that changes the primary key, leaving the record and the indexes as they were', () => {
    const t = keyed()
    const row = t.insert({ id: 1, owner: 7, status: 'open', payer: null })
    expect(() => t.patch(row, { id: 2, owner: 8 })).toThrow(/primary key 1 cannot change/)
    expect(row).toEqual({ id: 1, owner: 7, status: 'open', payer: null })
    expect(t.get('byId', 1)).toBe(row)
    expect(t.get('byId', 2)).toBeUndefined()
    expect(t.group('byOwner', 7)).toEqual([row])
  })

  it('a record of the same key is not the stored one: has() is false and remove() leaves the stored one', () => {
    const t = keyed()
    const stored = t.insert({ id: 1, owner: 7, status: 'open', payer: null })
    const twin = { ...stored }
    expect(t.has(twin)).toBe(false)
    t.remove(twin)
    expect(t.get('byId', 1)).toBe(stored)
  })
})

describe('Table.adopt', () => {
  it('stores the object given once the schema passes it; insert stores the schema copy', () => {
    const t = keyed()
    const given: Kept = { id: 1, owner: 7, status: 'open', payer: null }
    expect(t.adopt(given)).toBe(given)
    expect(t.get('byId', 1)).toBe(given)
    const other: Kept = { id: 2, owner: 7, status: 'open', payer: null }
    const inserted = t.insert(other)
    expect(inserted).not.toBe(other)
    expect(inserted).toEqual(other)
  })

  it('a nested object of the record stored is the schema copy, never the caller object', () => {
    const t = keyed()
    const payer = { name: 'Dara' }
    const record = t.adopt({ id: 1, owner: 7, status: 'open', payer })
    expect(record.payer).toEqual({ name: 'Dara' })
    expect(record.payer).not.toBe(payer)
    payer.name = 'changed'
    expect(t.get('byId', 1)?.payer?.name).toBe('Dara')
  })

  it('a record with a field the schema does not name is stored as the schema copy, without that field', () => {
    const t = keyed()
    const given = { id: 1, owner: 7, status: 'open' as const, payer: null, extra: true }
    const record = t.adopt(given)
    expect(record).not.toBe(given)
    expect(record).toEqual({ id: 1, owner: 7, status: 'open', payer: null })
  })

  it('an optional field left out and a field the schema does not name: the schema copy, without that field', () => {
    const optional = z.object({ id: z.number(), note: z.optional(z.string()) })
    const t = new Table<z.infer<typeof optional>>(optional, { byId: { kind: 'primary', key: (r) => r.id } })
    const given = { id: 1, extra: true }
    const record = t.adopt(given)
    expect(record).not.toBe(given)
    expect(record).toEqual({ id: 1 })
    expect(t.get('byId', 1)).toEqual({ id: 1 })
  })

  it('refuses a record that breaks the schema, storing nothing', () => {
    const t = keyed()
    expect(() => t.adopt({ id: 1.5, owner: 7, status: 'open', payer: null })).toThrow(/invalid record/)
    expect(t.count()).toBe(0)
    expect(t.group('byOwner', 7)).toEqual([])
  })
})
