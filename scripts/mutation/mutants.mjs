/**
 * Mutant generation for `npm run mutation`: small, deliberate breaks of the guard's core, found on
 * the TypeScript syntax tree (the `typescript` package's parser), each one edit of the source text.
 *
 * Operators (each mutant names one):
 * - `equality`      `===` ↔ `!==`, `==` ↔ `!=`
 * - `comparison`    `<` → `<=`, `<=` → `<`, `>` → `>=`, `>=` → `>`
 * - `logical`       `&&` ↔ `||`, `??` → `&&`
 * - `bitwise`       `&` ↔ `|`
 * - `negation`      `!x` → `x`
 * - `boolean`       `true` ↔ `false`
 * - `number`        `n` → `n + 1` (`1` → `0`)
 * - `list-element`  one string element of an array literal dropped (a vocabulary term, a command name)
 * - `regex-alternative` one alternative of a regular expression dropped (in any group; literals and
 *                      `String.raw` sources)
 * - `statement`     one expression statement inside a function body deleted
 * - `condition`     an `if` condition replaced by `false`
 * - `verdict`       a verdict literal weakened: `'deny'` → `'ask'`, `'ask'` → `'allow'`
 *
 * Every mutant records whether it sits at module level (`static`: it runs when the module loads,
 * so no per-scenario coverage can tell who reaches it) and the innermost named function around it;
 * a module-level one inside a top-level `const` records that constant and where the file reads it
 * (`binding`).
 */
import ts from 'typescript';

const EQUALITY = new Map([
  [ts.SyntaxKind.EqualsEqualsEqualsToken, '!=='],
  [ts.SyntaxKind.ExclamationEqualsEqualsToken, '==='],
  [ts.SyntaxKind.EqualsEqualsToken, '!='],
  [ts.SyntaxKind.ExclamationEqualsToken, '=='],
]);
const COMPARISON = new Map([
  [ts.SyntaxKind.LessThanToken, '<='],
  [ts.SyntaxKind.LessThanEqualsToken, '<'],
  [ts.SyntaxKind.GreaterThanToken, '>='],
  [ts.SyntaxKind.GreaterThanEqualsToken, '>'],
]);
const LOGICAL = new Map([
  [ts.SyntaxKind.AmpersandAmpersandToken, '||'],
  [ts.SyntaxKind.BarBarToken, '&&'],
  [ts.SyntaxKind.QuestionQuestionToken, '&&'],
]);
const BITWISE = new Map([
  [ts.SyntaxKind.AmpersandToken, '|'],
  [ts.SyntaxKind.BarToken, '&'],
]);
const VERDICT_WEAKER = new Map([
  ['deny', 'ask'],
  ['ask', 'allow'],
]);

/** The name V8 gives a function node, as far as the source says it. */
function functionName(node) {
  if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) return node.name ? node.name.getText() : undefined;
  // V8 names an accessor `get x` / `set x` (coverage matches mutants to functions by these names).
  if (ts.isGetAccessorDeclaration(node)) return `get ${node.name.getText()}`;
  if (ts.isSetAccessorDeclaration(node)) return `set ${node.name.getText()}`;
  if (ts.isConstructorDeclaration(node)) return node.parent && ts.isClassLike(node.parent) && node.parent.name ? node.parent.name.getText() : undefined;
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && node.parent) {
    if (ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)) return node.parent.name.text;
    if (ts.isPropertyAssignment(node.parent) || ts.isPropertyDeclaration(node.parent)) return node.parent.name.getText();
  }
  return undefined;
}

/** Whether a function expression is called where it is written: `(() => { … })()`. */
function calledInPlace(node) {
  let p = node.parent;
  let inner = node;
  while (p !== undefined && ts.isParenthesizedExpression(p)) {
    inner = p;
    p = p.parent;
  }
  return p !== undefined && ts.isCallExpression(p) && p.expression === inner;
}

const isFunctionLike = (n) =>
  ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isConstructorDeclaration(n) || ts.isGetAccessorDeclaration(n) || ts.isSetAccessorDeclaration(n);

