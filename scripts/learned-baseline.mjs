/**
 * A learned baseline for set-1's corpus: how far a model trained on the labels gets on servers it
 * never saw, beside the built-in classifier.
 *
 * For each of the six capabilities, a logistic regression over a tool's words (its name split at
 * case and separators, its description, its property names and their descriptions, its
 * annotations) is trained on the dev part's labels, where the label decides the capability (`must`
 * is 1, `must_not` 0, an open capability is left out). Two models: one on the words alone, one that
 * also sees the built-in classifier's answer (it learns where to correct it). Both are measured on
 * the held-out parts (tags `held-out`, `held-out-N`), which they never saw. A third answer is the
 * built-in classifier's capabilities together with those of the model on the words (the model may
 * only add what the rules miss, never take away what they found), and a fourth the same with the
 * second model's capabilities. A tool is right when
 * its capabilities keep the label's bounds; the unknown-tool posture (a verdict) is not counted
 * here, so the built-in figures can be a little above the set's own, which count a tool that
 * classifies to nothing as wrong.
 *
 * Deterministic: no sampling, full-batch gradient descent from zero weights, a fixed number of steps.
 *
 *   node scripts/learned-baseline.mjs           # a table per part
 *   node scripts/learned-baseline.mjs --json    # the same figures as JSON
 *   node scripts/learned-baseline.mjs --each-part   # each held-out part by models trained on every other part
 *
 * Needs a build (`npm run build`).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SET = resolve(ROOT, 'challenge-sets/set-1-classification');
const CAPS = ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS', 'EXTERNAL_ACTION', 'LOCAL_MUTATION', 'CODE_EXECUTION', 'CREDENTIAL_ACCESS'];
/** A held-out part's tag (`held-out`, `held-out-2`, …); a corpus tool with none is in the dev part. */
const HELD_OUT = /^held-out(?:-\d+)?$/;
/** Training: steps of gradient descent, step size, L2 weight; a word counts when this many dev tools have it. */
export const TRAINING = { steps: 400, rate: 0.5, l2: 1e-3, minTools: 2 };

const WORD = /\p{Script=Han}|\p{L}+|\p{N}+/gu;
const words = (text, max) => (typeof text === 'string' ? text.slice(0, max).toLowerCase().match(WORD) ?? [] : []);
/** A tool name's words: `getUserProfile`, `get_user-profile` → get, user, profile. */
const nameWords = (name) => words(String(name).replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2'), 1_000);

/** Property names and descriptions, depth first, at most `max` properties. */
function properties(schema, out, max, depth = 0) {
  if (schema === null || typeof schema !== 'object' || depth > 4 || out.length >= max) return out;
  const props = schema.properties;
  if (props !== null && typeof props === 'object') {
    for (const [key, value] of Object.entries(props)) {
      if (out.length >= max) break;
      out.push([key, value !== null && typeof value === 'object' ? value.description : undefined]);
      properties(value, out, max, depth + 1);
    }
  }
  if (schema.items !== null && typeof schema.items === 'object') properties(schema.items, out, max, depth + 1);
  return out;
}

/**
 * The features of a tool: each word marked with where it stands, the annotations' hints, and, with
 * `answer`, the capabilities the built-in classifier gives it (`none` for the empty set).
 * @returns a set of feature names
 */
export function featuresOf(spec, answer) {
  const f = new Set(['bias']);
  for (const w of nameWords(spec.name ?? '')) f.add(`name:${w}`);
  for (const w of words(spec.description, 2_000)) f.add(`desc:${w}`);
  for (const [key, description] of properties(spec.inputSchema, [], 60)) {
    for (const w of nameWords(key)) f.add(`prop:${w}`);
    for (const w of words(description, 300)) f.add(`prop-desc:${w}`);
  }
  const hints = spec.annotations !== null && typeof spec.annotations === 'object' ? spec.annotations : {};
  for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']) {
    if (typeof hints[hint] === 'boolean') f.add(`hint:${hint}=${hints[hint]}`);
  }
  if (answer !== undefined) {
    for (const c of answer) f.add(`builtin:${c}`);
    if (answer.length === 0) f.add('builtin:none');
  }
  return f;
}

