// Which msw modules the CLI loads: `merchant-gateway-mock --help`, and `serve --port 0` until its banner and one
// answered request, each run under msw-hook.mjs. The CLI answers through the mock's own dispatcher and never
// uses an msw handler, so it should load none: msw and what it brings (@mswjs/interceptors, tough-cookie,
// tldts...) cost every start about a quarter of its CPU (docs/architecture.md). Used on the CLI bundled from the
// sources (test/e2e/cli-imports.e2e.test.ts) and on the built dist/cli.js (scripts/check-packages.mjs).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const HOOK = fileURLToPath(new URL('./msw-hook.mjs', import.meta.url))

/** How long `serve` may take to print its banner on a busy machine before the run counts as failed. */
const BANNER_TIMEOUT_MS = 120_000

/**
 * Runs `cli` (a file `node` runs) twice under the hook and returns what each resolved of msw.
 * @param {string} cli
 * @returns {Promise<{ help: string[], serve: string[] }>} one `<specifier> from <parent>` line per resolution
 */
export async function mswResolvedByCli(cli) {
  const dir = mkdtempSync(join(tmpdir(), 'merchant-gateway-cli-msw-'))
  try {
    const help = join(dir, 'help.txt')
    const ran = spawnSync(process.execPath, ['--import', HOOK, cli, '--help'], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', MERCHANT_GATEWAY_MSW_RECORD: help },
    })
    if (ran.status !== 0) throw new Error(`${cli} --help exited ${ran.status}: ${ran.stderr}`)
    if (!ran.stdout.includes('serve')) throw new Error(`${cli} --help printed no usage: ${ran.stdout}`)
    const serve = join(dir, 'serve.txt')
    await serveOnce(cli, serve)
    return { help: lines(help), serve: lines(serve) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The lines of a record, none when nothing was recorded (the hook writes only what it saw). */
function lines(file) {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean)
  } catch {
    return []
  }
}

/**
 * `serve --port 0` until its banner, one request answered, then SIGTERM to the CLI and, once it exited, SIGKILL
 * to whatever is left of its process group (nothing may outlive the check).
 */
function serveOnce(cli, record) {
  const child = spawn(process.execPath, ['--import', HOOK, cli, 'serve', '--port', '0', '--host', '127.0.0.1'], {
    env: { ...process.env, NODE_OPTIONS: '', FORCE_COLOR: '0', MERCHANT_GATEWAY_MSW_RECORD: record },
    detached: true,
  })
  const killGroup = () => {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {
      // ESRCH: the group has no process left.
    }
  }
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk) => (out += chunk))
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  void exited.then(killGroup)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup()
      reject(new Error(`${cli} serve printed no banner within ${BANNER_TIMEOUT_MS / 1000} s:\n${out}`))
    }, BANNER_TIMEOUT_MS)
    const onData = async () => {
      const url = /^listening on (http:\/\/\S+)$/m.exec(out)?.[1]
      if (url === undefined || !out.includes('Ctrl-C stops the server.')) return
      child.stdout.off('data', onData)
      clearTimeout(timer)
      try {
        // A service route answered: the request path loads no msw either (a request without a key: a 4xx).
        const res = await fetch(`${url}/api/v1/payment-gateway/stores/list`, { method: 'POST' })
        await res.arrayBuffer()
        if (res.status < 400 || res.status > 499) throw new Error(`a request without a key answered ${res.status}`)
        child.kill('SIGTERM')
        await exited
        resolve()
      } catch (error) {
        killGroup()
        reject(error)
      }
    }
    child.stdout.on('data', onData)
    void exited.then(({ code, signal }) => {
      clearTimeout(timer)
      if (!/^listening on /m.test(out))
        reject(new Error(`${cli} serve exited (${code ?? signal}) before listening:\n${out}`))
    })
  })
}
