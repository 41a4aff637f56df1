/**
 * @module bench/server-command
 * How the HTTP benches start their server (http-throughput.server.ts): as users run the mock, from the built
 * package (its dist/, resolved through the package's exports), the server file run by Node itself (Node strips
 * its types). `--source` runs the sources through tsx instead, as the tests do: tsx's transform names every
 * closure and its loader stays in the process, which cost 15-20 % more CPU per request than the built package
 * in one interleaved run, a cost no user of the server pays.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The bench's server in a checkout. */
export const serverOf = (root: string) => join(root, 'packages/mock/bench/http-throughput.server.ts')

/** True when the command line asks for the sources (`--source`). */
export const fromSource = process.argv.includes('--source')

/**
 * Node's arguments that run the server of the checkout at `root`, after `preload` modules. A checkout whose server
 * file reads the sources (`../src/`, as before this module existed) runs them through tsx whatever the flag.
 *
 * @example
 * ```ts
 * spawn(process.execPath, [...serverArguments(ROOT), 'mock'])
 * ```
 */
export function serverArguments(root: string, preload: string[] = []): string[] {
  const file = serverOf(root)
  const source = fromSource || readFileSync(file, 'utf8').includes("from '../src/")
  const imports = preload.flatMap((module) => ['--import', module])
  return source ? ['--conditions=@merchant-gateway/source', '--import', 'tsx', ...imports, file] : [...imports, file]
}

/**
 * Builds what the server runs, the contract's and the mock's dist/, unless the sources are asked for or
 * `--no-build` says they are built already.
 *
 * @example
 * ```ts
 * buildServer(ROOT)
 * ```
 */
export function buildServer(root: string): void {
  if (fromSource || process.argv.includes('--no-build')) return
  console.log('$ npm run build -w @merchant-gateway/contract -w @merchant-gateway/mock')
  execFileSync('npm', ['run', 'build', '-w', '@merchant-gateway/contract', '-w', '@merchant-gateway/mock'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

/** What the figures were measured on, for the bench's heading. */
export const measuredOn = () =>
  fromSource ? 'the sources through tsx (--source)' : 'the built package (dist/), as users run it'