const sigmoid = (z) => 1 / (1 + Math.exp(-z));

/**
 * A logistic regression on binary features, by full-batch gradient descent from zero weights.
 * @param xs per sample, the indices of its features
 * @param ys per sample, 0 or 1
 * @returns the weights, one per feature index below `width`
 */
export function train(xs, ys, width, { steps, rate, l2 } = TRAINING) {
  const w = new Float64Array(width);
  const g = new Float64Array(width);
  const n = xs.length;
  for (let step = 0; step < steps; step++) {
    g.fill(0);
    for (let i = 0; i < n; i++) {
      let z = 0;
      for (const j of xs[i]) z += w[j];
      const err = sigmoid(z) - ys[i];
      for (const j of xs[i]) g[j] += err;
    }
    for (let j = 0; j < width; j++) w[j] -= rate * (g[j] / n + l2 * w[j]);
  }
  return w;
}

export const score = (w, x) => {
  let z = 0;
  for (const j of x) z += w[j];
  return sigmoid(z);
};

/** Do `caps` keep the bounds? */
export const keepsBounds = (caps, bounds) => bounds.must.every((c) => caps.has(c)) && !bounds.must_not.some((c) => caps.has(c));

/** The corpus tools of set-1: spec, bounds, part and the built-in classifier's answer. */
async function corpus() {
  const { loadScenarios } = await import('../dist/io/dsl.js');
  const { createGuard } = await import('../dist/core/guard.js');
  const loaded = await loadScenarios([SET]);
  if (!loaded.ok) throw new Error(`set-1 did not load: ${loaded.issues[0]?.message ?? ''}`);
  const guards = new Map();
  const tools = [];
  for (const s of loaded.scenarios) {
    if (!s.tags.includes('corpus')) continue;
    const step = s.steps[0];
    // A corpus step has one expectation for every mode.
    const bounds = step?.expect?.kind === 'single' ? step.expect.spec.capabilities : undefined;
    if (step === undefined || bounds === undefined || Array.isArray(bounds)) continue;
    const part = s.tags.find((t) => HELD_OUT.test(t)) ?? 'dev';
    // One guard per file: the catalog's tools together say which product their server fronts.
    const file = s.loc.file;
    let guard = guards.get(file);
    if (guard === undefined) {
      guard = createGuard({ tools: Object.values(s.tools) });
      guards.set(file, guard);
    }
    tools.push({ part, spec: s.tools[step.call] ?? { name: step.call }, bounds, answer: guard.tool(step.call).capabilities });
  }
  return tools;
}

/**
 * Train on the tools `inTraining` picks (the dev part unless told), with or without the built-in
 * answer as a feature; each tool's predicted capabilities.
 */
function predict(tools, withAnswer, inTraining = (t) => t.part === 'dev') {
  const feats = tools.map((t) => featuresOf(t.spec, withAnswer ? t.answer : undefined));
  const counts = new Map();
  tools.forEach((t, i) => {
    if (inTraining(t)) for (const f of feats[i]) counts.set(f, (counts.get(f) ?? 0) + 1);
  });
  const index = new Map([...counts].filter(([, n]) => n >= TRAINING.minTools).map(([f]) => f).sort().map((f, i) => [f, i]));
  const xs = feats.map((fs) => Int32Array.from([...fs].map((f) => index.get(f)).filter((j) => j !== undefined)));
  const out = tools.map(() => new Set());
  for (const cap of CAPS) {
    const rows = [];
    const ys = [];
    tools.forEach((t, i) => {
      if (!inTraining(t)) return;
      const y = t.bounds.must.includes(cap) ? 1 : t.bounds.must_not.includes(cap) ? 0 : undefined;
      if (y === undefined) return;
      rows.push(xs[i]);
      ys.push(y);
    });
    const w = train(rows, ys, index.size);
    xs.forEach((x, i) => {
      if (score(w, x) > 0.5) out[i].add(cap);
    });
  }
  return out;
}

