// Counts from vitest's JSON report, as a reader means them: tests that passed, and tests that failed plus the files
// that failed with no failing test of their own (a file that does not load, a hook that throws). The report's own
// `numFailedTestSuites` counts each failing describe block and its file again, so one failed test would read as
// three.

/**
 * @param {{ numPassedTests: number, numFailedTests: number, testResults: Array<{ name: string, status: string,
 *   message?: string, assertionResults: Array<{ status: string, fullName: string }> }> }} report
 * @param {string} root the repository's folder, taken off the files' names
 * @returns {{ passed: number, failed: number, failedTests: string[] }}
 */
export function countsOf(report, root) {
  const failedTests = []
  let failedFiles = 0
  for (const file of report.testResults) {
    const where = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name
    const tests = file.assertionResults.filter((test) => test.status === 'failed')
    if (tests.length === 0 && file.status === 'failed') {
      failedFiles++
      failedTests.push(`${where}: ${file.message || 'the file failed'}`)
    }
    for (const test of tests) failedTests.push(`${where} > ${test.fullName}`)
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests + failedFiles, failedTests }
}
