/**
 * `npm start -w @merchant-gateway/example-quickstart`: runs the quickstart and prints each step.
 * Exits with code 1 when the ledger audit finds a problem (it should not).
 */
import { runQuickstart } from './quickstart.js'

const summary = await runQuickstart({ log: console.log })
if (summary.audit.length > 0) process.exitCode = 1
