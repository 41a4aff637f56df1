/**
 * The state diagrams of docs/states.md are the mock's tables of moves: each diagram is what toMermaid
 * draws from its table, and every table has its diagram.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { STATE_MACHINES, toMermaid } from '../../packages/mock/src/domain/state-machines.js'

const DOC = readFileSync(new URL('../../docs/states.md', import.meta.url), 'utf8')

/** The diagrams of the doc, by the machine named in the marker before each. */
function diagrams(): Map<string, string> {
  const found = new Map<string, string>()
  for (const m of DOC.matchAll(/<!-- state-machine: ([^>]+?) -->\n```mermaid\n([\s\S]*?)\n```/g))
    found.set(m[1]!, m[2]!)
  return found
}

describe('docs/states.md', () => {
  const found = diagrams()

  it.each(STATE_MACHINES.map((m) => [m.name, m] as const))(
    'draws the %s machine exactly as its table says',
    (name, machine) => {
      expect(
        found.get(name),
        `docs/states.md has no diagram for ${name}, or a different one; it should be:\n${toMermaid(machine)}`,
      ).toBe(toMermaid(machine))
    },
  )

  it('has no diagram of a machine the code does not have', () => {
    expect([...found.keys()].sort()).toEqual(STATE_MACHINES.map((m) => m.name).sort())
  })
})
