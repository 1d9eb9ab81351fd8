/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The browser side of `index.html`: the scenario browser (filters, runs, steps) and the tension
 * pairs side by side. The page inlines {@link reportApp}'s source (`reportApp.toString()`), so
 * it must stay self-contained: no import, no name from outside its body. It reads the data the page
 * embeds (`<script type="application/json" id="report-data">`, see html.ts) and keeps its state in
 * the address's fragment (`#run=12&step=3`, `#outcome=miss&set=set-2`), so a view can be linked.
 * Everything it shows goes through text nodes or {@link esc}: scenario text never becomes markup.
 */

/** The embedded data (html.ts `ReportData`), as the browser sees it. */
interface ClientData {
  readonly s: readonly string[];
  readonly runs: readonly (readonly unknown[])[];
  readonly pairs: readonly (readonly unknown[])[];
  readonly outcomes: readonly string[];
  /** Command templates; `zqIDq9f3a`, `zqFILEq9f3a` and `zqMODEq9f3a` stand for a run's quoted id, quoted file and mode. */
  readonly replay: string;
  readonly explain: string;
}

export function reportApp(): void {
  const dataEl = document.getElementById('report-data');
  if (dataEl === null) return;
  const data = JSON.parse(dataEl.textContent ?? '{}') as ClientData;
  const S = data.s;
  const str = (i: unknown): string => (typeof i === 'number' && i >= 0 ? (S[i] ?? '') : '');
  const esc = (t: string): string => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const OUTCOMES = data.outcomes;
  // As html.ts fills them: in one pass, so an id holding a slot's text is not filled again.
  const fillSlots = (t: string, id: string, file: string, mode: string): string => t.replace(/zqIDq9f3a|zqFILEq9f3a|zqMODEq9f3a/g, (slot) => (slot === 'zqIDq9f3a' ? id : slot === 'zqFILEq9f3a' ? file : mode));

  interface Step {
    path: string;
    line: number;
    session: string;
    call: string;
    expected: string;
    actual: string;
    outcome: string;
    severity: string;
    expectedRule: string;
    rule: string;
    rules: string[];
    reason: string;
    detail: string;
    caps: string[] | null;
    order: string;
    repeat: string;
    explain: string;
    findings: string[];
  }
  interface Run {
    index: number;
    id: string;
    file: string;
    line: number;
    set: string;
    mode: string;
    status: string;
    title: string;
    pair: string;
    twin: string;
    tags: string[];
    replay: string;
    explain: string;
    trace: string;
    worst: string;
    known: boolean;
    stepsRaw: readonly (readonly unknown[])[];
    text: string;
    rules: Set<string>;
  }
  const runs: Run[] = data.runs.map((r, index) => {
    const steps = r[11] as readonly (readonly unknown[])[];
    const rules = new Set<string>();
    let worst = 0;
    let known = false;
    for (const st of steps) {
      const o = st[6] as number;
      if (o > worst) worst = o;
      if (OUTCOMES[o] === 'known' || OUTCOMES[o] === 'fixed') known = true;
      for (const x of st[11] as number[]) rules.add(str(x));
    }
    const id = str(r[0]);
    const title = str(r[6]);
    return {
      index,
      id,
      file: str(r[1]),
      line: r[2] as number,
      set: str(r[3]),
      mode: str(r[4]),
      status: str(r[5]),
      title,
      pair: str(r[7]),
      twin: str(r[8]),
      tags: (r[9] as number[]).map(str),
      replay: r[10] === -1 ? fillSlots(data.replay, str(r[12]), str(r[13]), str(r[4])) : str(r[10]),
      explain: r[16] === -1 ? fillSlots(data.explain, str(r[14]), str(r[13]), str(r[4])) : str(r[16]),
      trace: str(r[15]),
      worst: OUTCOMES[worst] ?? 'pass',
      known,
      stepsRaw: steps,
      text: `${id}\n${title}\n${str(r[1])}`.toLowerCase(),
      rules,
    };
  });
  const stepsOf = (run: Run): Step[] =>
    run.stepsRaw.map((st) => ({
      path: str(st[0]),
      line: st[1] as number,
      session: str(st[2]),
      call: str(st[3]),
      expected: str(st[4]),
      actual: str(st[5]) || 'none',
      outcome: OUTCOMES[st[6] as number] ?? '',
      severity: str(st[7]),
      expectedRule: str(st[8]),
      rule: str(st[9]),
      reason: str(st[12]),
      detail: str(st[13]),
      rules: (st[11] as number[]).map(str),
      caps: st[10] === -1 ? null : (st[10] as number[]).map(str),
      order: str(st[14]),
      repeat: str(st[15]),
      explain: `${run.explain} --step '${str(st[0])}'`,
      findings: ((st[16] as number[] | undefined) ?? []).map(str),
    }));

  // ---- state in the fragment --------------------------------------------------------------------
  const FILTERS = ['q', 'outcome', 'set', 'mode', 'tag', 'rule', 'known'] as const;
  type Filter = (typeof FILTERS)[number];
  const readHash = (): URLSearchParams => new URLSearchParams(location.hash.slice(1));
  const writeHash = (p: URLSearchParams): void => {
    const text = p.toString();
    if (`#${text}` !== location.hash) location.hash = text;
  };

  // ---- filters ----------------------------------------------------------------------------------
  const form = document.getElementById('filters') as HTMLFormElement | null;
  const field = (name: Filter): HTMLInputElement | HTMLSelectElement | null => (form?.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null) ?? null;
  const fill = (name: Filter, values: string[]): void => {
    const el = field(name);
    if (!(el instanceof HTMLSelectElement)) return;
    for (const v of values) el.add(new Option(v, v));
  };
  const uniq = (xs: Iterable<string>): string[] => [...new Set(xs)].filter((x) => x !== '').sort();
  fill('outcome', ['failing', ...OUTCOMES, 'unsupported']);
  fill('set', uniq(runs.map((r) => r.set)));
  fill('mode', uniq(runs.map((r) => r.mode)));
  fill('tag', uniq(runs.flatMap((r) => r.tags)));
  fill('rule', uniq(runs.flatMap((r) => [...r.rules])));
  const FAILING = new Set(['miss', 'over-block', 'race', 'error']);
  const matches = (r: Run, p: URLSearchParams): boolean => {
    const q = (p.get('q') ?? '').trim().toLowerCase();
    const outcome = p.get('outcome') ?? '';
    if (q !== '' && !r.text.includes(q)) return false;
    // A run the guard could not take has no step: `unsupported` is its outcome.
    if (outcome === 'unsupported' ? r.status !== 'unsupported' : outcome === 'failing' ? !FAILING.has(r.worst) && r.status !== 'error' : outcome !== '' && !stepsOf(r).some((s) => s.outcome === outcome)) return false;
    if ((p.get('set') ?? '') !== '' && r.set !== p.get('set')) return false;
    if ((p.get('mode') ?? '') !== '' && r.mode !== p.get('mode')) return false;
    if ((p.get('tag') ?? '') !== '' && !r.tags.includes(p.get('tag') ?? '')) return false;
    if ((p.get('rule') ?? '') !== '' && !r.rules.has(p.get('rule') ?? '')) return false;
    if (p.get('known') === '1' && !r.known) return false;
    return true;
  };
  form?.addEventListener('input', () => {
    const p = new URLSearchParams();
    for (const name of FILTERS) {
      const el = field(name);
      if (el === null) continue;
      const v = el instanceof HTMLInputElement && el.type === 'checkbox' ? (el.checked ? '1' : '') : el.value;
      if (v !== '') p.set(name, v);
    }
    writeHash(p);
  });
  form?.addEventListener('submit', (e) => e.preventDefault());

  // ---- views ------------------------------------------------------------------------------------
  const PAGE = 100;
  const runOutcome = (r: Run): string => (r.status === 'error' || r.status === 'unsupported' ? r.status : r.worst);
  const badge = (o: string): string => `<span class="o o-${esc(o.replace(/\s.*/, ''))}">${esc(o)}</span>`;
  const copyButton = (text: string): string => `<button type="button" class="copy" data-copy="${esc(text)}">copy</button>`;
  const listView = (p: URLSearchParams): string => {
    const hits = runs.filter((r) => matches(r, p));
    const page = Math.max(0, Number(p.get('page') ?? '0') | 0);
    const shown = hits.slice(page * PAGE, page * PAGE + PAGE);
    const link = (extra: Record<string, string>): string => {
      const q = new URLSearchParams(p);
      for (const [k, v] of Object.entries(extra)) q.set(k, v);
      return `#${q.toString()}`;
    };
    const rows = shown
      .map(
        (r) =>
          `<tr><td><a class="run" href="${esc(link({ run: String(r.index) }))}">${esc(r.id)}</a>${r.title ? `<div class="sub">${esc(r.title)}</div>` : ''}</td><td>${esc(r.set)}</td><td>${esc(r.mode)}</td><td>${badge(runOutcome(r))}</td><td class="n">${r.stepsRaw.length}</td></tr>`,
      )
      .join('');
    const pager =
      hits.length > PAGE
        ? `<p class="pager">${page > 0 ? `<a href="${esc(link({ page: String(page - 1) }))}">← previous</a> ` : ''}page ${page + 1} of ${Math.ceil(hits.length / PAGE)}${(page + 1) * PAGE < hits.length ? ` <a href="${esc(link({ page: String(page + 1) }))}">next →</a>` : ''}</p>`
        : '';
    return `<p id="count" aria-live="polite"><strong>${hits.length}</strong> of ${runs.length} runs</p>${pager}<table class="list"><thead><tr><th>scenario</th><th>set</th><th>mode</th><th>outcome</th><th class="n">steps</th></tr></thead><tbody>${rows}</tbody></table>${pager}`;
  };
  const withParam = (p: URLSearchParams, k: string, v: string): string => {
    const q = new URLSearchParams(p);
    q.set(k, v);
    return `#${q.toString()}`;
  };
  const back = (p: URLSearchParams, drop: string[]): string => {
    const q = new URLSearchParams(p);
    for (const k of drop) q.delete(k);
    return `#${q.toString()}`;
  };
  const runView = (r: Run, p: URLSearchParams): string => {
    const stepParam = p.get('step');
    const steps = stepsOf(r);
    const rows = steps
      .map((s, i) => {
        const focus = stepParam === String(i);
        const caps = s.caps === null ? '' : s.caps.length === 0 ? 'none' : s.caps.join(', ');
        const why = [s.reason, s.detail, s.order ? `order: ${s.order}` : '', s.repeat].filter((x) => x !== '');
        return `<tr id="step-${i}" class="step${focus ? ' focus' : ''}" tabindex="-1"><td class="n"><a class="step-link" href="${esc(withParam(p, 'step', String(i)))}">${i + 1}</a></td><td><code>${esc(s.path)}</code><div class="sub">${esc(r.file)}:${s.line}</div></td><td><code>${esc(s.call)}</code>${s.session !== 'main' ? `<div class="sub">session ${esc(s.session)}</div>` : ''}</td><td>${esc(s.expected)}${s.expectedRule ? `<div class="sub">${esc(s.expectedRule)}</div>` : ''}</td><td>${esc(s.actual)}</td><td>${badge(s.severity ? `${s.outcome} ${s.severity}` : s.outcome)}</td><td>${s.rules.map((x) => `<code>${esc(x)}</code>`).join(' ')}</td><td>${esc(caps)}${s.findings.length > 0 ? `<div class="sub">found: ${s.findings.map(esc).join('; ')}</div>` : ''}</td><td>${why.map((x) => `<div>${esc(x)}</div>`).join('')}<div class="sub"><code>${esc(s.explain)}</code> ${copyButton(s.explain)}</div></td></tr>`;
      })
      .join('');
    const pair = r.pair !== '' ? data.pairs.findIndex((x) => str(x[0]) === r.pair && str(x[2]) === r.mode) : -1;
    return `<p><a href="${esc(back(p, ['run', 'step']))}" class="back">← all runs</a>${pair >= 0 ? ` · <a href="#pair=${pair}">its tension pair side by side</a>` : ''}</p>
<h2 id="run-title" tabindex="-1">${esc(r.id)} <small>[${esc(r.mode)}]</small> ${badge(runOutcome(r))}</h2>
${r.title ? `<p>${esc(r.title)}</p>` : ''}
<dl class="facts"><dt>file</dt><dd>${fileLink(r.file, r.line)}</dd><dt>set</dt><dd>${esc(r.set)}</dd>${r.tags.length > 0 ? `<dt>tags</dt><dd>${esc(r.tags.join(', '))}</dd>` : ''}${r.twin ? `<dt>twin</dt><dd>${esc(r.twin)} of ${esc(r.pair)}</dd>` : ''}<dt>replay</dt><dd><code>${esc(r.replay)}</code> ${copyButton(r.replay)}</dd></dl>
${r.trace ? `<details class="trace" open><summary>explain trace (the built-in guard's capabilities with evidence, chain state, findings and rules at each step)</summary><pre>${esc(r.trace)}</pre></details>` : ''}
<table class="steps"><thead><tr><th class="n">#</th><th>step</th><th>call</th><th>expected</th><th>actual</th><th>outcome</th><th>rules fired</th><th>capabilities and findings</th><th>reason, detail and trace</th></tr></thead><tbody>${rows}</tbody></table>`;
  };
  // A path relative to where the run ran, or an absolute one; anything with a scheme (`javascript:`,
  // `https:`) is shown as text, never a link. `#` and `?` in a name stay part of the path.
  const fileLink = (file: string, line: number): string => {
    const text = `${esc(file)}:${line}`;
    if (/^[a-z][a-z0-9+.-]*:/i.test(file) && !/^[a-z]:[\\/]/i.test(file)) return text;
    const p = file.startsWith('/') || /^[a-z]:[\\/]/i.test(file) ? `file:///${file.replace(/^\/+/, '').replace(/\\/g, '/')}` : `${document.body.dataset.root ?? ''}${file}`;
    try {
      return `<a href="${esc(encodeURI(p).replace(/#/g, '%23').replace(/\?/g, '%3F'))}">${text}</a>`;
    } catch {
      // A lone surrogate has no URL form.
      return text;
    }
  };
  const pairView = (j: number): string => {
    const x = data.pairs[j];
    if (x === undefined) return '<p>No such pair.</p>';
    const benign = runs[x[3] as number];
    const attack = runs[x[4] as number];
    if (benign === undefined || attack === undefined) return '<p>This pair lacks a twin in this run.</p>';
    const at = str(x[7]);
    const a = stepsOf(benign);
    const b = stepsOf(attack);
    const n = Math.max(a.length, b.length);
    const cell = (s: Step | undefined, o: Step | undefined, k: keyof Step): string => {
      const v = s === undefined ? '' : String(s[k] ?? '');
      const differs = o === undefined || s === undefined || String(o[k] ?? '') !== v;
      return `<td class="${differs ? 'diff' : ''}">${k === 'outcome' ? badge(v) : esc(v)}</td>`;
    };
    let rows = '';
    for (let i = 0; i < n; i++) {
      const s = a[i];
      const t = b[i];
      const mark = (s?.path ?? t?.path) === at ? ' class="at"' : '';
      rows += `<tr${mark}><td><code>${esc(s?.path ?? t?.path ?? '')}</code></td>${cell(s, t, 'call')}${cell(s, t, 'expected')}${cell(s, t, 'actual')}${cell(s, t, 'outcome')}<td class="gap"></td>${cell(t, s, 'call')}${cell(t, s, 'expected')}${cell(t, s, 'actual')}${cell(t, s, 'outcome')}</tr>`;
    }
    return `<p><a href="#tab=pairs" class="back">← all pairs</a></p>
<h2 id="run-title" tabindex="-1">${esc(str(x[0]))} <small>[${esc(str(x[2]))}]</small> ${badge(x[5] === 1 ? 'pass' : x[6] === 1 ? 'collapsed' : 'miss')}</h2>
<p>Both twins step by step; a <span class="diff">marked cell</span> differs from its twin's, and the <span class="at">marked row</span> is the first step where the labels differ${at ? ` (<code>${esc(at)}</code>)` : ''}.</p>
<table class="pair"><thead><tr><th>step</th><th colspan="4"><a href="#run=${benign.index}">benign: ${esc(benign.id)}</a></th><th class="gap"></th><th colspan="4"><a href="#run=${attack.index}">attack: ${esc(attack.id)}</a></th></tr><tr><th></th><th>call</th><th>expected</th><th>actual</th><th>outcome</th><th class="gap"></th><th>call</th><th>expected</th><th>actual</th><th>outcome</th></tr></thead><tbody>${rows}</tbody></table>`;
  };
  const pairsView = (): string => {
    if (data.pairs.length === 0) return '<p>No tension pairs in this run.</p>';
    const rows = data.pairs
      .map((x, j) => `<tr><td><a class="run" href="#pair=${j}">${esc(str(x[0]))}</a></td><td>${esc(str(x[1]))}</td><td>${esc(str(x[2]))}</td><td>${badge(x[5] === 1 ? 'pass' : x[6] === 1 ? 'collapsed' : 'miss')}</td><td><code>${esc(str(x[7]))}</code></td></tr>`)
      .join('');
    return `<p><strong>${data.pairs.length}</strong> pair runs</p><table class="list"><thead><tr><th>pair</th><th>set</th><th>mode</th><th>result</th><th>labels differ at</th></tr></thead><tbody>${rows}</tbody></table>`;
  };

  const view = document.getElementById('view');
  const syncForm = (p: URLSearchParams): void => {
    for (const name of FILTERS) {
      const el = field(name);
      if (el === null) continue;
      if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = p.get(name) === '1';
      else if (document.activeElement !== el) el.value = p.get(name) ?? '';
    }
  };
  const render = (): void => {
    if (view === null) return;
    const p = readHash();
    // A set's link in the overview table below: bring the runs it selected into view.
    const fromOverview = document.activeElement?.closest('#overview') != null;
    syncForm(p);
    const run = p.get('run');
    const pair = p.get('pair');
    const tab = p.get('tab');
    document.body.dataset.view = run !== null ? 'run' : pair !== null ? 'pair' : tab === 'pairs' ? 'pairs' : 'list';
    if (run !== null && runs[Number(run)] !== undefined) view.innerHTML = runView(runs[Number(run)] as Run, p);
    else if (pair !== null) view.innerHTML = pairView(Number(pair));
    else if (tab === 'pairs') view.innerHTML = pairsView();
    else view.innerHTML = listView(p);
    const step = p.get('step');
    const target = step !== null ? document.getElementById(`step-${step}`) : run !== null || pair !== null ? document.getElementById('run-title') : null;
    target?.focus();
    if (target !== null) target.scrollIntoView({ block: 'nearest' });
    else if (fromOverview) document.getElementById('browser')?.scrollIntoView();
  };
  window.addEventListener('hashchange', render);
  document.addEventListener('click', (e) => {
    const b = (e.target as Element | null)?.closest('button.copy');
    if (!(b instanceof HTMLButtonElement)) return;
    void navigator.clipboard?.writeText(b.dataset.copy ?? '').then(() => {
      b.textContent = 'copied';
    });
  });
  // Keyboard: `/` to search, j/k or the arrows through the list, Escape back up a level.
  document.addEventListener('keydown', (e) => {
    const el = document.activeElement;
    const typing = el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
    if (e.key === '/' && !typing) {
      e.preventDefault();
      (field('q') as HTMLInputElement | null)?.focus();
      return;
    }
    if (e.key === 'Escape') {
      const p = readHash();
      if (p.has('step')) p.delete('step');
      else if (p.has('run') || p.has('pair')) {
        p.delete('run');
        p.delete('pair');
      } else return;
      writeHash(p);
      return;
    }
    if (typing || !['j', 'k', 'ArrowDown', 'ArrowUp'].includes(e.key)) return;
    const links = [...document.querySelectorAll<HTMLAnchorElement>('#view a.run, #view a.step-link')];
    if (links.length === 0) return;
    e.preventDefault();
    const at = links.indexOf(el as HTMLAnchorElement);
    const next = e.key === 'j' || e.key === 'ArrowDown' ? Math.min(links.length - 1, at + 1) : Math.max(0, at - 1);
    links[next]?.focus();
  });
  document.body.classList.add('js');
  render();
}
