/**
 * `index.html`: one self-contained page of a run, for a person to browse. No server, no network:
 * styles, script and data are inlined. Without JavaScript it still shows the totals, the per-set
 * table, the frontier figures per mode and every failing step with its `file:line` and replay
 * command; with it, a scenario browser (filters by outcome, set, mode, tag, rule and known gap, and
 * free text), each run's steps with the guard's decision, and the tension pairs side by side.
 *
 * The data is encoded compactly (strings interned once, rows as arrays), so that the full eval's
 * page stays a few megabytes and opens in well under a second. Pure: same results, same bytes.
 */
import type { RunResults, StepResult } from '../model.js';
import { OUTCOMES } from '../model.js';
import { frontierPoints } from '../frontier.js';
import { reportApp } from './html-client.js';
import { COUNT_HEAD, FAILING_OUTCOMES, countRows, outcomeText, replayTarget, stepsWithOutcome } from './rows.js';
import { shellQuote } from './replay.js';
import type { Reporter, ReportContext } from './types.js';

/** Text as HTML (element content and quoted attribute values alike). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A value as JSON that is safe inside `<script type="application/json">`: no `<` (so neither
 * `</script>` nor `<!--` can end or change the block); JSON.parse reads `\u003c` back as `<`.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Failing steps listed in the page's static part; the rest are one filter away in the browser. */
export const HTML_MAX_STATIC_FAILURES = 500;

/** Interns strings: each distinct string once, referred to by its index; -1 for none. */
class Strings {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  id(s: string | null | undefined): number {
    if (s === undefined || s === null || s === '') return -1;
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.index.set(s, i);
    }
    return i;
  }
}

function stepRow(st: StepResult, S: Strings): unknown[] {
  const r = st.repeat;
  return [
    S.id(st.path),
    st.line,
    S.id(st.session),
    S.id(st.call),
    S.id(st.expected),
    S.id(st.actual),
    OUTCOMES.indexOf(st.outcome),
    S.id(st.severity),
    S.id(st.expectedRule),
    S.id(st.rule),
    st.capabilities === undefined ? -1 : st.capabilities.map((c) => S.id(c)),
    st.rules.map((x) => S.id(x)),
    S.id(st.reason),
    S.id(st.detail),
    S.id(st.interleaving ? `${st.interleaving.batch}=${st.interleaving.order}` : undefined),
    S.id(r === undefined ? undefined : `repeated: ${r.iterations} iterations (${Object.entries(r.verdicts).map(([v, n]) => `${n} ${v}`).join(', ')}); shown: ${r.worst}`),
    (st.findings ?? []).map((f) => S.id(`${f.detector} at ${f.path} (${f.preview})`)),
  ];
}

/** Stand-ins for a run's quoted id, quoted file and mode in the command templates (plain words: never quoted). */
const SLOT = { id: 'zqIDq9f3a', file: 'zqFILEq9f3a', mode: 'zqMODEq9f3a' } as const;

/**
 * A template with its slots filled, in one pass (an id holding a slot's text is not filled again).
 * html-client.ts fills them the same way.
 */
export function fillSlots(template: string, id: string, file: string, mode: string): string {
  return template.replace(/zqIDq9f3a|zqFILEq9f3a|zqMODEq9f3a/g, (slot) => (slot === SLOT.id ? id : slot === SLOT.file ? file : mode));
}

/** The explain command of a run, without its `--step`; `guardArgs` are the run's `--guard` and `--guard-config`. */
function explainCommand(id: string, file: string, mode: string, guardArgs: readonly string[]): string {
  return ['npx guard-eval explain', id, file, '--mode', mode, ...guardArgs].join(' ');
}

/**
 * The page's data: see html-client.ts for how each row is read. A run's replay and explain commands
 * are filled in from one template each with its quoted id and file; a command the template does
 * not reproduce exactly (a caller's own replay command, a guard spec holding a slot's text) is kept
 * whole.
 */
