/**
 * The closing line of CI and of `npm run test:under-load` counts failures as a reader means them: one failed test is
 * one, and a file that fails with no failing test of its own (it does not load) is one more.
 */
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script of the repository, without types
import { countsOf } from '../../scripts/lib/vitest-report.mjs'

/** vitest's JSON report of two files: one with a failed test inside a describe block, one that did not load. */
const report = {
  numPassedTests: 7,
  numFailedTests: 1,
  // What vitest counts here: the failed describe block, its file, and the file that did not load.
  numFailedTestSuites: 3,
  testResults: [
    {
      name: '/repo/test/e2e/inspector.e2e.test.ts',
      status: 'failed',
      assertionResults: [
        { status: 'passed', fullName: 'the inspector shows the log' },
        { status: 'failed', fullName: 'the inspector on a narrow screen no tab scrolls sideways' },
      ],
    },
    {
      name: '/repo/test/e2e/broken.e2e.test.ts',
      status: 'failed',
      message: 'Cannot find module x',
      assertionResults: [],
    },
    {
      name: '/repo/packages/mock/src/a.test.ts',
      status: 'passed',
      assertionResults: [{ status: 'passed', fullName: 'a' }],
    },
  ],
}

describe('countsOf', () => {
  it('counts one failed test once, and a file that failed without a failed test as one more', () => {
    expect(countsOf(report, '/repo')).toEqual({
      passed: 7,
      failed: 2,
      failedTests: [
        'test/e2e/inspector.e2e.test.ts > the inspector on a narrow screen no tab scrolls sideways',
        'test/e2e/broken.e2e.test.ts: Cannot find module x',
      ],
    })
  })

  it('counts nothing failed in a report where all passed', () => {
    const passing = { ...report, numFailedTests: 0, numFailedTestSuites: 0, testResults: [report.testResults[2]!] }
    expect(countsOf(passing, '/repo')).toEqual({ passed: 7, failed: 0, failedTests: [] })
  })
})
