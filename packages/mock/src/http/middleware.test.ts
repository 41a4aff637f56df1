/**
 * @module middleware.test
 * A list of named steps composed once: each step runs in the list's order, may answer itself or hand on to
 * the rest, and sees the answer of the rest on its way back.
 */
import { describe, expect, it } from 'vitest'
import { chain, type Step } from './middleware.js'

type Call = { seen: string[]; stopAt?: string }

const step = (name: string): Step<Call, string> => ({
  name,
  run: async (call, next) => {
    call.seen.push(`${name} in`)
    if (call.stopAt === name) return `${name} answered`
    const answer = await next()
    call.seen.push(`${name} out`)
    return `${answer} < ${name}`
  },
})

describe('a chain of steps', () => {
  it('runs them in order to the end, and each sees the answer on the way back', async () => {
    const call: Call = { seen: [] }
    const answer = await chain([step('a'), step('b')], (c: Call) => {
      c.seen.push('end')
      return 'done'
    })(call)
    expect(answer).toBe('done < b < a')
    expect(call.seen).toEqual(['a in', 'b in', 'end', 'b out', 'a out'])
  })

  it('a step that answers itself ends the call there: later steps never run', async () => {
    const call: Call = { seen: [], stopAt: 'b' }
    expect(await chain([step('a'), step('b'), step('c')], () => 'never')(call)).toBe('b answered < a')
    expect(call.seen).toEqual(['a in', 'b in', 'a out'])
  })

  it('a step that throws, at once or later, fails the call with its error, as the steps before it see', async () => {
    const throwsNow: Step<Call, string> = {
      name: 'now',
      run: () => {
        throw new Error('refused now')
      },
    }
    await expect(chain([step('a'), throwsNow], () => 'never')({ seen: [] })).rejects.toThrow('refused now')
    const caught: Step<Call, string> = {
      name: 'catch',
      run: (_call, next) => next().catch((error: Error) => `caught: ${error.message}`),
    }
    expect(await chain([caught, throwsNow], () => 'never')({ seen: [] })).toBe('caught: refused now')
  })

  it('calls under way at once through one chain each go through every step, each in its own order', async () => {
    // Each step waits a turn before it hands on, so the two calls' steps interleave.
    const later = (name: string): Step<Call, string> => ({
      name,
      run: async (call, next) => {
        call.seen.push(name)
        await Promise.resolve()
        return `${await next()} < ${name}`
      },
    })
    const answer = chain([later('a'), later('b'), later('c')], () => 'end')
    const calls: Call[] = [{ seen: [] }, { seen: [] }, { seen: [] }]
    const answers = await Promise.all([
      answer(calls[0]!),
      answer(calls[1]!),
      Promise.resolve().then(() => answer(calls[2]!)),
    ])
    expect(answers).toEqual(['end < c < b < a', 'end < c < b < a', 'end < c < b < a'])
    for (const call of calls) expect(call.seen).toEqual(['a', 'b', 'c'])
  })
})
