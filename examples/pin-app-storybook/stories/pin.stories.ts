/**
 * The PIN section (the app's src/pin-page.ts) in the states a designer needs. Each story starts from a scenario
 * file (stories/scenario.ts); where the page shows a state only once the user acts (a PIN checked, a code
 * entered), the story's `play` does that, against the story's mock.
 */
import { PinClient } from '@merchant-gateway/sdk/pin'
import type { Meta, StoryContext, StoryObj } from '@storybook/html-vite'
import { expect, userEvent, within } from 'storybook/test'
import { PIN } from '../../pin-app/src/mocks/shop.js'
import { renderPinPage } from '../../pin-app/src/pin-page.js'
import { fromScenario, type Loaded } from './scenario.js'

/** How long the gateway keeps a reset code valid, in seconds (what `pinReset.request()` answers). */
const CODE_SECONDS = 600

function render(_args: unknown, { loaded }: StoryContext): HTMLElement {
  const { world, saved } = loaded as Loaded
  const { config } = world
  const root = document.createElement('section')
  const pins = new PinClient({ baseUrl: config.gatewayUrl, accessToken: config.accessToken })
  // A reset in progress in the scenario (a code was sent): the page goes on at the code step.
  const code = saved.otp.at(-1)
  const reset = code ? { sessionId: code.sessionId, expiresIn: CODE_SECONDS } : undefined
  renderPinPage(root, { pins, email: config.user.email, hasPin: config.user.hasPin, reset })
  return root
}

/** Types `pin` into "Check your PIN" and submits it. */
async function checkPin(canvasElement: HTMLElement, pin: string) {
  const check = within(within(canvasElement).getByRole('region', { name: 'Check your PIN' }))
  await userEvent.type(check.getByLabelText('PIN'), pin)
  await userEvent.click(check.getByRole('button', { name: 'Verify PIN' }))
  return check
}

const meta = {
  title: 'Payment PIN',
  render,
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** No PIN yet: checking one tells the user to set one first. */
export const PinNotSet: Story = {
  ...fromScenario('pin-not-set'),
  play: async ({ canvasElement }) => {
    const check = await checkPin(canvasElement, '123456')
    await expect(await check.findByText('You have no PIN yet. Set one first.')).toBeVisible()
  },
}

/** A PIN is set: the right one is accepted. */
export const PinSet: Story = {
  ...fromScenario('pin-set'),
  play: async ({ canvasElement }) => {
    const check = await checkPin(canvasElement, PIN)
    await expect(await check.findByText('PIN correct.')).toBeVisible()
  },
}

/**
 * Five wrong PINs blocked it for a minute: even the right PIN is refused, with the time it unblocks and a
 * countdown. The scenario's clock is frozen, so the gateway keeps the block as long as the story is open.
 */
export const PinBlocked: Story = {
  ...fromScenario('pin-blocked'),
  play: async ({ canvasElement }) => {
    const check = await checkPin(canvasElement, PIN)
    await expect(await check.findByText(/^Too many wrong PINs\. Your PIN is blocked until/)).toBeVisible()
    await expect(await check.findByText(/^Try again in \d:\d\d\.$/)).toBeVisible()
  },
}

/** A reset code entered after its 10 minutes: refused, and the user is asked to get a new one. */
export const OneTimeCodeExpired: Story = {
  ...fromScenario('otp-expired'),
  play: async ({ canvasElement, loaded }) => {
    const { saved } = loaded as Loaded
    const forgot = within(within(canvasElement).getByRole('region', { name: 'Forgot your PIN?' }))
    await userEvent.type(forgot.getByLabelText('Code from the e-mail'), saved.otp.at(-1)?.code ?? '')
    await userEvent.click(forgot.getByRole('button', { name: 'Check code' }))
    await expect(await forgot.findByText(/^This code has expired/)).toBeVisible()
  },
}
