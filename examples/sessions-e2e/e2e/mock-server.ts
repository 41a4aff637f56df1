/** Where the mock server of the test run listens (playwright.config.ts starts it there). */
export const MOCK_PORT = Number(process.env.SESSIONS_MOCK_PORT ?? 4019)

/** The mock server's root: `POST /__mock/sessions` there makes a session. */
export const MOCK_URL = `http://127.0.0.1:${MOCK_PORT}`
