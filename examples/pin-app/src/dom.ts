/**
 * @module dom
 * The one DOM helper of the page: an element with attributes and children, in one expression.
 */

/** Attributes as strings (`role`, `aria-live`, `data-state`, ...); `false` or `undefined` leaves one out. */
type Attributes = Record<string, string | boolean | undefined>

/**
 * Creates an element with attributes and children (strings become text nodes).
 *
 * @example
 * ```ts
 * h('p', { role: 'status' }, 'Your PIN is set.')
 * ```
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, '')
    else if (typeof value === 'string') element.setAttribute(name, value)
  }
  element.append(...children)
  return element
}

/**
 * A labelled six-digit input for a PIN or a one-time code: numeric keyboard on phones, no autofill of a
 * saved password.
 */
export function digitsInput(label: string, name: string, secret: boolean): HTMLLabelElement {
  const input = h('input', {
    name,
    type: secret ? 'password' : 'text',
    inputmode: 'numeric',
    autocomplete: secret ? 'off' : 'one-time-code',
    pattern: '[0-9]{6}',
    maxlength: '6',
    required: true,
  })
  return h('label', {}, label, input)
}

/** The value of a form's named field. */
export function field(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name)
  return typeof value === 'string' ? value.trim() : ''
}
