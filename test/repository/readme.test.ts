/**
 * The README tells a new user what they need: how to install each package, what runs it, every flag of
 * the mock server, and the secret the webhook receiver example needs.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CLI_FLAGS, USAGE } from '../../packages/mock/src/cli/args.js'

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')

describe('README', () => {
  it('gives the install line of the SDK and of the mock (with msw, its peer)', () => {
    expect(README).toContain('npm install @merchant-gateway/sdk')
    expect(README).toContain('npm install -D @merchant-gateway/mock msw')
  })

  it('states the runtimes the packages support', () => {
    expect(README).toMatch(/Runtime support:.*Node 22\.12/s)
  })

  it.each(CLI_FLAGS.map((flag) => [flag]))('lists the mock server flag %s, as --help does', (flag) => {
    expect(README).toContain(`\`${flag}`)
    expect(USAGE).toContain(flag)
  })

  it('knows the CLI has flags to check (the list is read from the parser)', () => {
    expect(CLI_FLAGS).toEqual(expect.arrayContaining(['--port', '--host', '--now', '--frozen', '--control-token']))
  })

  it('names WEBHOOK_SECRET for the webhook receiver example', () => {
    expect(README).toMatch(/WEBHOOK_SECRET=\S+ npm start -w @merchant-gateway\/example-webhook-receiver/)
  })
})
