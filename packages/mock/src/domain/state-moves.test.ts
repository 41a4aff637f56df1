/**
 * @module state-moves.test
 * The domain changes a state only by a move of its machine's table: the helpers refuse any other move
 * and leave the record as it was, and no domain module writes a state around them.
 */
import { readdirSync, readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { createDatabase } from '../store/database.js'
import type { TransactionRecord, UserRecord } from '../store/records.js'
import { Table } from '../store/table.js'
import type { DomainContext } from './context.js'
import { RuleError } from './rule-error.js'
import type { StateMachine } from './state-machines.js'
import { create, move, movePin, moveTransaction } from './state-moves.js'

/** A small machine: a door created closed, opened and closed, locked only when closed, removed when closed. */
const DOOR: StateMachine<'closed' | 'open' | 'locked'> = {
  name: 'door',
  states: ['closed', 'open', 'locked'],
  transitions: [
    { from: null, to: 'closed', on: 'built' },
    { from: 'closed', to: 'open', on: 'open' },
    { from: 'open', to: 'closed', on: 'close' },
    { from: 'closed', to: 'locked', on: 'lock' },
    { from: 'closed', to: null, on: 'taken down' },
  ],
}

const doorSchema = z.object({
  id: z.number(),
  position: z.enum(['closed', 'open', 'locked']),
  touchedAt: z.number(),
})
type Door = z.infer<typeof doorSchema>

function doors(...positions: Door['position'][]): { table: Table<Door>; all: Door[] } {
  const table = new Table<Door>(doorSchema, { byId: { kind: 'unique', key: (d) => d.id } })
  const all: Door[] = []
  for (const [i, position] of positions.entries()) all.push(table.insert({ id: i + 1, position, touchedAt: 0 }))
  return { table, all }
}

describe('move: a record changes state only by a move of its table', () => {
  it('a move the table has writes the new state and the other changes together', () => {
    const { table, all } = doors('closed')
    const door = move(DOOR, table, all[0]!, 'position', 'open', 'open', { touchedAt: 5 })
    expect(door).toBe(all[0])
    expect(table.get('byId', 1)).toEqual({ id: 1, position: 'open', touchedAt: 5 })
  })

  it('a move the table lacks throws a plain Error naming machine, states and trigger; changes nothing', () => {
    const { table, all } = doors('open')
    const attempt = () => move(DOOR, table, all[0]!, 'position', 'locked', 'lock', { touchedAt: 5 })
    expect(attempt).toThrow('[mock] bug: "lock" would move the door from open to locked, a move the door machine')
    try {
      attempt()
    } catch (error) {
      // A bug of the mock answers 500; a RuleError would be taken for the client's mistake.
      expect(error).not.toBeInstanceOf(RuleError)
    }
    expect(table.get('byId', 1)).toEqual({ id: 1, position: 'open', touchedAt: 0 })
  })

  it('to: null removes the record, only from a state the table removes records from', () => {
    const { table, all } = doors('closed', 'locked')
    move(DOOR, table, all[0]!, 'position', null, 'taken down')
    expect(table.has(all[0]!)).toBe(false)
    expect(() => move(DOOR, table, all[1]!, 'position', null, 'taken down')).toThrow(
      '"taken down" would remove the door while locked',
    )
    expect(table.get('byId', 2)).toEqual({ id: 2, position: 'locked', touchedAt: 0 })
  })

  it('create inserts a record only in a state the table creates records in', () => {
    const { table } = doors()
    create(DOOR, table, 'position', { id: 1, position: 'closed', touchedAt: 0 }, 'built')
    expect(() => create(DOOR, table, 'position', { id: 2, position: 'open', touchedAt: 0 }, 'built')).toThrow(
      '"built" would create the door as open',
    )
    expect(table.count()).toBe(1)
  })
})

/** The part of a domain context the state helpers use: the tables and a clock stopped at `now`. */
function context(now: number): DomainContext {
  return { db: createDatabase(), clock: { now: () => now } } as unknown as DomainContext
}

describe('the domain helpers use the machine of the record', () => {
  const transaction = (transactionId: number, kind: TransactionRecord['kind']): TransactionRecord => ({
    transactionId,
    merchantId: 1,
    kind,
    orderId: kind === 'payout' ? 0 : 1001,
    amountMinor: 100,
    currency: 'USD',
    status: 'pending',
    accountName: '',
    accountNumber: '1',
    remark: '',
    dueAt: null,
    failureReason: null,
    createdAt: 0,
    updatedAt: 0,
  })

  it('a transaction moves by the machine of its kind: a payout fails at settlement, a refund never fails', () => {
    const ctx = context(0)
    const payout = ctx.db.transactions.insert(transaction(700_001, 'payout'))
    moveTransaction(ctx, payout, 'failed', 'settlement, account refused (reversed)')
    expect(payout.status).toBe('failed')
    const refund = ctx.db.transactions.insert(transaction(700_002, 'refund'))
    expect(() => moveTransaction(ctx, refund, 'failed', 'settlement')).toThrow('the refund machine does not have')
    expect(refund.status).toBe('pending')
  })

  it("a PIN's state is read at the time given: a block is a move from set, over once its minute is", () => {
    const now = 1_000_000
    const ctx = context(now)
    const user: UserRecord = ctx.db.users.insert({
      userId: 5001,
      accessToken: 'at_1',
      email: 'dara@example.com',
      emailVerified: true,
      phone: null,
      phoneVerified: false,
      pin: null,
      wrongAttempts: 0,
      blockedUntil: null,
      resetCodesSentAt: [],
      createdAt: now,
    })
    // No PIN yet: nothing counts wrong PINs (none -> none is not a move of the PIN machine).
    expect(() => movePin(ctx, user, 'a wrong PIN', { wrongAttempts: 1 })).toThrow(
      '"a wrong PIN" would move the PIN from none to none',
    )
    expect(user.wrongAttempts).toBe(0)
    const pin = { salt: 's', hash: 'h', iterations: 1 }
    movePin(ctx, user, 'set-pin', { pin, wrongAttempts: 0, blockedUntil: null })
    movePin(ctx, user, '5th wrong PIN in a row', { wrongAttempts: 5, blockedUntil: now + 60_000 })
    // Blocked, a wrong PIN changes nothing; once the minute is over the PIN is set again and counts on.
    expect(() => movePin(ctx, user, 'a wrong PIN', { wrongAttempts: 6 })).toThrow('from blocked to blocked')
    movePin(ctx, user, 'a wrong PIN before the 5th', { wrongAttempts: 6 }, now + 60_000)
    expect(user).toMatchObject({ wrongAttempts: 6, blockedUntil: now + 60_000 })
  })
})

// ---------------------------------------------------------------------------------------------------------
// No state written around the helpers: a search of the domain's source
// ---------------------------------------------------------------------------------------------------------

/** The tables whose records have a machine, and the fields that hold (or make up) their state. */
const STATE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  orders: ['status'],
  transactions: ['status'],
  otpSessions: ['state'],
  users: ['pin', 'wrongAttempts', 'blockedUntil'],
}
const READS = new Set(['get', 'group', 'all', 'count', 'has'])
const EVERY_STATE_FIELD = new Set(Object.values(STATE_FIELDS).flat())