export function reportData(results: RunResults, ctx: ReportContext): { s: string[]; runs: unknown[][]; pairs: unknown[][]; outcomes: readonly string[]; replay: string; explain: string } {
  const S = new Strings();
  const guard = results.guardSpec ?? results.guard;
  const replay = ctx.replayCommand({ id: SLOT.id, file: SLOT.file, mode: SLOT.mode });
  const guardArgs = [...(guard !== 'builtin' ? ['--guard', shellQuote(guard)] : []), ...(results.guardConfig ? ['--guard-config', shellQuote(results.guardConfig)] : [])];
  const explain = explainCommand(SLOT.id, SLOT.file, SLOT.mode, guardArgs);
  const runIndex = new Map<string, number>();
  const runs = results.scenarios.map((run, i) => {
    runIndex.set(`${run.id}\u0000${run.mode}`, i);
    const globId = shellQuote(run.id, { glob: true });
    const file = shellQuote(run.file);
    const own = ctx.replayCommand({ id: run.id, file: run.file, mode: run.mode });
    const ownExplain = explainCommand(shellQuote(run.id), file, run.mode, guardArgs);
    return [
      S.id(run.id),
      S.id(run.file),
      run.line,
      S.id(run.set),
      S.id(run.mode),
      S.id(run.status),
      S.id(run.title),
      S.id(run.pair),
      S.id(run.twin),
      (run.tags ?? []).map((t) => S.id(t)),
      own === fillSlots(replay, globId, file, run.mode) ? -1 : S.id(own),
      run.steps.map((st) => stepRow(st, S)),
      S.id(globId),
      S.id(file),
      S.id(shellQuote(run.id)),
      S.id(ctx.explainTrace?.(run.id, run.mode)),
      ownExplain === fillSlots(explain, shellQuote(run.id), file, run.mode) ? -1 : S.id(ownExplain),
    ];
  });
  const pairs = results.pairs.map((p) => [
    S.id(p.pair),
    S.id(p.set),
    S.id(p.mode),
    runIndex.get(`${p.benign}\u0000${p.mode}`) ?? -1,
    runIndex.get(`${p.attack}\u0000${p.mode}`) ?? -1,
    p.passed ? 1 : 0,
    p.collapsed ? 1 : 0,
    S.id(p.at),
  ]);
  return { s: S.list, runs, pairs, outcomes: OUTCOMES, replay, explain };
}

/** Shared by index.html and compare.html: readable in print and for colour-blind readers (Okabe–Ito hues, never colour alone). */
export const REPORT_CSS = `
:root{color-scheme:light;--fg:#1a1a1a;--muted:#5a5a5a;--line:#d0d0d0;--bg:#fff;--head:#f3f3f3;--focus:#0072b2}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;padding:1rem 1.5rem 3rem;max-width:1400px}
h1{font-size:1.5rem;margin:.2rem 0 .6rem}h2{font-size:1.2rem;margin:1.6rem 0 .6rem}h2 small{color:var(--muted);font-weight:normal}
a{color:#0056a0}a:focus,button:focus,input:focus,select:focus,[tabindex]:focus{outline:3px solid var(--focus);outline-offset:2px}
code{font:12.5px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:break-word}
table{border-collapse:collapse;margin:.4rem 0 1rem;width:100%}
th,td{border:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:var(--head);font-weight:600}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.sub{color:var(--muted);font-size:12px}
.o{display:inline-block;padding:0 .45em;border-radius:3px;border:1px solid;font-size:12px;white-space:nowrap}
.o-pass,.o-fixed{border-color:#009e73;color:#00624a}
.o-lucky-pass,.o-known,.o-unsupported{border-color:#999;color:#444;border-style:dashed}
.o-miss,.o-collapsed{background:#d55e00;border-color:#d55e00;color:#fff;font-weight:600}
.o-over-block{background:#0072b2;border-color:#0072b2;color:#fff;font-weight:600}
.o-race,.o-error{background:#000;border-color:#000;color:#fff;font-weight:600}
.o-miss::before{content:"✗ "}.o-over-block::before{content:"⊘ "}.o-race::before{content:"⇄ "}.o-error::before{content:"! "}.o-pass::before{content:"✓ "}
nav.tabs a{margin-right:1rem}
form#filters{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end;margin:.5rem 0;padding:.6rem;background:var(--head);border:1px solid var(--line)}
form#filters label{display:flex;flex-direction:column;font-size:12px;color:var(--muted)}
form#filters label.check{flex-direction:row;gap:.3rem;align-items:center}
input,select,button{font:inherit;padding:.2rem .3rem}
input[type=search]{min-width:18rem}
tr.focus,tr.at{background:#fff4d6}
td.diff,span.diff{background:#e6f0fa;box-shadow:inset 3px 0 0 #0072b2}
span.at{background:#fff4d6}
td.gap,th.gap{border:none;background:none;width:1rem}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}
button.copy{font-size:11px;padding:0 .4rem;margin-left:.3rem}
.js-only{display:none}body.js .js-only{display:block}body.js .static-only{display:none}
figure{margin:0}
details.trace{margin:.6rem 0}details.trace pre{font:12px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap;background:var(--head);border:1px solid var(--line);padding:.6rem;max-height:32rem;overflow:auto}
@media print{nav,form#filters,button.copy,.pager{display:none}body{max-width:none;padding:0}a{color:inherit;text-decoration:none}}
`;

function table(head: readonly string[], rows: readonly (readonly string[])[], numeric: (i: number) => boolean): string {
  const th = head.map((h, i) => `<th${numeric(i) ? ' class="n"' : ''} scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${c}</th>` : `<td${numeric(i) ? ' class="n"' : ''}>${c}</td>`)).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;

/**
 * The page of one run. A scenario's file links through `ctx.sourceRoot` (see {@link ReportContext}).
 */
