/**
 * Cell-level escaping shared by the renderers: spreadsheet-formula neutralising for CSV and
 * Markdown escaping for summary.md. Pure.
 */

/** Characters that make a spreadsheet read a cell as a formula (ASCII and fullwidth forms). */
const FORMULA_START: ReadonlySet<string> = new Set(['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);
/** Control characters that are dangerous at the start of a cell (OWASP "CSV injection"). */
const CONTROL_START: ReadonlySet<string> = new Set(['\t', '\r', '\0']);
/**
 * The leading run a spreadsheet may skip before it looks for a formula: JS whitespace (which covers
 * space, TAB, CR, LF, NBSP, the ideographic space ...) and NUL. Wider than the spaces, tabs, NUL,
 * CR and LF the brief names: a wider skip only ever neutralises more cells, never fewer.
 */
const LEADING_RUN = /^[\s\0]*/u;

/**
 * Make one text cell safe to open in a spreadsheet.
 *
 * A cell gets a leading apostrophe when its first character after the leading whitespace run is a
 * formula starter (`= + - @` or `＝ ＋ － ＠`), or when that leading run holds a TAB, CR or NUL
 * (each dangerous at the start of a cell in its own right). NUL characters are removed everywhere;
 * other control characters but TAB, CR and LF are shown escaped (`\u001b`), so a sheet opened in
 * a terminal or an editor cannot be driven by them.
 * Every column of the CSV reports is text, so negative-looking values such as `-1` are neutralised
 * too. Done here rather than with csv-stringify's `escape_formulas`, which also rewrites negative
 * numbers and misses a formula behind a leading space or NUL.
 * @param s the raw cell text
 * @returns the text, NUL-free, with a leading `'` when it could start a formula
 */
export function safeCell(s: string): string {
  const lead = LEADING_RUN.exec(s)?.[0] ?? '';
  const first = s.charAt(lead.length);
  const dangerous = FORMULA_START.has(first) || [...lead].some((c) => CONTROL_START.has(c));
  const stripped = escapeControls(s.replaceAll('\0', ''), '\t\r\n');
  return dangerous ? `'${stripped}` : stripped;
}

/** CommonMark punctuation that can change how inline text renders (or split a GFM table row). */
const MARKDOWN_SPECIAL = /[\\`*_[\]<>|~&]/g;
const NEWLINES = /\r\n|\r|\n/g;

/**
 * Escape text for one line of Markdown prose (a list item): inline punctuation is backslash-escaped
 * and line breaks become spaces, so scenario text can neither format nor break the list.
 */
export function markdownText(s: string): string {
  return escapeControls(s.replace(MARKDOWN_SPECIAL, '\\$&').replace(NEWLINES, ' '));
}

/**
 * Escape text for one GFM table cell: like {@link markdownText} (which escapes `|` and the
 * backslash, so a cell can never end early), with line breaks kept as `<br>`.
 */
export function markdownCell(s: string): string {
  return escapeControls(s.replace(MARKDOWN_SPECIAL, '\\$&').replace(NEWLINES, '<br>'));
}

/**
 * A Markdown code span holding `s` verbatim (on one line): the fence is one backtick longer than
 * the longest backtick run inside, padded with spaces where CommonMark would otherwise eat or
 * misread the edges. Not for table cells (a `|` inside would still split the row).
 */
export function inlineCode(s: string): string {
  const text = escapeControls(s.replace(NEWLINES, ' '));
  if (text === '') return '` `';
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '');
  return pad ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

export type Align = 'left' | 'right';

/**
 * A GFM table. Every cell is escaped with {@link markdownCell}; short rows are padded.
 * @param head the column titles
 * @param rows the body rows, as raw text
 * @param align per column; @default every column left-aligned
 * @returns the table's lines joined with `\n`, without a trailing newline
 */
export function renderMarkdownTable(head: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[] = []): string {
  const line = (cells: readonly string[]): string => `| ${head.map((_, i) => markdownCell(cells[i] ?? '')).join(' | ')} |`;
  const rule = `| ${head.map((_, i) => (align[i] === 'right' ? '---:' : '---')).join(' | ')} |`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}

/**
 * Characters that can drive a terminal or hide text from a reader: C0 controls, DEL, C1 controls,
 * the bidirectional overrides and isolates (which reorder what a reader sees), the line and
 * paragraph separators, and lone surrogates.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Show every unsafe character of `s` as its `\uXXXX` escape (visible, and valid inside a JSON
 * string, so a JSON text stays the same JSON value), except the characters in `keep`.
 * @param keep characters to leave as they are, e.g. `\n` for text with line breaks
 */
export function escapeControls(s: string, keep = ''): string {
  return s.replace(UNSAFE, (c) => (keep.includes(c) ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** One line of terminal text: line breaks become spaces and every other control character is shown escaped, so scenario data cannot move the cursor or recolour the terminal. */
export function terminalText(s: string): string {
  return escapeControls(s.replace(NEWLINES, ' '));
}
