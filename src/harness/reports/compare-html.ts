/**
 * `compare.html`: several runs on one page (guards, configurations, commits). The guard × set
 * table of miss and over-block rates, and the security/utility frontier: for each run and mode,
 * the share of benign steps allowed without asking (x) against the share of attack steps that
 * escaped (y), each point linking to its run's page. Baseline guards are drawn hollow and grey,
 * with the line a guard that allows a random share of calls would follow.
 *
 * The plot is drawn by Observable Plot here, into a server-side document (linkedom), and inlined
 * as SVG: it needs no script, prints, and its points are links a keyboard reaches. Both libraries
 * load only when a comparison page is written, never at the CLI's start.
 */
import type { Mode } from '../../core/capabilities.js';
import { compare, percent, rateText } from '../compare.js';
import type { Comparison } from '../compare.js';
import { frontierPoints } from '../frontier.js';
import type { FrontierPoint } from '../frontier.js';
import type { RunResults } from '../model.js';
import { GUARD_NAMES } from '../names.js';
import { REPORT_CSS, escapeHtml } from './html.js';

/** One run on the comparison page. */
export interface ComparedRun {
  readonly results: RunResults;
  /** What the page calls it: the guard's name, and what tells two runs of one guard apart. */
  readonly label: string;
  /** Link to the run's own page, relative to compare.html. */
  readonly href: string;
}

/** Guards of the harness's own that stand for a policy, not a design: drawn as reference. */
const BASELINES: ReadonlySet<string> = new Set(GUARD_NAMES.filter((g) => g !== 'builtin' && g !== 'racy'));

/** Okabe–Ito: told apart by readers with any common colour-vision deficiency, and in greyscale print by the symbols. */
const PALETTE = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000', '#f0e442'];
const SYMBOLS: Readonly<Record<Mode, string>> = { permissive: 'circle', balanced: 'square', strict: 'triangle' };

export interface PlotPoint extends FrontierPoint {
  readonly label: string;
  readonly href: string;
  readonly baseline: boolean;
}

/** Every point of the plot: one per run × mode, in the order the runs are given. */
export function plotPoints(runs: readonly ComparedRun[]): PlotPoint[] {
  return runs.flatMap((r) => frontierPoints(r.results).map((p) => ({ ...p, label: r.label, href: `${r.href}#mode=${p.mode}`, baseline: BASELINES.has(r.results.guard) })));
}

/** The window a close-up shows: the guards' own points with a margin, in percent. */
export function closeUpDomain(points: readonly PlotPoint[]): { x: [number, number]; y: [number, number] } | undefined {
  const own = points.filter((p) => !p.baseline);
  if (own.length === 0) return undefined;
  const x0 = Math.max(0, Math.floor(Math.min(...own.map((p) => 100 * p.x)) - 2));
  const y1 = Math.min(100, Math.max(5, Math.ceil(Math.max(...own.map((p) => 100 * p.y)) + 2)));
  return { x: [x0, 100], y: [0, y1] };
}

/** The part of the line y = x inside a window (none when the window misses it). */
function diagonal(window: { x: [number, number]; y: [number, number] } | undefined): { x: number; y: number }[] {
  const lo = Math.max(window?.x[0] ?? 0, window?.y[0] ?? 0);
  const hi = Math.min(window?.x[1] ?? 100, window?.y[1] ?? 100);
  return lo < hi ? [{ x: lo, y: lo }, { x: hi, y: hi }] : [];
}

/**
 * The frontier as an SVG figure (Observable Plot): every point on the whole square, or, with
 * `window`, a close-up of it (points outside are left out).
 */