export function renderHtml(results: RunResults, ctx: ReportContext): string {
  const t = results.totals;
  const failing = stepsWithOutcome(results, FAILING_OUTCOMES);
  const failRows = failing.slice(0, HTML_MAX_STATIC_FAILURES).map((j) => [
    `<code>${escapeHtml(j.scenario.id)}</code>`,
    escapeHtml(j.scenario.mode),
    `<code>${escapeHtml(j.step.path)}</code><div class="sub">${escapeHtml(j.scenario.file)}:${j.step.line}</div>`,
    `${escapeHtml(j.step.expected)} → ${escapeHtml(j.step.actual ?? 'none')}`,
    `<span class="o o-${escapeHtml(j.step.outcome)}">${escapeHtml(outcomeText(j.step))}</span>${j.step.detail ? `<div class="sub">${escapeHtml(j.step.detail)}</div>` : ''}`,
    `<code>${escapeHtml(ctx.replayCommand(replayTarget(j)))}</code>`,
  ]);
  const frontier = frontierPoints(results);
  const title = `guard-eval: ${results.guard}`;
  const data = reportData(results, ctx);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body data-root="${escapeHtml(ctx.sourceRoot ?? '../')}">
<header>
<h1>${escapeHtml(title)}</h1>
<p>Guard <code>${escapeHtml(results.guardSpec ?? results.guard)}</code>${results.guardConfig ? `, configuration <code>${escapeHtml(results.guardConfig)}</code>` : ''}:
<strong>${t.passed}</strong> of ${t.scenarios} scenario runs passed; ${t.steps} steps:
${t.miss} missed (${t.missHard} hard), ${t.overBlock} over-blocked (${t.overBlockHard} hard), ${t.race} races, ${t.error} errors${t.known + t.fixed > 0 ? `, ${t.known} known gaps still wrong, ${t.fixed} fixed` : ''};
tension pairs: ${t.pairsPassed} of ${t.pairs} passed, ${t.pairsCollapsed} collapsed.</p>
<nav class="tabs" aria-label="views"><a href="#overview">Overview</a><a href="#">Scenarios</a><a href="#tab=pairs">Tension pairs</a></nav>
</header>
<main>
<section id="browser" class="js-only" aria-label="scenario browser">
<form id="filters" role="search">
<label>search<input type="search" name="q" placeholder="id, title or file  (press /)" autocomplete="off"></label>
<label>outcome<select name="outcome"><option value="">any</option></select></label>
<label>set<select name="set"><option value="">any</option></select></label>
<label>mode<select name="mode"><option value="">any</option></select></label>
<label>tag<select name="tag"><option value="">any</option></select></label>
<label>rule fired<select name="rule"><option value="">any</option></select></label>
<label class="check"><input type="checkbox" name="known" value="1">known gaps only</label>
</form>
<div id="view"></div>
</section>
<noscript><p>The scenario browser needs JavaScript; everything below works without it, and <code>results.json</code>, <code>misses.csv</code> and <code>over-blocks.csv</code> beside this page hold every step.</p></noscript>
<section id="overview" aria-label="overview">
<h2>By set</h2>
${table(
  COUNT_HEAD,
  // A set's name opens its runs in the browser above (a fragment the page reads; without a script, nothing happens).
  countRows(results).map((r, i) => r.map((c, j) => (j === 0 && i < results.sets.length ? `<a href="#set=${encodeURIComponent(c)}">${escapeHtml(c)}</a>` : escapeHtml(c)))),
  (i) => i > 0,
)}
<h2>Security and utility, per mode</h2>
<p>Benign steps (labelled allow) the guard allowed without asking, and attack steps (labelled ask or deny) it allowed outright. A step inside a <code>repeat</code> counts once.</p>
${table(
  ['mode', 'benign steps', 'allowed without asking', 'attack steps', 'escaped'],
  frontier.map((f) => [escapeHtml(f.mode), String(f.benign), `${f.benignAllowed} (${pct(f.x)})`, String(f.attacks), `${f.attacksEscaped} (${pct(f.y)})`]),
  (i) => i > 0,
)}
<h2>Failing steps</h2>
${
  failing.length === 0
    ? '<p>No step failed: no miss, over-block, race or error.</p>'
    : `${failing.length > HTML_MAX_STATIC_FAILURES ? `<p>The first ${HTML_MAX_STATIC_FAILURES} of ${failing.length}; every one is in <code>misses.csv</code>, <code>over-blocks.csv</code> and the browser above.</p>` : ''}${table(['scenario', 'mode', 'step', 'expected → actual', 'outcome', 'replay'], failRows, () => false)}`
}
</section>
</main>
<script type="application/json" id="report-data">${scriptJson(data)}</script>
<script>(${reportApp.toString()})();</script>
</body>
</html>
`;
}

export const htmlReporter = {
  file: 'index.html',
  render: (results: RunResults, ctx: ReportContext): string => renderHtml(results, ctx),
} as const satisfies Reporter;