/**
 * The alternatives of a regular-expression pattern, in every group and at the top level: for each
 * group with two or more, the `[start, end)` spans of its alternatives (outside character classes).
 */
function alternatives(pattern) {
  const out = [];
  // Each open group: where its content starts and the `|` positions directly inside it.
  const stack = [{ start: 0, bars: [] }];
  let inClass = false;
  const close = (g, end) => {
    if (g.bars.length === 0) return;
    const cuts = [g.start - 1, ...g.bars, end];
    for (let i = 0; i + 1 < cuts.length; i++) out.push([cuts[i] + 1, cuts[i + 1]]);
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') {
      // Skip the group's prefix: `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`.
      let j = i + 1;
      if (pattern[j] === '?') {
        j++;
        if (pattern[j] === '<' && pattern[j + 1] !== '=' && pattern[j + 1] !== '!') j = pattern.indexOf('>', j) + 1;
        else j += pattern[j] === '<' ? 2 : 1;
      }
      stack.push({ start: j, bars: [] });
    } else if (c === ')' && stack.length > 1) close(stack.pop(), i);
    else if (c === '|') stack[stack.length - 1].bars.push(i);
  }
  close(stack[0], pattern.length);
  return out;
}

/** The pattern without alternative `[a, b)` and one `|` beside it. */
function dropAlternative(pattern, [a, b]) {
  return pattern[b] === '|' ? pattern.slice(0, a) + pattern.slice(b + 1) : pattern.slice(0, a - 1) + pattern.slice(b);
}

/**
 * Every mutant of one source file.
 * @param {string} file path relative to the repository (`src/core/x.ts`)
 * @param {string} text the file's source
 * @returns {{file: string, start: number, end: number, reach: [number, number], replacement: string, operator: string, line: number, col: number, original: string, static: boolean, fn: string | undefined, binding?: {name: string, exported: boolean, uses: {start: number, end: number, static: boolean, fn: string | undefined}[]}}[]}
 */
