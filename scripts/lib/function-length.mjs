// How long each function of a TypeScript source is, and which are over a limit, for check-function-length.mjs.
//
// A function is any function declaration or expression, arrow function, method, constructor or accessor; its
// length is its lines from its first token (its doc comment left out) to its last, nested functions included.
// One kind is exempt: a TABLE, a function whose whole body is one array or object literal (an arrow returning
// it, or a body that is a single `return` of it; `as const`, `satisfies` and `Object.freeze(...)` around it
// allowed), such as a list of routes or of the contract's eras.
// The functions inside the table are measured on their own, each against the same limit.
import ts from 'typescript'

/**
 * Every function of `text` with its name, first line and length in lines; `table` when it is exempt.
 * @param {string} file the path, for the parser's choice of dialect (.ts, .tsx, .mjs)
 * @param {string} text the source
 * @returns {{ name: string, line: number, lines: number, table: boolean }[]}
 */
export function measureFunctions(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file))
  const found = []
  const visit = (node) => {
    if (isFunction(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      found.push({ name: nameOf(node), line: start + 1, lines: end - start + 1, table: isTable(node) })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/**
 * The functions of `text` over `limit` lines that are not tables.
 * @param {string} file
 * @param {string} text
 * @param {number} limit
 */
export function longFunctions(file, text, limit) {
  return measureFunctions(file, text).filter((f) => !f.table && f.lines > limit)
}

function scriptKind(file) {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX
  if (/\.(mjs|cjs|js)$/.test(file)) return ts.ScriptKind.JS
  return ts.ScriptKind.TS
}

function isFunction(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  )
}

/** A literal, seen through parentheses, `as`, `satisfies`, `!` and `Object.freeze(...)`. */
function isLiteral(expression) {
  let e = expression
  while (e) {
    if (
      ts.isParenthesizedExpression(e) ||
      ts.isAsExpression(e) ||
      ts.isSatisfiesExpression(e) ||
      ts.isNonNullExpression(e)
    )
      e = e.expression
    else if (ts.isCallExpression(e) && e.expression.getText() === 'Object.freeze' && e.arguments.length === 1)
      e = e.arguments[0]
    else break
  }
  return e !== undefined && (ts.isArrayLiteralExpression(e) || ts.isObjectLiteralExpression(e))
}

function isTable(node) {
  const body = node.body
  if (body === undefined) return false
  if (!ts.isBlock(body)) return isLiteral(body)
  return (
    body.statements.length === 1 && ts.isReturnStatement(body.statements[0]) && isLiteral(body.statements[0].expression)
  )
}

/** `name`, `Class.method`, `Class.constructor`, or what the function is assigned to; `(anonymous)` else. */
function nameOf(node) {
  const own =
    node.name && (ts.isIdentifier(node.name) || ts.isPrivateIdentifier(node.name)) ? node.name.text : undefined
  const holder =
    node.parent && (ts.isClassDeclaration(node.parent) || ts.isClassExpression(node.parent))
      ? (node.parent.name?.text ?? '(class)')
      : undefined
  if (ts.isConstructorDeclaration(node)) return `${holder}.constructor`
  if (own !== undefined) return holder !== undefined ? `${holder}.${own}` : own
  const parent = node.parent
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text
  if (parent && ts.isPropertyAssignment(parent) && (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name)))
    return parent.name.text
  if (parent && ts.isPropertyDeclaration(parent) && ts.isIdentifier(parent.name))
    return holder === undefined && parent.parent?.name
      ? `${parent.parent.name.text}.${parent.name.text}`
      : parent.name.text
  return '(anonymous)'
}
