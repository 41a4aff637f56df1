import { describe, expect, it } from 'vitest'
import { ClientValidationError } from '../errors/classes.js'
import { checkOptionNames, nearestOption } from './option-names.js'

const KNOWN = ['apiKey', 'apiSecret', 'baseUrl', 'timeout', 'deadline', 'maxRetries', 'retryUnsafe', 'headers']

describe('nearestOption', () => {
  it.each([
    ['timeot', 'timeout'],
    ['TIMEOUT', 'timeout'],
    ['base-url', 'baseUrl'],
    ['retries', 'maxRetries'],
    ['retry', 'maxRetries'],
    ['apiSecrets', 'apiSecret'],
    ['key', 'apiKey'],
    ['customHeaders', 'headers'],
  ])('%s is taken for %s', (name, option) => {
    expect(nearestOption(name, KNOWN)).toBe(option)
  })

  it.each(['colour', 'x', 'ab', 'signal'])('%s is near no option', (name) => {
    expect(nearestOption(name, KNOWN)).toBeUndefined()
  })

  it('retry means maxRetries only where maxRetries is an option', () => {
    expect(nearestOption('retry', ['timeout', 'headers'])).toBeUndefined()
  })

  it('of two close options, the one fewer edits away wins', () => {
    expect(nearestOption('header', ['headers', 'hooks'])).toBe('headers')
    expect(nearestOption('hook', ['headers', 'hooks'])).toBe('hooks')
  })
})

describe('checkOptionNames', () => {
  it('accepts known names, whatever their values, and an empty object', () => {
    expect(() => checkOptionNames({ timeout: 'not checked here' }, { timeout: 1 }, 'X')).not.toThrow()
    expect(() => checkOptionNames({}, { timeout: 1 }, 'X')).not.toThrow()
  })

  it('does not take an inherited name (toString, constructor) for an option', () => {
    expect(() => checkOptionNames({ constructor: 1 }, { timeout: 1 }, 'X')).toThrow(ClientValidationError)
  })
})
