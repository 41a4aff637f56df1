// Runs a build and fails when it printed noise that a reader takes for trouble (CI runs the docs site's build
// and the Storybook build through it): `node scripts/check-build-output.mjs npm run docs`.
//
// The command's output is shown as it comes. Once it ended well, each line is checked against NOISE: a
// bundler's warning (Rollup's and Vite's `(!)`, Rollup's "annotation that Rollup cannot interpret"), a tool's
// boxed banner, an npm warning. A build that prints one fails with the lines: silence the cause where it is
// this project's (the build's settings say why for each silenced one), or filter it with its reason.
// Exits with the command's status when it failed, 1 on noise, else 0.
import { spawn } from 'node:child_process'

/** What a clean build must not print, each with what it is. */
const NOISE = [
  { pattern: /\(!\)/, what: "a bundler's warning (Rollup, Vite: a chunk over the size limit, ...)" },
  { pattern: /annotation that Rollup cannot interpret/, what: "Rollup's warning about a comment it dropped" },
  { pattern: /^\W*[╔╭┏]/, what: "a tool's boxed banner" },
  { pattern: /^npm warn\b/i, what: 'an npm warning' },
]

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('usage: node scripts/check-build-output.mjs <command> [args...]')
  process.exit(2)
}
const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
let output = ''
child.stdout.on('data', (chunk) => {
  output += chunk
  process.stdout.write(chunk)
})
child.stderr.on('data', (chunk) => {
  output += chunk
  process.stderr.write(chunk)
})
child.on('close', (status, signal) => {
  if (status !== 0) process.exit(status ?? 1)
  // Colours aside, as a terminal shows the lines.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences of terminal colours
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n')
  const noisy = lines.flatMap((line, i) => {
    const hit = NOISE.find(({ pattern }) => pattern.test(line))
    return hit ? [`  line ${i + 1}: ${line.trim()}   (${hit.what})`] : []
  })
  const ran = [command, ...args].join(' ')
  if (noisy.length > 0) {
    console.error(`\ncheck-build-output: \`${ran}\` printed ${noisy.length} line(s) of noise:\n${noisy.join('\n')}`)
    process.exit(1)
  }
  console.log(`\ncheck-build-output: \`${ran}\` printed no warning${signal ? ` (${signal})` : ''}`)
})
