// The worker snippet of docs/browser-mocking.md ("The worker in a page") in a fresh Vite project, with each msw
// a user may have (`npm run check:vite`, after the build; CI runs it):
//
// 1. `npm create vite` (create-vite, pinned below) makes the `vanilla-ts` template, whose `npm run build` is
//    `tsc && vite build` (strict, unused names refused); its src/main.ts becomes the guide's snippet as written,
//    followed by a few lines of this check that use it (a PIN set through the snippet's `pins`).
//    Its own dependencies (vite, typescript) are installed once, there: each app below is a copy of it, as
//    its `npm install` leaves it, the same for every msw. (With the template installed in each app and a
//    browser launched for each, the check took 71-72 s of CPU against 60-64, two runs of each, interleaved.)
// 2. For each msw (the oldest 2 the mock supports, the latest 2, which `npm install -D msw` picks on Node 20,
//    and the mock's own 3), in a copy of its own: the packed packages (scripts/lib/packed.mjs) and that msw
//    installed, its worker script put in public/ (`npx msw init public`, the guide's other way), then
//    `npm run build`: the snippet must type-check and bundle.
// 3. The build served by `vite preview` on 127.0.0.1 and opened in Debian's Chromium (tools/chromium), in a
//    browser context of its own (one browser for the three apps; each app's origin has its own port): the
//    worker starts and the mock answers the page's PIN call; a console error or a request to another host
//    fails.
//
// One PASS/FAIL line per msw; exits 1 when anything failed. The projects are removed at the end.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@merchant-gateway/chromium'
import { env, PACKAGES, packPackages, root } from './lib/packed.mjs'

/** create-vite, pinned: its vanilla-ts template is what a user starts from (`npm create vite@latest`). */
const CREATE_VITE = '9.3.0'
const MSW_OLDEST = '2.7.0'
const MSW_3 = JSON.parse(readFileSync(join(root, 'packages/mock/package.json'), 'utf8')).devDependencies.msw
const MSWS = [MSW_OLDEST, '2', MSW_3]
const STEP_TIMEOUT_MS = 300_000
const failures = []

/** The first ```ts block under "## The worker in a page" of docs/browser-mocking.md. */
function snippet() {
  const doc = readFileSync(join(root, 'docs/browser-mocking.md'), 'utf8')
  const section = doc.slice(doc.indexOf('## The worker in a page'))
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1]
  if (!code) throw new Error('docs/browser-mocking.md has no ts block under "The worker in a page"')
  return code
}

/** The check's own lines after the snippet: the page's PIN call, answered by the mock in the worker. */
const CHECK_LINES = `
// (check:vite) The mock answers the app's call through the worker.
const { message } = await pins.pin.set({ pin: '204816' })
document.body.dataset.check = message
`

/** Runs one step (its group killed on timeout); resolves with its status and output. */
function exec(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const timer = setTimeout(() => {
      output += `\n(stopped after ${STEP_TIMEOUT_MS / 1000} s)`
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {}
    }, STEP_TIMEOUT_MS)
    child.on('close', (status, signal) => {
      clearTimeout(timer)
      resolve({ status: status ?? signal, output })
    })
  })
}

/** `run` for scripts/lib/packed.mjs: a step whose failure is recorded. */
async function run(title, command, args, options = {}) {
  const result = await exec(command, args, { cwd: root, ...options })
  if (result.status !== 0) failures.push(`${title}: exit ${result.status}\n${result.output}`)
  return { ...result, stdout: result.output }
}

