/**
 * The HTML reports in a real browser: headless Chromium from the system's packages, driven by
 * playwright-core (which downloads no browser). The pages are written by the CLI from the example
 * scenarios, then clicked through as a reader would: set → scenario → step, the failing filter,
 * the keyboard, a tension pair, the page without JavaScript, and compare.html's plot. Every count
 * is checked against results.json. Screenshots are saved in reports/screenshots/ (not committed).
 *
 * Without Chromium the tests are skipped, saying how to install it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResults } from '../../src/harness/model.js';
import { replayCommand, shellQuote } from '../../src/harness/reports/replay.js';
import { cli } from '../cli/cli.js';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter((p): p is string => p !== undefined && p !== '');
const executablePath = CANDIDATES.find((p) => existsSync(p));
if (executablePath === undefined) {
  process.stderr.write('browser tests skipped: no Chromium found. Install it with `apt-get install chromium` (Debian; .ci/run does), or set CHROMIUM_PATH to a Chromium binary.\n');
}
const SHOTS = path.resolve('reports/screenshots');

describe.skipIf(executablePath === undefined)('the HTML reports in Chromium', () => {
  let dir: string;
  let browser: Browser;
  let results: RunResults;
  let index: string;
  let compare: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'guard-eval-browser-'));
    // The memoryless baseline misses chains: the page then has failing runs to find.
    const run = await cli('run', 'scenarios/examples', '--guard', 'memoryless', '--out', path.join(dir, 'run'), '--quiet');
    expect(run.code, run.err).toBe(1);
    results = JSON.parse(readFileSync(path.join(dir, 'run', 'results.json'), 'utf8')) as RunResults;
    index = pathToFileURL(path.join(dir, 'run', 'index.html')).href;
    const cmp = await cli('compare', 'scenarios/examples', '--guard', 'builtin,memoryless,allow-all,ask-all', '--out', path.join(dir, 'compare'), '--quiet');
    expect(cmp.code, cmp.err).toBe(0);
    compare = pathToFileURL(path.join(dir, 'compare', 'compare.html')).href;
    mkdirSync(SHOTS, { recursive: true });
    browser = await chromium.launch({
      executablePath: executablePath as string,
      // As root in a container, and on a machine with no way out: no sandbox, no background traffic.
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  /** A page that fails the test on any script error. */
  async function open(url: string, options: { javaScriptEnabled?: boolean } = {}): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, ...options });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(url);
    return { page, errors };
  }

  const count = async (page: Page): Promise<number> => Number(await page.locator('#count strong').textContent());

  it('opens on every run, and narrows to a set, a scenario and a step as results.json says', async () => {
    const { page, errors } = await open(index);
    expect(await count(page)).toBe(results.scenarios.length);
    await page.screenshot({ path: path.join(SHOTS, 'index.png') });
    const set = results.scenarios[0]?.set as string;
    await page.selectOption('select[name=set]', set);
    const inSet = results.scenarios.filter((s) => s.set === set);
    expect(await count(page)).toBe(inSet.length);
    const first = page.locator('#view a.run').first();
    const id = await first.textContent();
    await first.click();
    const run = inSet.find((s) => s.id === id) as RunResults['scenarios'][number];
    await expect.poll(() => page.locator('table.steps tbody tr').count()).toBe(run.steps.length);
    expect(await page.locator('#run-title').textContent()).toContain(run.id);
    // The commands the page fills in from its templates are the ones the CLI prints.
    const facts = await page.locator('dl.facts').textContent();
    expect(facts).toContain(replayCommand('memoryless')({ id: run.id, file: run.file, mode: run.mode }));
    expect(await page.locator('table.steps').textContent()).toContain(`npx guard-eval explain ${shellQuote(run.id)} ${shellQuote(run.file)} --mode ${run.mode} --guard memoryless --step '${run.steps[0]?.path}'`);
    // Each step's outcome as results.json has it.
    const outcomes = await page.locator('table.steps tbody tr td:nth-child(6)').allTextContents();
    expect(outcomes.map((o) => o.replace(/^\W+/, '').split(' ')[0])).toEqual(run.steps.map((s) => s.outcome));
    // What the guard found in the arguments, masked, as results.json has it.
    const found = run.steps.flatMap((s) => s.findings ?? []);
    for (const f of found) expect(await page.locator('table.steps').textContent()).toContain(`${f.detector} at ${f.path} (${f.preview})`);
    await page.locator('a.step-link').last().click();
    await expect.poll(() => page.locator('tr.step.focus').count()).toBe(1);
    expect(await page.locator('tr.step.focus').getAttribute('id')).toBe(`step-${run.steps.length - 1}`);
    expect(page.url()).toContain(`step=${run.steps.length - 1}`);
    await page.screenshot({ path: path.join(SHOTS, 'run.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens the runs of a set from its row in the overview table', async () => {
    const { page, errors } = await open(index);
    const set = results.sets[results.sets.length - 1]?.set as string;
    await page.locator('#overview table').first().getByRole('link', { name: set, exact: true }).click();
    await expect.poll(() => count(page)).toBe(results.scenarios.filter((s) => s.set === set).length);
    expect(await page.locator('select[name=set]').inputValue()).toBe(set);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('filters the failing runs, and by free text from the keyboard', async () => {
    const { page, errors } = await open(`${index}#outcome=failing`);
    const failing = results.scenarios.filter((s) => s.status === 'fail' || s.status === 'error');
    expect(failing.length).toBeGreaterThan(0);
    expect(await count(page)).toBe(failing.length);
    await page.goto(index);
    await page.keyboard.press('/');
    const target = results.scenarios[results.scenarios.length - 1]?.id as string;
    await page.keyboard.type(target);
    const same = results.scenarios.filter((s) => s.id.toLowerCase().includes(target.toLowerCase()) || (s.title ?? '').toLowerCase().includes(target.toLowerCase()));
    await expect.poll(() => count(page)).toBe(same.length);
    // j moves to the first run, Enter opens it, Escape goes back to the list.
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('table.steps').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('table.list').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a tension pair side by side, its twins linked', async () => {
    expect(results.pairs.length).toBeGreaterThan(0);
    const { page, errors } = await open(`${index}#tab=pairs`);
    expect(await page.locator('table.list tbody tr').count()).toBe(results.pairs.length);
    await page.locator('#view a.run').first().click();
    await expect.poll(() => page.locator('table.pair').count()).toBe(1);
    const pair = results.pairs[0] as RunResults['pairs'][number];
    const heads = await page.locator('table.pair thead a').allTextContents();
    expect(heads).toEqual([`benign: ${pair.benign}`, `attack: ${pair.attack}`]);
    await page.screenshot({ path: path.join(SHOTS, 'pair.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('links a scenario file by its path only (a scheme is shown as text, never followed), and shows an unsupported run as such', async () => {
    // And a run the guard could not take: no step, its own outcome.
    const hostile = {
      ...results,
      scenarios: results.scenarios.map((s, i) =>
        i === 0 ? { ...s, file: 'javascript:alert(1)//x.yaml' } : i === 1 ? { ...s, file: 'odd #name?.yaml' } : i === 2 ? { ...s, status: 'unsupported' as const, steps: [], unsupported: ['policy'] } : s,
      ),
    };
    const file = path.join(dir, 'hostile', 'results.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(hostile));
    const r = await cli('report', file, '--out', path.join(dir, 'hostile-out'), '--quiet');
    expect(r.code, r.err).toBe(0);
    const page0 = pathToFileURL(path.join(dir, 'hostile-out', 'runs', '1-memoryless', 'index.html')).href;
    const { page, errors } = await open(`${page0}#run=0`);
    await expect.poll(() => page.locator('dl.facts').count()).toBe(1);
    expect(await page.locator('dl.facts a[href^="javascript"]').count()).toBe(0);
    expect(await page.locator('dl.facts').textContent()).toContain('javascript:alert(1)//x.yaml:');
    await page.goto(`${page0}#run=1`);
    await expect.poll(() => page.locator('dl.facts a').first().getAttribute('href')).toMatch(/odd%20%23name%3F\.yaml$/);
    await page.goto(`${page0}#outcome=unsupported`);
    await expect.poll(() => count(page)).toBe(1);
    expect(await page.locator('#view table.list tbody tr td:nth-child(4)').textContent()).toBe('unsupported');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('without JavaScript, shows the per-set table and every failing step', async () => {
    const { page } = await open(index, { javaScriptEnabled: false });
    expect(await page.locator('#browser').isVisible()).toBe(false);
    const rows = await page.locator('#overview table').first().locator('tbody tr').count();
    expect(rows).toBe(results.sets.length + 1);
    const failingSteps = results.scenarios.flatMap((s) => s.steps).filter((s) => ['miss', 'over-block', 'race', 'error'].includes(s.outcome)).length;
    expect(await page.locator('#overview table').last().locator('tbody tr').count()).toBe(failingSteps);
    await page.close();
  });

  it('draws one linked mark per guard and mode in compare.html, each link to a page that exists', async () => {
    const { page, errors } = await open(compare);
    const rows = await page.locator('#frontier-table tbody tr').count();
    const modes = new Set(results.scenarios.map((s) => s.mode)).size;
    expect(rows).toBe(4 * modes);
    const marks = page.locator('#frontier g.frontier-point a');
    expect(await marks.count()).toBe(rows);
    // An SVG link's href is an attribute (its property is not a string).
    for (const href of await marks.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
      expect(existsSync(new URL(href.replace(/#.*/, ''), compare).pathname), href).toBe(true);
    }
    await page.locator('#frontier').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'compare.png'), fullPage: true });
    // A point is a link the keyboard reaches and follows to its run's page.
    await marks.first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/runs\/\d+-[^/]+\/index\.html#mode=/);
    expect(await count(page)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
