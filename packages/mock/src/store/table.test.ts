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
