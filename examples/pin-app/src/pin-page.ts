/**
 * @module pin-page
 * The payment PIN: set it, check it, and reset a forgotten one with a code sent by e-mail. Every call
 * goes through the SDK's `PinClient`; the page branches on its error classes and shows what the user
 * can do next: how many attempts are left, until when the PIN is blocked (with a countdown), that a code
 * expired. No call is repeated by the page: a repeated verify would count as a second wrong attempt.
 */
import {
  ClientValidationError,
  type PinClient,
  isGatewayError,
  isInvalidOtpError,
  isPinAlreadySetError,
  isPinLockedError,
  isPinNotSetError,
  isRateLimitError,
  isResetSessionError,
  isWrongPinError,
} from '@merchant-gateway/sdk/pin'
import { digitsInput, field, h } from './dom.js'

/**
 * What the PIN section needs: the user's PIN client, the e-mail address codes are sent to, and whether the
 * user has a PIN.
 */
export interface PinPageOptions {
  pins: PinClient
  email: string
  /** The user has a PIN (the sign-in says so): the page does not offer to set one. */
  hasPin: boolean
  /**
   * A forgotten-PIN reset in progress, to go on with at the code step: the session of the code sent and
   * how long codes are valid (seconds), as `pinReset.request()` answered them. A page that keeps them
   * across a reload passes them back here.
   */
  reset?: { sessionId: string; expiresIn: number }
}

/** Shown when the PIN service fails or cannot be reached; trying again later is all the user can do. */
const UNAVAILABLE = 'The PIN service is not available right now. Please try again in a moment.'

/**
 * A time of day as the page shows it, `09:01:00` (24-hour clock, the browser's time zone).
 *
 * @example
 * ```ts
 * formatTime(new Date('2026-11-02T09:01:00Z')) // '09:01:00' in UTC
 * ```
 */
function formatTime(date: Date): string {
  return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' })
}

/** Renders the PIN section into `root`. */
export function renderPinPage(root: HTMLElement, options: PinPageOptions): void {
  root.replaceChildren(
    h('h2', { id: 'pin-title' }, 'Payment PIN'),
    h('p', {}, 'Your 6-digit PIN confirms payments and changes to your account.'),
    // Setting a PIN is for a user who has none; one who has a PIN changes it, or resets a forgotten one.
    ...(options.hasPin ? [] : [setPinForm(options)]),
    verifyPinForm(options),
    forgotPin(options),
  )
}

/** A sub-section with a heading (its accessible name) and a live message line under its content. */
function panel(id: string, title: string): { section: HTMLElement; message: HTMLElement } {
  const message = h('p', { role: 'status', class: 'message' })
  const section = h('section', { 'aria-labelledby': id, class: 'panel' }, h('h3', { id }, title))
  return { section, message }
}

/** Puts `text` into a message line, marked as good news or a problem (for styles and for tests). */
function say(message: HTMLElement, kind: 'ok' | 'problem', text: string): void {
  message.dataset.kind = kind
  message.textContent = text
}

/**
 * Runs one form submission: the button is disabled while the call runs, so a double click cannot send
 * the call twice.
 */
function onSubmit(form: HTMLFormElement, run: () => Promise<void>): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const button = form.querySelector('button')
    if (button) button.disabled = true
    run().finally(() => {
      if (button) button.disabled = false
    })
  })
}

function setPinForm({ pins }: PinPageOptions): HTMLElement {
  const { section, message } = panel('set-pin-title', 'Set your PIN')
  const form = h(
    'form',
    {},
    digitsInput('New PIN', 'pin', true),
    digitsInput('New PIN again', 'confirm', true),
    h('button', { type: 'submit' }, 'Set PIN'),
  )
  onSubmit(form, async () => {
    const pin = field(form, 'pin')
    if (pin !== field(form, 'confirm')) return say(message, 'problem', 'The two PINs differ. Type the same PIN twice.')
    try {
      await pins.pin.set({ pin })
      // The user has a PIN now: the form goes, its message stays.
      form.remove()
      say(message, 'ok', 'Your PIN is set.')
    } catch (error) {
      if (isPinAlreadySetError(error)) {
        form.remove()
        say(message, 'problem', 'You already have a PIN. Forgot it? Reset it with a code below.')
      } else say(message, 'problem', problemText(error))
    }
  })
  section.append(form, message)
  return section
}

