import { describe, expect, it } from 'vitest'
import { Serial } from './serial.js'

describe('Serial', () => {
  it('runs a task at once when nothing waits, and passes its result or error through', async () => {
    const serial = new Serial()
    const seen: string[] = []
    const done = serial.run(() => {
      seen.push('ran')
      return 42
    })
    seen.push('after run')
    expect(seen).toEqual(['ran', 'after run'])
    await expect(done).resolves.toBe(42)
    await expect(
      serial.run(() => {
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
  })

  it('keeps a task arriving while another waits behind it, and behind every task queued before it', async () => {
    const serial = new Serial()
    const seen: string[] = []
    let release = (): void => undefined
    const first = serial.run(async () => {
      seen.push('first starts')
      await new Promise<void>((resolve) => {
        release = resolve
      })
      seen.push('first ends')
    })
    const second = serial.run(() => seen.push('second'))
    const third = serial.run(() => Promise.reject(new Error('third fails')))
    const fourth = serial.run(() => seen.push('fourth'))
    await Promise.resolve()
    expect(seen).toEqual(['first starts'])
    release()
    await first
    await second
    await expect(third).rejects.toThrow('third fails')
    await fourth
    expect(seen).toEqual(['first starts', 'first ends', 'second', 'fourth'])
    // All settled: the next task runs at once again.
    await Promise.resolve()
    serial.run(() => seen.push('fifth'))
    expect(seen.at(-1)).toBe('fifth')
  })
})
