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
  it('finds inserted records through unique and group indexes', async () => {
    const t = table()
    await t.insert({ id: 1, owner: 7, status: 'open' })
    await t.insert({ id: 2, owner: 7, status: 'open' })
    await t.insert({ id: 3, owner: 8, status: 'open' })
    expect(t.get('byId', 2)?.owner).toBe(7)
    expect(t.group('byOwner', 7).map((r) => r.id)).toEqual([1, 2])
    expect(t.get('byId', 99)).toBeUndefined()
    expect(t.count()).toBe(3)
  })

  it('refuses a duplicate unique key', async () => {
    const t = table()
    await t.insert({ id: 1, owner: 7, status: 'open' })
    await expect(t.insert({ id: 1, owner: 8, status: 'open' })).rejects.toThrow(/duplicate key 1/)
  })

  it('a patch is visible to the collection queries and moves the record between group indexes', async () => {
    const t = table()
    const row = await t.insert({ id: 1, owner: 7, status: 'open' })
    t.patch(row, { status: 'closed' })
    expect(t.collection.findFirst((q) => q.where({ id: 1 }))?.status).toBe('closed')
    expect(t.group('byStatus', 'open')).toEqual([])
    expect(t.group('byStatus', 'closed').map((r) => r.id)).toEqual([1])
  })

  it('a patch keeps the group order when the group key does not change', async () => {
    const t = table()
    const first = await t.insert({ id: 1, owner: 7, status: 'open' })
    await t.insert({ id: 2, owner: 7, status: 'open' })
    t.patch(first, { status: 'closed' })
    expect(t.group('byOwner', 7).map((r) => r.id)).toEqual([1, 2])
  })

  it('a patch that breaks the schema throws and leaves the record unchanged', async () => {
    const t = table()
    const row = await t.insert({ id: 1, owner: 7, status: 'open' })
    expect(() => t.patch(row, { status: 'lost' as never })).toThrow(/invalid record update/)
    expect(t.get('byId', 1)?.status).toBe('open')
  })

  it('remove and clear empty the indexes too', async () => {
    const t = table()
    const row = await t.insert({ id: 1, owner: 7, status: 'open' })
    await t.insert({ id: 2, owner: 7, status: 'open' })
    t.remove(row)
    expect(t.get('byId', 1)).toBeUndefined()
    expect(t.group('byOwner', 7).map((r) => r.id)).toEqual([2])
    t.clear()
    expect(t.count()).toBe(0)
    expect(t.get('byId', 2)).toBeUndefined()
  })
})