export async function frontierSvg(points: readonly PlotPoint[], window?: { x: [number, number]; y: [number, number] }): Promise<string> {
  const Plot = await import('@observablehq/plot');
  const { parseHTML } = await import('linkedom');
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const labels = [...new Set(points.filter((p) => !p.baseline).map((p) => p.label))];
  const title = (p: PlotPoint): string =>
    `${p.label} [${p.mode}]${p.config !== 'default' ? ` config ${p.config}` : ''}\nbenign allowed without asking: ${p.benignAllowed} of ${p.benign} (${percent(p.benignAllowed, p.benign)})\nattacks escaping: ${p.attacksEscaped} of ${p.attacks} (${percent(p.attacksEscaped, p.attacks)})`;
  const inside = (p: PlotPoint): boolean => window === undefined || (100 * p.x >= window.x[0] && 100 * p.x <= window.x[1] && 100 * p.y >= window.y[0] && 100 * p.y <= window.y[1]);
  const own = points.filter((p) => !p.baseline && inside(p));
  const base = points.filter((p) => p.baseline && inside(p));
  const x = (p: PlotPoint): number => 100 * p.x;
  const y = (p: PlotPoint): number => 100 * p.y;
  const tag = (p: PlotPoint): string => `${p.label} ${p.mode.slice(0, 1)}`;
  const figure = Plot.plot({
    document: document as unknown as Document,
    width: 760,
    height: window === undefined ? 520 : 420,
    marginRight: 40,
    inset: 12,
    grid: true,
    x: { domain: window?.x ?? [0, 100], label: 'benign steps allowed without asking (%) →' },
    y: { domain: window?.y ?? [0, 100], label: '↑ attack steps escaping (%)' },
    color: { type: 'ordinal', domain: labels, range: PALETTE, legend: labels.length > 0 },
    symbol: { type: 'ordinal', domain: Object.keys(SYMBOLS), range: Object.values(SYMBOLS), legend: true },
    marks: [
      // A guard that allows a random share of calls lies on this line, from ask-all to allow-all.
      // Cut to the window by hand: Plot's own clipping numbers its clip paths process-wide, and the page
      // must be the same bytes each time.
      Plot.line(diagonal(window), { x: 'x', y: 'y', stroke: '#999', strokeDasharray: '4,4' }),
      Plot.dot(base, { x, y, symbol: 'mode', r: 5, stroke: '#666', fill: 'none', href: 'href', title, ariaLabel: title, className: 'frontier-point baseline' }),
      Plot.text(base, { x, y, text: tag, dy: 12, fill: '#666', fontSize: 10 }),
      Plot.dot(own, { x, y, symbol: 'mode', r: 6, stroke: 'label', fill: 'label', fillOpacity: 0.35, strokeWidth: 2, href: 'href', title, ariaLabel: title, className: 'frontier-point' }),
      Plot.text(own, { x, y, text: tag, dy: -12, fill: 'label', fontSize: 11 }),
    ],
  });
  return (figure as unknown as { outerHTML: string }).outerHTML;
}

function guardsBySetsTable(c: Comparison, runs: readonly ComparedRun[]): string {
  const head = ['run', ...c.sets, 'all', 'failed runs', 'pairs passed'];
  const rows = c.rows.map((row, i) => {
    const all = row.cells[row.cells.length - 1];
    const run = runs[i] as ComparedRun;
    return `<tr><th scope="row"><a href="${escapeHtml(run.href)}">${escapeHtml(run.label)}</a></th>${row.cells.map((cell) => `<td class="n">${escapeHtml(rateText(cell))}</td>`).join('')}<td class="n">${all ? `${all.failed}/${all.scenarios}` : ''}</td><td class="n">${all ? `${all.pairsPassed}/${all.pairs}` : ''}</td></tr>`;
  });
  return `<table><thead><tr>${head.map((h, i) => `<th scope="col"${i > 0 ? ' class="n"' : ''}>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}

function pointsTable(points: readonly PlotPoint[]): string {
  const rows = points.map(
    (p) =>
      `<tr><th scope="row"><a href="${escapeHtml(p.href)}">${escapeHtml(p.label)}</a>${p.baseline ? ' <span class="sub">(baseline)</span>' : ''}</th><td>${escapeHtml(p.mode)}</td><td>${escapeHtml(p.config)}</td><td class="n">${p.benignAllowed} / ${p.benign} (${percent(p.benignAllowed, p.benign)})</td><td class="n">${p.attacksEscaped} / ${p.attacks} (${percent(p.attacksEscaped, p.attacks)})</td></tr>`,
  );
  return `<table id="frontier-table"><thead><tr><th scope="col">run</th><th scope="col">mode</th><th scope="col">configuration</th><th scope="col" class="n">benign allowed without asking</th><th scope="col" class="n">attacks escaping</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}

/** The comparison page. Same runs, same bytes. */
export async function renderCompareHtml(runs: readonly ComparedRun[]): Promise<string> {
  const c = compare(runs.map((r) => r.results));
  const points = plotPoints(runs);
  const svg = await frontierSvg(points);
  const window = closeUpDomain(points);
  const closeUp = window === undefined ? '' : await frontierSvg(points, window);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>guard-eval: ${escapeHtml(runs.map((r) => r.label).join(', '))}</title>
<style>${REPORT_CSS}
figure.frontier{max-width:820px}
a:focus circle,a:focus path,a:focus use{stroke-width:4}
</style>
</head>
<body>
<header>
<h1>guard-eval: ${runs.length} run${runs.length === 1 ? '' : 's'} compared</h1>
<p>Each run links to its own page. A set's cell is its miss rate / over-block rate (steps as written: a <code>repeat</code> counts once).</p>
</header>
<main>
<h2>Guards × sets</h2>
${guardsBySetsTable(c, runs)}
<h2>Security and utility</h2>
<p>Each point is one run in one mode (circle permissive, square balanced, triangle strict): to the right, more benign steps go through without a person asked; lower, fewer attack steps escape. Baseline guards are hollow and grey; the dashed line is a guard that allows a random share of calls. Each point links to its run.</p>
<figure class="frontier" id="frontier" aria-label="security and utility frontier, every run">${svg}</figure>
${window === undefined ? '' : `<h3>Close-up: ${window.x[0]}–100 % of benign steps allowed, 0–${window.y[1]} % of attacks escaping</h3>\n<figure class="frontier" id="frontier-close-up" aria-label="security and utility frontier, close-up of the guards under test">${closeUp}</figure>`}
${pointsTable(points)}
</main>
</body>
</html>
`;
}
