/**
 * The report formats: one registry for every plug-in of this kind. The CLI's choices,
 * the writer's defaults and the docs all come from {@link REPORTERS} (its names, from ../names.ts).
 */
import { consoleReporter } from './console.js';
import { missesReporter, overBlocksReporter } from './csv.js';
import { githubReporter } from './github.js';
import { htmlReporter } from './html.js';
import { jsonReporter } from './json.js';
import { junitReporter } from './junit.js';
import { racesReporter } from './races.js';
import { markdownReporter } from './summary.js';
import type { Reporter } from './types.js';
import { REPORTER_NAMES, type ReporterName } from '../names.js';

export const REPORTERS: Readonly<Record<ReporterName, Reporter>> = {
  console: consoleReporter,
  markdown: markdownReporter,
  json: jsonReporter,
  junit: junitReporter,
  github: githubReporter,
  misses: missesReporter,
  'over-blocks': overBlocksReporter,
  races: racesReporter,
  html: htmlReporter,
};

export { REPORTER_NAMES, type ReporterName };

export function isReporterName(s: string): s is ReporterName {
  return Object.hasOwn(REPORTERS, s);
}

export type { Reporter, ReportContext } from './types.js';
export { safeCell, renderMarkdownTable, markdownCell, markdownText, inlineCode, terminalText } from './cells.js';
export type { Align } from './cells.js';
export { renderConsole, CONSOLE_MAX_FAILURES } from './console.js';
export { renderSummary } from './summary.js';
export { renderRaces } from './races.js';
export { renderJson } from './json.js';
export { renderHtml, escapeHtml, scriptJson, HTML_MAX_STATIC_FAILURES } from './html.js';
export { renderOutcomeCsv, CSV_COLUMNS } from './csv.js';
export { renderJunit, xmlAttr, xmlText, xmlChars } from './junit.js';
export {
  renderGithubAnnotations,
  renderGithubSummary,
  escapeGithubData,
  escapeGithubProperty,
  GITHUB_MAX_ANNOTATIONS,
  GITHUB_SUMMARY_MAX_STEPS,
} from './github.js';