/** True for `db`, `ctx.db`, `this.db`: the domain reaches its tables only through the context's `db`. */
const isDb = (node: ts.Node): boolean =>
  (ts.isIdentifier(node) && node.text === 'db') || (ts.isPropertyAccessExpression(node) && node.name.text === 'db')

/**
 * Every place in `source` that may write a state without a helper of state-moves.ts: a tracked table used
 * for anything but a read or a patch of an object literal that names no state field (an insert, a remove,
 * a patch with a state field, a spread or a value the search cannot see into, a table taken out of `db`),
 * and any assignment to a state field. Reported as `file:line: code`.
 */
function directStateWrites(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const report = (node: ts.Node) => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1
    found.push(`${file}:${line}: ${node.getText(sf).replace(/\s+/g, ' ')}`)
  }
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && isDb(node.expression) && node.name.text in STATE_FIELDS) {
      const fields = STATE_FIELDS[node.name.text]!
      const use = node.parent
      const call = use.parent
      const method = ts.isPropertyAccessExpression(use) && use.expression === node ? use.name.text : undefined
      const called = method !== undefined && ts.isCallExpression(call) && call.expression === use
      if (called && READS.has(method)) return
      if (called && method === 'patch') {
        const changes = call.arguments[1]
        const harmless =
          changes !== undefined &&
          ts.isObjectLiteralExpression(changes) &&
          changes.properties.every(
            (p) =>
              (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
              !fields.includes(p.name.getText(sf)),
          )
        if (harmless) return
      }
      report(called ? call : node)
      return
    }
    // A table taken out of `db` by destructuring, or by `db['orders']`, escapes the search: refused outright.
    if (ts.isVariableDeclaration(node) && ts.isObjectBindingPattern(node.name) && node.initializer) {
      if (isDb(node.initializer)) report(node)
    }
    if (ts.isElementAccessExpression(node) && isDb(node.expression)) report(node)
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      EVERY_STATE_FIELD.has(node.left.name.text)
    )
      report(node)
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}