export function mutantsOf(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out = [];
  // `reach` is the span that must have run for the mutant to act: the text it replaces, except for
  // a binary operator, which acts whenever its expression runs. V8 reports the right operand of
  // `a && b` as a block of its own, unexecuted when `a` decides; the operator's mutant (`a || b`)
  // acts exactly then, so it is judged by the whole expression.
  const add = (node, start, end, replacement, operator, fnStack, reach = [start, end]) => {
    const { line, character } = sf.getLineAndCharacterOfPosition(start);
    const named = [...fnStack].reverse().find((f) => f !== undefined);
    out.push({ file, start, end, reach, replacement, operator, line: line + 1, col: character + 1, original: text.slice(start, end), static: fnStack.length === 0, fn: named });
  };
  const visit = (node, fnStack, typeContext) => {
    // Types, imports and declarations without runtime code are not mutated.
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node)) return;
    if (ts.isModuleDeclaration(node)) return;
    const inner = isFunctionLike(node) ? [...fnStack, functionName(node)] : fnStack;
    if (ts.isBinaryExpression(node)) {
      const k = node.operatorToken.kind;
      const op = node.operatorToken;
      for (const [map, name] of [
        [EQUALITY, 'equality'],
        [COMPARISON, 'comparison'],
        [LOGICAL, 'logical'],
        [BITWISE, 'bitwise'],
      ]) {
        const r = map.get(k);
        if (r !== undefined) add(node, op.getStart(sf), op.getEnd(), r, name, fnStack, [node.getStart(sf), node.getEnd()]);
      }
    } else if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) {
      add(node, node.getStart(sf), node.operand.getStart(sf), '', 'negation', fnStack);
    } else if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword) {
      add(node, node.getStart(sf), node.getEnd(), node.kind === ts.SyntaxKind.TrueKeyword ? 'false' : 'true', 'boolean', fnStack);
    } else if (ts.isNumericLiteral(node) && !ts.isEnumMember(node.parent) && !(ts.isPropertyAssignment(node.parent) && node.parent.name === node)) {
      const v = Number(node.text);
      if (Number.isFinite(v) && Number.isInteger(v)) add(node, node.getStart(sf), node.getEnd(), v === 1 ? '0' : String(v + 1), 'number', fnStack);
    } else if (ts.isArrayLiteralExpression(node)) {
      const els = node.elements;
      els.forEach((el, i) => {
        if (!ts.isStringLiteral(el) && !ts.isNoSubstitutionTemplateLiteral(el)) return;
        if (els.length < 2) return;
        // Remove the element and the comma after it (or before it, for the last one).
        const start = i < els.length - 1 ? el.getStart(sf) : els[i - 1].getEnd();
        const end = i < els.length - 1 ? els[i + 1].getStart(sf) : el.getEnd();
        add(el, start, end, '', 'list-element', fnStack);
      });
    } else if (ts.isRegularExpressionLiteral(node)) {
      const src = node.text;
      const close = src.lastIndexOf('/');
      const pattern = src.slice(1, close);
      for (const alt of alternatives(pattern)) add(node, node.getStart(sf), node.getEnd(), `/${dropAlternative(pattern, alt)}/${src.slice(close + 1)}`, 'regex-alternative', fnStack);
    } else if (ts.isTaggedTemplateExpression(node) && node.tag.getText(sf) === 'String.raw' && ts.isNoSubstitutionTemplateLiteral(node.template)) {
      // A regular expression written as `String.raw` source (`src:` of a command rule, `new RegExp(String.raw`...`)`).
      const t = node.template;
      const pattern = t.getText(sf).slice(1, -1);
      for (const alt of alternatives(pattern)) add(t, t.getStart(sf), t.getEnd(), `\`${dropAlternative(pattern, alt)}\``, 'regex-alternative', fnStack);
    } else if (ts.isStringLiteral(node) && VERDICT_WEAKER.has(node.text) && !ts.isPropertyAssignment(node.parent) && !ts.isLiteralTypeNode(node.parent) && !ts.isCaseClause(node.parent)) {
      add(node, node.getStart(sf), node.getEnd(), `'${VERDICT_WEAKER.get(node.text)}'`, 'verdict', fnStack);
    } else if (ts.isPropertyAssignment(node) && ts.isStringLiteral(node.initializer) && VERDICT_WEAKER.has(node.initializer.text)) {
      add(node.initializer, node.initializer.getStart(sf), node.initializer.getEnd(), `'${VERDICT_WEAKER.get(node.initializer.text)}'`, 'verdict', fnStack);
    }
    if (ts.isExpressionStatement(node) && fnStack.length > 0) {
      add(node, node.getStart(sf), node.getEnd(), ';', 'statement', fnStack);
    }
    if (ts.isIfStatement(node)) {
      add(node.expression, node.expression.getStart(sf), node.expression.getEnd(), 'false', 'condition', fnStack);
    }
    ts.forEachChild(node, (c) => visit(c, inner, typeContext));
  };
  visit(sf, [], false);
  // A module-level mutant inside the initializer of a top-level `const NAME = …` acts only where
  // NAME is read: every identifier NAME of the file other than the declaration's own (a same-named
  // local or property only adds places), each with what a function mutant records.
  const uses = new Map();
  const collect = (node, fnStack) => {
    if (ts.isIdentifier(node)) {
      let list = uses.get(node.text);
      if (list === undefined) uses.set(node.text, (list = []));
      list.push({ start: node.getStart(sf), end: node.getEnd(), static: fnStack.length === 0, fn: [...fnStack].reverse().find((f) => f !== undefined) });
    }
    // A function called where it is written at module level (`const T = (() => { … })()`) runs
    // when the module loads: a read inside it is a read at load.
    const inner = isFunctionLike(node) && !(fnStack.length === 0 && calledInPlace(node)) ? [...fnStack, functionName(node)] : fnStack;
    ts.forEachChild(node, (c) => collect(c, inner));
  };
  collect(sf, []);
  const bindings = [];
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st) || !(st.declarationList.flags & ts.NodeFlags.Const)) continue;
    const exported = st.modifiers?.some((mod) => mod.kind === ts.SyntaxKind.ExportKeyword) ?? false;
    for (const d of st.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || d.initializer === undefined) continue;
      const at = d.name.getStart(sf);
      bindings.push({ name: d.name.text, exported, start: d.initializer.getStart(sf), end: d.initializer.getEnd(), uses: (uses.get(d.name.text) ?? []).filter((u) => u.start !== at) });
    }
  }
  for (const m of out) {
    if (!m.static) continue;
    const b = bindings.find((x) => x.start <= m.start && m.end <= x.end);
    if (b !== undefined) m.binding = { name: b.name, exported: b.exported, uses: b.uses };
  }
  return out;
}

