// Marks the lines of a built package where it makes its errors, so that Node heads the report of such an
// error left uncaught with the error's own first line (`NotFoundError: No stores found for this merchant`)
// rather than with that line of compiled code and a caret under it.
//
// Node prints an uncaught error (or an unhandled rejection) under the source line where it was made: the
// top frame of its stack, here always a line of dist/ (`if (status === 404) return new NotFoundError(...`,
// in CommonJS `return new (0, _chunkX.RequestTimeoutError)(...`), which tells a merchant nothing. Node
// leaves that decoration out for a line that holds the text `node-do-not-add-exception-line`, as Node's
// own modules mark the lines where they rethrow; with `--enable-source-maps` it would show the TypeScript
// line instead, still the SDK's and only with a flag. So each line of dist/ that constructs an error
// (`new SomethingError(`, found by parsing, never in a string) gets that text as a trailing comment: at the
// end of the line, so no column moves and the source maps stay right. The stack below still names every
// frame, with file and line.
//
//   import { markErrorLines } from '../../scripts/uncaught-headline.mjs'
//   defineConfig({ ..., onSuccess: () => markErrorLines('dist') })
//
// check-tarballs asserts the outcome on the packed SDK: an uncaught error's first line, in ESM and CommonJS.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

/** The text Node looks for on the line it would print. */
export const MARK = 'node-do-not-add-exception-line'

/** The name a `new` expression constructs: `X` of `new X(...)`, `new a.X(...)` and CommonJS's `new (0, a.X)(...)`. */
function constructedName(expression) {
  let callee = expression
  while (ts.isParenthesizedExpression(callee)) callee = callee.expression
  if (ts.isBinaryExpression(callee) && callee.operatorToken.kind === ts.SyntaxKind.CommaToken) callee = callee.right
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text
  return ts.isIdentifier(callee) ? callee.text : undefined
}

/** `text` (JavaScript) with the mark after each line that constructs an error (`new ...Error(`), and how many. */
export function markErrorLinesOf(text, fileName = 'file.js') {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)
  const lines = new Set()
  // Strings and templates that run over a line's end: a comment appended there would be text of the string.
  const multiline = []
  const visit = (node) => {
    if (ts.isNewExpression(node) && /^[A-Z]\w*Error$/.test(constructedName(node.expression) ?? ''))
      lines.add(source.getLineAndCharacterOfPosition(node.getStart(source)).line)
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      const start = node.getStart(source)
      if (text.slice(start, node.end).includes('\n')) multiline.push([start, node.end])
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  const all = text.split('\n')
  const starts = source.getLineStarts()
  let marked = 0
  for (const line of lines) {
    if (all[line].includes(MARK)) continue
    const end = starts[line] + all[line].length
    if (multiline.some(([start, stop]) => start < end && end < stop))
      throw new Error(`${fileName}:${line + 1}: an error is made on a line that ends inside a string; cannot mark it`)
    all[line] += ` /* ${MARK} */`
    marked++
  }
  return { text: all.join('\n'), marked }
}

/** Marks the .js and .cjs files under `dir`; returns how many lines were marked. */
export async function markErrorLines(dir) {
  let marked = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.c?js$/.test(entry.name)) continue
    const file = join(entry.parentPath, entry.name)
    const result = markErrorLinesOf(readFileSync(file, 'utf8'), entry.name)
    if (result.marked > 0) writeFileSync(file, result.text)
    marked += result.marked
  }
  return marked
}