function verifyPinForm({ pins }: PinPageOptions): HTMLElement {
  const { section, message } = panel('verify-pin-title', 'Check your PIN')
  const countdown = h('p', { class: 'countdown', 'aria-live': 'off' })
  const form = h('form', {}, digitsInput('PIN', 'pin', true), h('button', { type: 'submit' }, 'Verify PIN'))
  let timer: ReturnType<typeof setInterval> | undefined
  const stopCountdown = () => {
    clearInterval(timer)
    countdown.textContent = ''
  }
  onSubmit(form, async () => {
    stopCountdown()
    try {
      await pins.pin.verify({ pin: field(form, 'pin') })
      say(message, 'ok', 'PIN correct.')
    } catch (error) {
      if (isWrongPinError(error)) {
        const left = error.attemptsRemaining
        say(message, 'problem', `Wrong PIN. ${left} ${left === 1 ? 'attempt' : 'attempts'} left before it is blocked.`)
      } else if (isPinLockedError(error)) {
        // The service's time says until when; the countdown runs on the browser's clock from the
        // seconds the service gave, so a browser clock that is off does not matter.
        const seconds = error.retryAfterSeconds ?? 60
        const until = error.lockedUntil ?? new Date(Date.now() + seconds * 1000)
        say(message, 'problem', `Too many wrong PINs. Your PIN is blocked until ${formatTime(until)}.`)
        const end = Date.now() + seconds * 1000
        const tick = () => {
          const left = Math.max(0, Math.ceil((end - Date.now()) / 1000))
          const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`
          countdown.textContent = left > 0 ? `Try again in ${clock}.` : 'You can try again now.'
          if (left === 0) clearInterval(timer)
        }
        tick()
        timer = setInterval(tick, 1000)
      } else if (isPinNotSetError(error)) say(message, 'problem', 'You have no PIN yet. Set one first.')
      else say(message, 'problem', problemText(error))
    } finally {
      form.reset()
    }
  })
  section.append(form, message, countdown)
  return section
}

/** The three steps of a forgotten PIN: a code by e-mail, the code, the new PIN. */
function forgotPin({ pins, email, reset }: PinPageOptions): HTMLElement {
  const { section, message } = panel('forgot-pin-title', 'Forgot your PIN?')
  const step = h('div')
  section.append(step, message)

  const requestStep = () => {
    const form = h(
      'form',
      {},
      h('p', {}, `We will e-mail a one-time code to ${email}.`),
      h('button', { type: 'submit' }, 'Email me a code'),
    )
    onSubmit(form, async () => {
      try {
        const { sessionId, expiresIn } = await pins.pinReset.request({ email })
        say(message, 'ok', `We sent a code to ${email}. It is valid for ${Math.round(expiresIn / 60)} minutes.`)
        codeStep(sessionId, expiresIn)
      } catch (error) {
        if (isRateLimitError(error)) say(message, 'problem', 'You asked for too many codes. Wait a few minutes.')
        else say(message, 'problem', problemText(error))
      }
    })
    step.replaceChildren(form)
  }

  const codeStep = (sessionId: string, expiresIn: number) => {
    const form = h(
      'form',
      {},
      digitsInput('Code from the e-mail', 'code', false),
      h('button', { type: 'submit' }, 'Check code'),
      h('button', { type: 'button', class: 'link' }, 'Send a new code'),
    )
    form.querySelector('button.link')?.addEventListener('click', () => {
      say(message, 'ok', '')
      requestStep()
    })
    onSubmit(form, async () => {
      try {
        const verified = await pins.pinReset.verifyCode({ sessionId, code: field(form, 'code'), email })
        say(message, 'ok', 'Code accepted. Choose your new PIN.')
        newPinStep(verified.sessionId)
      } catch (error) {
        if (isInvalidOtpError(error) && (error.attemptsRemaining ?? 0) > 0) {
          const left = error.attemptsRemaining
          say(message, 'problem', `That code is not right. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`)
        } else if (isInvalidOtpError(error)) {
          say(message, 'problem', 'Too many wrong codes. Ask for a new code.')
          requestStep()
        } else if (isResetSessionError(error)) {
          const minutes = Math.round(expiresIn / 60)
          say(message, 'problem', `This code has expired (codes are valid for ${minutes} minutes). Ask for a new code.`)
          requestStep()
        } else say(message, 'problem', problemText(error))
      }
    })
    step.replaceChildren(form)
  }

  const newPinStep = (verifiedSessionId: string) => {
    const form = h(
      'form',
      {},
      digitsInput('New PIN', 'pin', true),
      digitsInput('New PIN again', 'confirm', true),
      h('button', { type: 'submit' }, 'Save new PIN'),
    )
    onSubmit(form, async () => {
      const newPin = field(form, 'pin')
      if (newPin !== field(form, 'confirm'))
        return say(message, 'problem', 'The two PINs differ. Type the same PIN twice.')
      try {
        await pins.pinReset.complete({ sessionId: verifiedSessionId, newPin })
        say(message, 'ok', 'Your new PIN is set. Use it from now on.')
        requestStep()
      } catch (error) {
        if (isResetSessionError(error)) {
          say(message, 'problem', 'Your reset took too long and has expired. Ask for a new code.')
          requestStep()
        } else say(message, 'problem', problemText(error))
      }
    })
    step.replaceChildren(form)
  }

  if (reset) codeStep(reset.sessionId, reset.expiresIn)
  else requestStep()
  return section
}

/** The message for an error no step handles itself: a bad input, or the service failing. */
function problemText(error: unknown): string {
  if (error instanceof ClientValidationError) return 'A PIN or a code is exactly 6 digits.'
  if (isGatewayError(error)) return UNAVAILABLE
  throw error // a bug in the page should not look like an outage
}
