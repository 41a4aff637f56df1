/**
 * @module docs/runner/editor
 * The editor an example turns into on its first Run: CodeMirror 6 (`@codemirror/view` and `state`), in a
 * chunk of its own, with the colours of the page's own code blocks (VitePress's Shiki themes, GitHub light
 * and dark) and `Mod-Enter` to run again.
 *
 * The colours come from the small tokenizer below rather than from `@codemirror/lang-javascript`'s grammar:
 * the grammar (with `@codemirror/language` and lezer) is 51 KB of gzip, which would take what a Run loads
 * from 290 KB to 340 KB, over its 300 KB budget (docs/architecture.md, "The docs site's example runner"). An
 * example is tens of lines, comments, strings, keywords, numbers and names are what a reader needs told
 * apart, and the text is tokenized again on each change in well under a millisecond.
 */
import { EditorState, type Range } from '@codemirror/state'
import { Decoration, type DecorationSet, EditorView, keymap, ViewPlugin, type ViewUpdate } from '@codemirror/view'

const KEYWORDS = new Set(
  (
    'abstract as async await break case catch class const continue declare default delete do else enum export ' +
    'extends finally for from function if implements import in instanceof interface keyof let new of private ' +
    'protected public readonly return satisfies static super switch this throw try type typeof var void while yield'
  ).split(' '),
)
const ATOMS = new Set(['true', 'false', 'null', 'undefined', 'NaN', 'Infinity'])
const TOKEN =
  /\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|'(?:[^'\\\n]|\\.)*'?|"(?:[^"\\\n]|\\.)*"?|\d[\w.]*|[A-Za-z_$][\w$]*|\s+|[\s\S]/y

/**
 * One coloured stretch of an example's text.
 *
 * @example
 * ```ts
 * const token: Token = { from: 0, to: 5, cls: 'rx-keyword' } // `const`
 * ```
 */
export interface Token {
  from: number
  to: number
  /** `rx-comment`, `rx-string`, `rx-keyword`, `rx-constant` (numbers, `true`, a `const`'s name) or `rx-entity`. */
  cls: string
}

/**
 * The coloured stretches of TypeScript `text`, in order: comments, strings (template literals with their
 * `${...}` expressions coloured as code), keywords, constants, and the names Shiki's GitHub themes show as
 * entities (a called function, a class or type: a capitalised name).
 *
 * @example
 * ```ts
 * tokenize("const order = await gateway.orders.create({ amount: 12.5 })").map((t) => t.cls)
 * // ['rx-keyword', 'rx-constant', 'rx-keyword', 'rx-entity', 'rx-constant']
 * ```
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = []
  /** For each open `${`, the `{` opened inside it and not yet closed. */
  const open: number[] = []
  let previous = ''
  const push = (from: number, to: number, cls: string) => {
    if (to > from) out.push({ from, to, cls })
  }
  /** A template literal's text from `from` (its backtick, or the `}` that ends an expression), to its end. */
  const template = (from: number, at: number): number => {
    let i = at
    while (i < text.length) {
      const c = text[i]
      if (c === '\\') i += 2
      else if (c === '`') {
        push(from, i + 1, 'rx-string')
        return i + 1
      } else if (c === '$' && text[i + 1] === '{') {
        push(from, i + 2, 'rx-string')
        open.push(0)
        return i + 2
      } else i++
    }
    push(from, text.length, 'rx-string')
    return text.length
  }
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === '`') {
      i = template(i, i + 1)
      previous = '`'
      continue
    }
    if (open.length > 0 && (c === '{' || c === '}')) {
      const depth = open.length - 1
      if (c === '}' && open[depth] === 0) {
        open.pop()
        i = template(i, i + 1)
        continue
      }
      open[depth]! += c === '{' ? 1 : -1
    }
    TOKEN.lastIndex = i
    const token = TOKEN.exec(text)![0]
    const end = i + token.length
    if (token.startsWith('//') || token.startsWith('/*')) push(i, end, 'rx-comment')
    else if (c === "'" || c === '"') push(i, end, 'rx-string')
    else if (/\d/.test(c)) push(i, end, 'rx-constant')
    else if (/[A-Za-z_$]/.test(c)) {
      const next = /^\s*(\S)/.exec(text.slice(end, end + 40))?.[1]
      if (KEYWORDS.has(token) && previous !== '.') push(i, end, 'rx-keyword')
      else if (ATOMS.has(token)) push(i, end, 'rx-constant')
      else if (previous === 'const') push(i, end, 'rx-constant')
      else if (next === '(' || /^[A-Z]/.test(token)) push(i, end, 'rx-entity')
    }
    if (!/^\s+$/.test(token)) previous = token
    i = end
  }
  return out
}

function decorate(state: EditorState): DecorationSet {
  const marks: Range<Decoration>[] = tokenize(state.doc.toString()).map((t) =>
    Decoration.mark({ class: t.cls }).range(t.from, t.to),
  )
  return Decoration.set(marks, true)
}

const highlighter = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet
    constructor(view: EditorView) {
      this.decorations = decorate(view.state)
    }
    update(update: ViewUpdate) {
      if (update.docChanged) this.decorations = decorate(update.state)
    }
  },
  { decorations: (plugin) => plugin.decorations },
)

/**
 * An example's editor.
 *
 * @example
 * ```ts
 * const editor = createEditor(host, 'console.log(1)', () => run())
 * editor.text() // 'console.log(1)'
 * ```
 */
export interface ExampleEditor {
  /** The code as the reader left it. */
  text(): string
  /** Replaces the whole code (Reset). */
  setText(text: string): void
  destroy(): void
}

/**
 * Makes `host` an editor of `doc`; `onRun` is called on `Mod-Enter` (Ctrl or Cmd and Enter).
 *
 * @example
 * ```ts
 * const editor = createEditor(document.querySelector('.editor')!, source, () => void session.run())
 * ```
 */
export function createEditor(host: HTMLElement, doc: string, onRun: () => void): ExampleEditor {
  const view = new EditorView({
    parent: host,
    state: EditorState.create({
      doc,
      extensions: [
        highlighter,
        keymap.of([
          {
            key: 'Mod-Enter',
            run: () => {
              onRun()
              return true
            },
          },
        ]),
        EditorView.contentAttributes.of({ 'aria-label': 'The example, editable', spellcheck: 'false' }),
      ],
    }),
  })
  return {
    text: () => view.state.doc.toString(),
    setText: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }),
    destroy: () => view.destroy(),
  }
}
