/**
 * @module test/e2e/cli-npx.e2e.test
 * The installed program as a user's project runs it: `@merchant-gateway/mock` packed with `npm pack` and
 * installed into a temporary project, started with `npx merchant-gateway-mock serve` by a harness (a plain
 * `spawn` of npx, as Playwright's webServer or a script does), stopped by signalling the pid the harness got.
 *
 * npx (npm 11's `npm exec`) runs the bin through `sh -c` and passes a SIGTERM on to that shell only; on
 * Debian (dash) the shell dies of it without passing it on, so the server itself never gets it. The server
 * watches the processes that started it instead (launcher-watch.ts): these tests pin that it is gone, its
 * port free, within 2 s of the harness's SIGTERM or of a SIGKILL of npx.
 * docs/verify.md's session runs as written, as a CI step would (bash, no job control): its `kill %1` is such a
 * SIGTERM to npx alone, and the guide and the README say so.
 *
 * The server's processes are not in a process group of their own (a harness does not make one): each test
 * notes the processes under npx once the server is up, and they are SIGKILLed whatever happens.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  alive,
  freePort,
  harnessEnv,
  http,
  installPackedMock,
  killSeen,
  listening,
  type PackedApp,
  processTree,
  ROOT,
  spawnHarness,
  staleBuild,
  waitForBanner,
  within,
} from './cli-process.js'

let app: PackedApp
const started: Array<ReturnType<typeof processTree>> = []

beforeAll(() => {
  // The packed package is the built one: a build older than the source (or none, in a fresh clone that ran
  // `npm test` straight after `npm install`) would test other code, so build what the package ships first.
  if (staleBuild()) {
    execFileSync('npm', ['run', 'build', '-w', '@merchant-gateway/contract', '-w', '@merchant-gateway/mock'], {
      cwd: ROOT,
      stdio: 'ignore',
    })
  }
  const stale = staleBuild()
  if (stale) throw new Error(stale)
  app = installPackedMock()
}, 120_000)

afterEach(() => {
  for (const tree of started.splice(0)) killSeen(tree)
})

afterAll(() => app?.cleanup())

/** Starts `npx merchant-gateway-mock serve` in the app as a harness does; resolves once the banner is out. */
async function startWithNpx(port: number, extra: string[] = []) {
  const args = ['merchant-gateway-mock', 'serve', '--port', String(port), '--quiet', ...extra]
  const npx = spawnHarness('npx', args, app.dir)
  const cli = await waitForBanner(npx)
  const tree = processTree(npx.pid!)
  started.push(tree)
  return { npx, cli, tree }
}