/**
 * With `--each-part`: each held-out part's tools as predicted by models trained on every other part
 * (the dev part and the other held-out parts), so that more labels are behind each answer.
 */
function predictEachPart(tools, withAnswer) {
  const out = tools.map(() => new Set());
  for (const part of new Set(tools.map((t) => t.part))) {
    if (part === 'dev') continue;
    const got = predict(tools, withAnswer, (t) => t.part !== part);
    tools.forEach((t, i) => {
      if (t.part === part) out[i] = got[i];
    });
  }
  return out;
}

async function main() {
  const json = process.argv.includes('--json');
  const eachPart = process.argv.includes('--each-part');
  const tools = await corpus();
  const words = eachPart ? predictEachPart(tools, false) : predict(tools, false);
  const stacked = eachPart ? predictEachPart(tools, true) : predict(tools, true);
  // The dev part first, then the held-out parts in the order of their numbers.
  const parts = [...(eachPart ? [] : ['dev']), ...new Set(tools.map((t) => t.part).filter((p) => p !== 'dev'))].sort((a, b) => (a === 'dev' ? -1 : b === 'dev' ? 1 : a.localeCompare(b, 'en', { numeric: true })));
  const rows = parts.map((part) => {
    const idx = tools.map((t, i) => (t.part === part ? i : -1)).filter((i) => i >= 0);
    const share = (caps, test) => Math.round((1000 * idx.filter((i) => test(caps(i), tools[i].bounds)).length) / idx.length) / 10;
    const answer = (i) => new Set(tools[i].answer);
    const union = (i) => new Set([...tools[i].answer, ...words[i]]);
    // The second model may only add too: what it would take away of the rules' answer is ignored.
    const unionStacked = (i) => new Set([...tools[i].answer, ...stacked[i]]);
    // A missed `must` is the lenient direction: the guard would not see what the tool does.
    const misses = (caps, bounds) => bounds.must.some((c) => !caps.has(c));
    return {
      part,
      tools: idx.length,
      right: { builtin: share(answer, keepsBounds), words: share((i) => words[i], keepsBounds), stacked: share((i) => stacked[i], keepsBounds), union: share(union, keepsBounds), unionStacked: share(unionStacked, keepsBounds) },
      missing: { builtin: share(answer, misses), words: share((i) => words[i], misses), stacked: share((i) => stacked[i], misses), union: share(union, misses), unionStacked: share(unionStacked, misses) },
    };
  });
  if (json) {
    process.stdout.write(`${JSON.stringify({ training: { ...TRAINING, on: eachPart ? 'every other part' : 'dev' }, parts: rows }, null, 2)}\n`);
    return;
  }
  const lines = [
    `Right (the label's bounds kept), and in brackets the tools missing a capability the label requires${eachPart ? '; each part by models trained on every other part' : ''}:`,
    '',
    '| part | tools | built-in classifier | model on the words | model on the words and the built-in answer | built-in classifier and model on the words together | built-in classifier and the second model together |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const cell = (r, k) => `${r.right[k].toFixed(1)} % (${r.missing[k].toFixed(1)} %)`;
  for (const r of rows) lines.push(`| ${r.part}${r.part === 'dev' ? ' (trained on)' : ''} | ${r.tools} | ${cell(r, 'builtin')} | ${cell(r, 'words')} | ${cell(r, 'stacked')} | ${cell(r, 'union')} | ${cell(r, 'unionStacked')} |`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    const missing = e instanceof Error && 'code' in e && e.code === 'ERR_MODULE_NOT_FOUND' && e.message.includes('/dist/');
    process.stderr.write(missing ? 'error: no build of guard-eval here: run `npm run build` first\n' : `error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  });
}