/** A port nothing listens on now. */
async function freePort() {
  const probe = createServer()
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** Serves `dir`'s build with `vite preview` and opens it in `browser`; returns what went wrong, or nothing. */
async function openInChromium(browser, dir) {
  const port = await freePort()
  const preview = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: dir,
    env: { ...env, npm_config_offline: 'true' },
    detached: true,
    stdio: 'ignore',
  })
  const context = await browser.newContext()
  const problems = []
  try {
    const page = await context.newPage()
    page.on('console', (m) => m.type() === 'error' && problems.push(`console error: ${m.text()}`))
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
    page.on('request', (r) => {
      const url = new URL(r.url())
      const local = url.hostname === '127.0.0.1' || ['data:', 'blob:'].includes(url.protocol)
      // The gateway's requests go to the mock's address and are answered by the worker, never sent.
      if (!local && url.origin !== 'https://gateway.mock') problems.push(`a request to ${r.url()}`)
    })
    const origin = `http://127.0.0.1:${port}/`
    for (let tries = 0; ; tries++) {
      try {
        await page.goto(origin)
        break
      } catch (error) {
        if (tries > 100) throw error
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }
    await page.waitForFunction(() => document.body.dataset.check !== undefined, null, { timeout: 30_000 })
    const said = await page.evaluate(() => document.body.dataset.check)
    if (said !== 'PIN set successfully') problems.push(`the PIN call answered "${said}"`)
  } catch (error) {
    problems.push(error.message)
  } finally {
    await context.close()
    try {
      process.kill(-preview.pid, 'SIGKILL')
    } catch {}
  }
  return problems
}

const work = mkdtempSync(join(tmpdir(), 'merchant-gateway-vite-'))
let browser
try {
  const started = Date.now()
  const missing = PACKAGES.filter((p) => !existsSync(join(root, 'packages', p, 'dist')))
  if (missing.length > 0) throw new Error(`no dist/ in ${missing.join(', ')}: run npm run build first`)
  const tarballs = await packPackages(join(work, 'packs'), run)
  const created = await run(
    `npm create vite@${CREATE_VITE}`,
    'npm',
    ['create', `vite@${CREATE_VITE}`, 'template', '--', '--template', 'vanilla-ts', '--no-interactive'],
    { cwd: work, env: { ...env, npm_config_yes: 'true' } },
  )
  if (created.status !== 0) throw new Error(`npm create vite@${CREATE_VITE} failed`)
  const template = join(work, 'template')
  const offline = { env: { ...env, npm_config_prefer_offline: 'true', npm_config_audit: 'false' } }
  const deps = await run('the template: npm install', 'npm', ['install', '--no-fund'], { cwd: template, ...offline })
  if (deps.status !== 0) throw new Error("the template's npm install failed")
  const code = snippet()
  for (const msw of MSWS) {
    const since = Date.now()
    const before = failures.length
    const dir = join(work, `app-msw-${msw}`)
    // The copy keeps the links of node_modules/.bin as links (relative, so they point into the copy).
    cpSync(template, dir, { recursive: true, verbatimSymlinks: true })
    writeFileSync(join(dir, 'src', 'main.ts'), `${code}${CHECK_LINES}`)
    const at = { cwd: dir, ...offline }
    const install = ['install', '--no-fund', ...Object.values(tarballs), `msw@${msw}`]
    await run(`msw ${msw}: npm install the packages and msw`, 'npm', install, at)
    const manifest = join(dir, 'node_modules', 'msw', 'package.json')
    const version = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : msw
    await run(`msw ${version}: npx msw init public`, 'npx', ['msw', 'init', 'public'], at)
    const built = await run(`msw ${version}: npm run build (tsc && vite build)`, 'npm', ['run', 'build'], at)
    if (built.status === 0) {
      browser ??= await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], headless: true })
      const problems = await openInChromium(browser, dir)
      for (const problem of problems) failures.push(`msw ${version}: in Chromium, ${problem}`)
    }
    const verdict = failures.length === before ? 'PASS' : 'FAIL'
    console.log(
      `${verdict}  msw ${version}: the guide's worker snippet builds (tsc && vite build) and runs in Chromium`,
    )
    for (const failure of failures.slice(before)) console.log(`  ${failure}`)
    console.log(`  (${((Date.now() - since) / 1000).toFixed(1)} s)`)
  }
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s in all)`)
} catch (error) {
  failures.push(error.message)
  console.log(`FAIL  ${error.message}`)
} finally {
  await browser?.close()
  rmSync(work, { recursive: true, force: true })
}

if (failures.length > 0) {
  console.log(`\ncheck:vite FAILED (${failures.length})`)
  process.exit(1)
}
console.log("\ncheck:vite: the guide's worker snippet builds and runs in a fresh Vite app with msw 2.7, 2 and 3")