/** The source with one mutant applied. */
export function applyMutant(text, m) {
  return text.slice(0, m.start) + m.replacement + text.slice(m.end);
}

/** A one-line diff of a mutant: the original line and the mutated one. */
export function mutantDiff(text, m) {
  const lineStart = text.lastIndexOf('\n', m.start - 1) + 1;
  let lineEnd = text.indexOf('\n', m.end);
  if (lineEnd < 0) lineEnd = text.length;
  const before = text.slice(lineStart, lineEnd);
  const after = text.slice(lineStart, m.start) + m.replacement + text.slice(m.end, lineEnd);
  // A long line is shown as a window around the change (the same window before and after), so
  // two mutants of one long line never share a diff (equivalent.json matches mutants by it).
  const MAX = 220;
  if (before.trim().length <= MAX && after.trim().length <= MAX) return `- ${before.trim()}\n+ ${after.trim()}`;
  // Centred on the first character that differs (a regex mutant replaces the whole literal).
  let first = 0;
  while (first < before.length && before[first] === after[first]) first++;
  const from = Math.max(0, first - 100);
  const clip = (s) => `${from > 0 ? '…' : ''}${s.slice(from, from + MAX)}${s.length > from + MAX ? '…' : ''}`.trim();
  return `- ${clip(before)}\n+ ${clip(after)}`;
}

/**
 * Text that must occur in a scenario for a static mutant to be able to change how the guard treats
 * it, as alternatives of word-stem groups (a scenario qualifies when it holds every stem of one
 * group): the dropped list element's words, or each literal run (3+ characters) of a dropped regex
 * alternative. Undefined when there is no such text (a number, a boolean, a pattern of classes):
 * then every scenario may be affected.
 */
export function requiredText(m) {
  if (m.operator === 'list-element') {
    // The removed span may run past the term's comma into a comment on the next line: only the
    // term itself is text a scenario must hold.
    const s = m.original.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '').replace(/^[\s,]*['"`]|['"`][\s,]*$/g, '');
    const st = stems(s);
    return st === undefined ? undefined : [st];
  }
  if (m.operator === 'regex-alternative') {
    // Literals are `/…/flags`, String.raw sources are `` `…` ``.
    const strip = (t) => (t.startsWith('/') ? t.slice(1, t.lastIndexOf('/')) : t.slice(1, -1));
    const pattern = strip(m.original);
    const mutated = strip(m.replacement);
    // The dropped alternative is what the original has and the mutant lacks.
    let i = 0;
    while (i < mutated.length && mutated[i] === pattern[i]) i++;
    let j = 0;
    while (j < mutated.length - i && mutated[mutated.length - 1 - j] === pattern[pattern.length - 1 - j]) j++;
    const dropped = pattern.slice(i, pattern.length - j);
    const runs = dropped.replace(/\\[bBdDwWsS]/g, ' ').replace(/\\(.)/g, '$1').split(/[^\p{L}\p{N}_]+/u).filter((r) => r.length >= 3);
    // A run inside an optional or alternative part may be absent from what the pattern matches:
    // only a pattern made of plain runs and groups of alternatives gives a safe filter.
    if (runs.length === 0 || /[?*{]|\[/.test(dropped.replace(/\(\?:/g, '('))) return undefined;
    return runs.map((r) => stems(r));
  }
  return undefined;
}

/** Lower-cased word stems of a term: an inflected or joined form still contains each of them. */
function stems(term) {
  const words = term.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
  if (words.length === 0) return undefined;
  return words.map((w) => (/^[\p{Script=Han}]+$/u.test(w) ? w : w.slice(0, Math.max(3, w.length - 2))));
}
