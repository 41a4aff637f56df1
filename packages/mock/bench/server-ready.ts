/**
 * @module bench/server-ready
 * The benchmarks' servers run in a process of their own and print `ready <url>` on standard error once they
 * listen: this waits for that line.
 */
import type { ChildProcess } from 'node:child_process'

/**
 * The URL a bench server printed as `ready <url>`; rejects with everything it printed if it exits first.
 *
 * @example
 * ```ts
 * const url = await serverReady(spawn(process.execPath, [SERVER], { stdio: ['ignore', 'ignore', 'pipe'] }), 'mock')
 * ```
 */
export function serverReady(child: ChildProcess, label: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = ''
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const match = /^ready (http:\/\/\S+)$/m.exec(out)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`${label} server exited ${code}: ${out}`)))
  })
}
