/**
 * @module test/e2e/cli-state.e2e.test
 * `merchant-gateway-mock serve --state <file>` as a child process: a saved state is where the server starts
 * (and where `POST /__mock/reset` goes back to); a file the mock cannot load, or no file at that path, exits
 * with status 2 and a one-line reason naming the field or the file, without listening.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMockGateway, type MockSnapshot } from '@merchant-gateway/mock'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliArgs, http, spawnGroup, startCli, stopCli, type Cli } from './cli-process.js'

const NOW = '2026-11-02T09:00:00.000Z'

/** Runs the CLI until it exits by itself: its status and what it wrote to stderr. */
async function runToExit(args: string[]): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawnGroup(process.execPath, cliArgs(args))
  let stderr = ''
  let stdout = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { code, stderr, stdout }
}

describe('serve --state <file>', () => {
  let dir: string
  let saved: MockSnapshot
  let cli: Cli | undefined

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mock-state-'))
    const mock = createMockGateway({ clock: { now: NOW, frozen: true } })
    const merchant = await mock.merchants.create({ name: 'Riverside Coffee', apiKey: 'mk_test_riverside' })
    await mock.stores.add(merchant.merchantId, { storeName: 'Riverside', address: '1 Main St' })
    await mock.clock.advance(3_600_000)
    await mock.users.create({ email: 'dara@example.com', emailVerified: true })
    saved = await mock.snapshot()
    writeFileSync(join(dir, 'scenario.json'), JSON.stringify(saved, null, 2))
    const broken = structuredClone(saved)
    broken.state!.balances[0]!.balanceMinor += 1
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(broken))
    writeFileSync(join(dir, 'glance.json'), JSON.stringify(await mock.snapshot({ limit: 50 })))
  })

  afterAll(async () => {
    if (cli) await stopCli(cli, 'SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  })

  it('a good file is where the server starts and where POST /__mock/reset goes back to', async () => {
    cli = await startCli(['serve', '--port', '0', '--quiet', '--state', join(dir, 'scenario.json')])
    const banner = cli.output()
    expect(banner).toContain(`clock          2026-11-02T10:00:00.000Z (from --state, frozen;`)
    expect(banner).toContain('  X-Api-Key    mk_test_riverside')
    expect((await http('GET', `${cli.url}/__mock/snapshot`)).body).toEqual(saved)
    await http('POST', `${cli.url}/__mock/merchants`, { name: 'Another' })
    await http('POST', `${cli.url}/__mock/clock`, { advanceMs: 60_000 })
    expect((await http('POST', `${cli.url}/__mock/reset`, { clock: 'start' })).status).toBe(204)
    expect((await http('GET', `${cli.url}/__mock/snapshot`)).body).toEqual(saved)
    // POST /__mock/snapshot over HTTP: what the server answers when a client loads the same file again.
    const loaded = await http('POST', `${cli.url}/__mock/snapshot`, saved)
    expect(loaded).toMatchObject({ status: 200, body: { format: 1, now: '2026-11-02T10:00:00.000Z' } })
    await stopCli(cli)
    cli = undefined
  }, 240_000)

  it('a file the mock cannot load exits 2 with the field named, and listens on nothing', async () => {
    const broken = await runToExit(['serve', '--port', '0', '--state', join(dir, 'broken.json')])
    expect(broken.code).toBe(2)
    expect(broken.stderr).toMatch(
      /^merchant-gateway-mock: --state .*broken\.json: state\.balances\[0\]\.balanceMinor: /,
    )
    expect(broken.stdout).not.toContain('listening on')
    const glance = await runToExit(['serve', '--port', '0', '--state', join(dir, 'glance.json')])
    expect(glance.code).toBe(2)
    expect(glance.stderr).toContain('state: missing; a snapshot taken with a limit is a glance')
  }, 240_000)

  it('an unknown file path exits 2 and says there is no such file', async () => {
    const missing = join(dir, 'nowhere.json')
    const run = await runToExit(['serve', '--port', '0', '--state', missing])
    expect(run).toMatchObject({ code: 2, stderr: `merchant-gateway-mock: --state ${missing}: no such file\n` })
  }, 240_000)
})