const DOMAIN = new URL('./', import.meta.url)
const HELPERS = 'state-moves.ts'

/** The direct writes known and kept, each with its reason: none. */
const KNOWN: string[] = []

describe('no domain module writes a state around the helpers of state-moves.ts', () => {
  it('the search flags each way of writing a state directly, and not a patch that leaves the state alone', () => {
    const flagged = (code: string) => directStateWrites('x.ts', code).length
    expect(flagged(`ctx.db.orders.patch(order, { status: 'completed', updatedAt: now })`)).toBe(1)
    expect(flagged(`ctx.db.transactions.patch(tx, { ...changes })`)).toBe(1)
    expect(flagged(`ctx.db.transactions.patch(tx, changes)`)).toBe(1)
    expect(flagged(`ctx.db.orders.insert(values)`)).toBe(1)
    expect(flagged(`this.db.otpSessions.remove(session)`)).toBe(1)
    expect(flagged(`ctx.db.users.patch(user, { blockedUntil })`)).toBe(1)
    expect(flagged(`const orders = ctx.db.orders; orders.get('byId', 1)`)).toBe(1)
    expect(flagged(`const { orders } = ctx.db`)).toBe(1)
    expect(flagged(`ctx.db['orders'].patch(order, {})`)).toBe(1)
    expect(flagged(`order.status = 'cancelled'`)).toBe(1)
    expect(flagged(`ctx.db.otpSessions.patch(session, { wrongCodes: wrong })`)).toBe(0)
    expect(flagged(`ctx.db.users.patch(user, { resetCodesSentAt: [...recent, now] })`)).toBe(0)
    expect(flagged(`ctx.db.orders.get('byId', 1); ctx.db.transactions.group('byOrder', 1)`)).toBe(0)
    expect(flagged(`ctx.db.webhooks.patch(record, { status: 'failed' })`)).toBe(0)
  })

  it('every state write of the domain goes through them', () => {
    const files = readdirSync(DOMAIN).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== HELPERS)
    // The search reads the modules that move states; an empty or wrong folder would pass vacuously.
    expect(files).toEqual(expect.arrayContaining(['orders.ts', 'payments.ts', 'pins.ts', 'pin-reset.ts']))
    const found = files.flatMap((file) => directStateWrites(file, readFileSync(new URL(file, DOMAIN), 'utf8')))
    expect(found.map((f) => f.replace(/:\d+:/, ':'))).toEqual(KNOWN)
  })
})