describe.skipIf(process.platform !== 'linux')(
  'npx merchant-gateway-mock serve, started and stopped by a harness',
  () => {
    it("docs/verify.md's session, run as a script: `kill %1` signals npx alone, which does not pass SIGTERM on; " +
      'the server stops on seeing npx gone, as the guide and the README say', async () => {
      const doc = readFileSync(join(ROOT, 'docs/verify.md'), 'utf8')
      const section = doc.slice(doc.indexOf('## Trying it here'))
      const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? ''
      expect(block).toMatch(/^kill %1 /m)
      expect(block).toContain('--port 4010')
      // The count of checks the every-flow run makes, as the guide's session says it.
      const everyFlow = /# Every flow: (\d+) checks/.exec(block)?.[1]
      expect(everyFlow, "the session names the every-flow run's count of checks").toBeDefined()
      const port = await freePort()
      const url = `http://127.0.0.1:${port}`
      const script = block.replace('--port 4010', `--port ${port}`).replace('http://127.0.0.1:4010', url)
      // As a CI step runs it: bash without job control, in the project where the package is installed.
      const shell = spawn('bash', ['-eo', 'pipefail', '-c', script], {
        cwd: app.dir,
        env: harnessEnv(),
        detached: true,
      })
      let out = ''
      shell.stdout.on('data', (d) => (out += d))
      shell.stderr.on('data', (d) => (out += d))
      // A script that never ends (a server that never listened) is stopped before the test's own timeout.
      const stop = () => {
        try {
          process.kill(-shell.pid!, 'SIGKILL')
        } catch {
          // the script's process group is gone already
        }
      }
      const guard = setTimeout(stop, 100_000)
      try {
        const status = await new Promise((resolve) => shell.once('exit', resolve))
        expect(status, out).toBe(0)
        expect(out).toContain(`no drift: ${everyFlow} checks`)
        expect(await within(2_000, async () => !(await listening(port))), `port ${port} still taken`).toBe(true)
        // Not signalled: the server saw the process that started it gone.
        const log = readFileSync(join(app.dir, 'mock.log'), 'utf8')
        expect(log).toMatch(/, is gone: stopping\nstopped\n$/)
        expect(log).not.toMatch(/SIGTERM/)
      } finally {
        clearTimeout(guard)
        stop()
      }
      // What the guide and the README say about it.
      expect(block).not.toMatch(/npx passes SIGTERM on/)
      expect(section.replace(/\s+/g, ' ')).toMatch(
        /In a script \(no job control\), it signals npx alone, and npx does not pass SIGTERM on/,
      )
      const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ')
      expect(readme).toMatch(/a SIGTERM to `npx` alone \(.*`kill %1` in a script\), which npx does not pass on/)
    }, 120_000)

    it('a SIGTERM to the npx process the harness spawned stops the server: its port is free within 2 s', async () => {
      const port = await freePort()
      const { npx, cli, tree } = await startWithNpx(port)
      expect(cli.url).toBe(`http://127.0.0.1:${port}`)
      // npx, the shell npm runs the bin through, and the server's node.
      expect(tree.length).toBeGreaterThanOrEqual(2)
      expect((await http('GET', `${cli.url}/__mock/clock`)).status).toBe(200)

      npx.kill('SIGTERM')
      expect(await within(2_000, async () => !(await listening(port))), `port ${port} still taken`).toBe(true)
      expect(await within(2_000, () => alive(tree).length === 0), 'a process of the server still runs').toBe(true)
      expect(cli.output()).toMatch(/is gone: stopping\nstopped\n/)
    })

    it(
      'npx killed outright (SIGKILL): the server sees the process that ' +
        'started it gone and frees its port within 2 s',
      async () => {
        const port = await freePort()
        const { npx, cli, tree } = await startWithNpx(port)
        expect((await http('GET', `${cli.url}/__mock/clock`)).status).toBe(200)

        npx.kill('SIGKILL')
        expect(await within(2_000, async () => !(await listening(port))), `port ${port} still taken`).toBe(true)
        expect(await within(2_000, () => alive(tree).length === 0), 'a process of the server still runs').toBe(true)
      },
    )

    it('with --keep-running the server outlives npx killed outright, and a SIGTERM to it still stops it', async () => {
      const port = await freePort()
      const { npx, cli, tree } = await startWithNpx(port, ['--keep-running'])
      npx.kill('SIGKILL')
      // The watch looks twice a second: three of its rounds pass with the port still served.
      expect(await within(1_500, async () => !(await listening(port)))).toBe(false)
      expect((await http('GET', `${cli.url}/__mock/clock`)).status).toBe(200)
      // The server's own node process, the deepest of the tree (npx, the shell npm ran the bin through, node).
      process.kill(alive(tree).at(-1)!.pid, 'SIGTERM')
      expect(await within(2_000, async () => !(await listening(port))), `port ${port} still taken`).toBe(true)
    })

    it(
      "the banner's docs pointer is an https URL of the package's " + 'repository, to a file the repository has',
      async () => {
        const { npx, cli } = await startWithNpx(await freePort())
        npx.kill('SIGTERM')
        const docs = /^docs: +(\S+)$/m.exec(cli.output())?.[1]
        const repository = app.manifest.repository?.url?.replace(/^git\+/, '').replace(/\.git$/, '')
        expect(repository).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/)
        expect(docs).toMatch(new RegExp(`^${repository!.replace(/[.]/g, '\\.')}/blob/main/(.+)$`))
        const file = docs!.slice(`${repository}/blob/main/`.length)
        expect(existsSync(join(ROOT, file)), `${file} in the repository`).toBe(true)
      },
    )

    it(
      'the installed program: --help has examples and the docs URL; ' +
        'an unknown option names the nearest (status 2)',
      () => {
        const run = (...args: string[]) =>
          spawnSync('npx', ['merchant-gateway-mock', ...args], {
            cwd: app.dir,
            encoding: 'utf8',
            env: harnessEnv(),
          })
        const help = run('--help')
        expect(help.status).toBe(0)
        expect(help.stdout).toMatch(/\nExamples:\n {2}merchant-gateway-mock serve\n/)
        expect(help.stdout).toMatch(/8 to 200 printable\s+characters, no spaces/)
        expect(help.stdout).toMatch(
          /^Docs: https:\/\/github\.com\/merchant-gateway\/merchant-gateway\/blob\/main\/docs\/mock-server\.md$/m,
        )
        const typo = run('serve', '--prot', '4010')
        expect([typo.status, typo.stderr]).toEqual([
          2,
          'merchant-gateway-mock: unknown option --prot; did you mean --port?\nRun with --help for the options.\n',
        ])
        const negative = run('serve', '-p', '-1')
        expect([negative.status, negative.stderr.split('\n')[0]]).toEqual([
          2,
          'merchant-gateway-mock: --port must be an integer from 0 to 65535, got "-1"',
        ])
      },
    )
  },
)
