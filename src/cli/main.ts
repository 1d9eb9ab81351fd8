/**
 * The `guard-eval` command line. Exit codes (stable, documented in the README):
 * 0 success; 1 a run found a miss, over-block, race or error; 2 bad input or usage.
 */
import { escapeControls } from '../harness/reports/cells.js';
import { createRequire } from 'node:module';
import { Command, CommanderError } from 'commander';
import { InputError } from '../io/errors.js';
import { GUARD_NAMES, REPORTER_NAMES } from '../harness/names.js';
import { DEFAULT_DEADLINE_MS, DEFAULT_TIMEOUT_MS } from './import-tools-defaults.js';

/** Where the CLI writes; injected so tests capture output. */
export interface CliIO {
  readonly stdout: (s: string) => void;
  readonly stderr: (s: string) => void;
  /** Whether stderr is a terminal (a progress line is shown only then). */
  readonly isTTY?: boolean;
  /** The environment (`GITHUB_ACTIONS`, `GITHUB_STEP_SUMMARY`); none in tests unless given. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

const defaultIO: CliIO = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: process.stderr.isTTY === true,
  env: process.env,
};

export const EXIT = { ok: 0, failed: 1, badInput: 2 } as const;

/**
 * The CLI's output, made safe for a terminal whatever the scenarios, sheets, catalogs or servers
 * held: every control character but line breaks and tabs is shown escaped (`\u001b`), in every
 * command and every message. A write that starts with CR (the progress line redrawing itself on
 * a terminal) keeps that one CR.
 */
export function safeIO(io: CliIO): CliIO {
  const clean = (s: string): string => (s.startsWith('\r') ? `\r${escapeControls(s.slice(1), '\n\t')}` : escapeControls(s, '\n\t'));
  return { ...io, stdout: (s) => io.stdout(clean(s)), stderr: (s) => io.stderr(clean(s)) };
}

/**
 * Run the CLI.
 * @param argv full argv (node, script, ...args)
 * @returns the exit code
 */
export async function main(argv: readonly string[], rawIO: CliIO = defaultIO): Promise<number> {
  const io = safeIO(rawIO);
  let code: number = EXIT.ok;
  const program = new Command()
    .name('guard-eval')
    .description('evaluate toolchain guards for LLM agents against scenario challenge sets')
    .version((createRequire(import.meta.url)('../../package.json') as { version: string }).version)
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });

  program
    .command('classify')
    .description('classify tool specs (JSON or YAML: a list of MCP tool specs, a tools/list result, or a catalog)')
    .argument('<file>', 'the tool specs file')
    .option('--json', 'print a JSON array [{name, capabilities, evidence}]')
    .option('--explain', 'per capability, the words that matched and where; and what was set aside (a negation, an example, a code span, an enum value)')
    .action(async (file: string, opts: { json?: boolean; explain?: boolean }) => {
      code = await (await import('./classify.js')).classifyCommand(file, { json: opts.json === true, explain: opts.explain === true }, io);
    });

  program
    .command('run')
    .description('run scenarios against a guard and write the reports')
    .argument('[paths...]', 'scenario files or folders', [])
    .option('--only <glob>', 'only scenarios whose id matches (`*` within a segment, `**` across)')
    .option('--tag <tag>', 'only scenarios with this tag')
    .option('--mode <mode>', 'only runs in this mode (permissive, balanced, strict)')
    .option('--out <dir>', 'where the reports are written', 'reports')
    .option('--json', 'print results.json to stdout and nothing else')
    .option('--quiet', 'print nothing but errors')
    .option('--guard <spec>', `the guard under test: a built-in name (${GUARD_NAMES.join(', ')}), a module path or package name, or exec:<command> (docs/guard-protocol.md)`, 'builtin')
    .option('--guard-config <file>', 'a guard configuration applied under every scenario’s own settings')
    .option('--guard-timeout <ms>', 'time limit of one guard call; a call over it is an error outcome (default 10000)')
    .option('--interleavings <all|N>', 'orders tried per batch: all (exhaustive up to 4 members, with partial-order reduction) or at most N', 'all')
    .option('--seed <n>', 'seed of the sampled orders of larger batches', '1')
    .option('--no-reduction', 'explore every order of a batch, not one per partial-order class (for guards that depend on the order of results within a run)')
    .option('--order <path=order...>', 'run a batch in exactly this order, e.g. `steps[2]=d1 d2 c2 c1` (the replay of a race)')
    .option('--shard <i/n>', 'run only the i-th of n deterministic shards (tension pairs stay together); merge the shards with merge-reports')
    .option('--reporter <names...>', `reports to produce (default: all): ${REPORTER_NAMES.join(', ')}; github prints annotations and a step summary only under GitHub Actions`)
    .option('--gate', 'compare with the committed baseline step by step: exit 1 on a new miss, over-block (beyond its set budget), race or error, or below the pass-rate floor')
    .option('--baseline <file>', 'the baseline file (default: guard-eval.config.yaml `gate.baseline`, else reports/baseline.json)')
    .option('--update-baseline', 'write the baseline from this run (every scenario; commit it)')
    .option('--strict-known', 'exit 1 also when a known gap (a step with `known:`) now passes: its note is stale')
    .action(async (paths: string[], o: { only?: string; tag?: string; mode?: string; out: string; json?: boolean; quiet?: boolean; guard: string; guardConfig?: string; guardTimeout?: string; interleavings: string; seed: string; reduction: boolean; order?: string[]; gate?: boolean; baseline?: string; updateBaseline?: boolean; reporter?: string[]; shard?: string; strictKnown?: boolean }) => {
      const done = (await import('./scenarios.js')).keepClassificationsAcrossRuns();
      code = await (await import('./run.js')).runCommand(
        paths,
        {
          out: o.out,
          json: o.json === true,
          quiet: o.quiet === true,
          guard: o.guard,
          ...(o.only !== undefined ? { only: o.only } : {}),
          ...(o.tag !== undefined ? { tag: o.tag } : {}),
          ...(o.mode !== undefined ? { mode: o.mode } : {}),
          ...(o.guardConfig !== undefined ? { guardConfig: o.guardConfig } : {}),
          ...(o.guardTimeout !== undefined ? { guardTimeout: o.guardTimeout } : {}),
          interleavings: o.interleavings,
          seed: o.seed,
          reduction: o.reduction,
          ...(o.order !== undefined ? { order: o.order } : {}),
          gate: o.gate === true,
          updateBaseline: o.updateBaseline === true,
          strictKnown: o.strictKnown === true,
          ...(o.reporter !== undefined ? { reporter: o.reporter } : {}),
          ...(o.shard !== undefined ? { shard: o.shard } : {}),
          ...(o.baseline !== undefined ? { baseline: o.baseline } : {}),
        },
        io,
      );
      done();
    });

  program
    .command('merge-reports')
    .description('merge the results of sharded runs (`run --shard i/n`) into the reports one unsharded run writes')
    .argument('<dirs...>', 'the shards’ --out folders, each holding a results.json')
    .option('--out <dir>', 'where the merged reports are written', 'reports')
    .option('--guard-config <file>', 'the guard configuration the shards ran with (for the replay commands)')
    .option('--gate', 'gate the merged results against the baseline, as `run --gate` does: exit 1 on a regression; annotations only for what fails the gate')
    .option('--baseline <file>', 'the baseline file for --gate (default: guard-eval.config.yaml `gate.baseline`, else reports/baseline.json)')
    .option('--json', 'print the merged results.json and nothing else')
    .option('--quiet', 'print nothing but errors')
    .action(async (dirs: string[], o: { out: string; guardConfig?: string; gate?: boolean; baseline?: string; json?: boolean; quiet?: boolean }) => {
      code = await (await import('./merge-reports.js')).mergeReportsCommand(
        dirs,
        { out: o.out, ...(o.guardConfig !== undefined ? { guardConfig: o.guardConfig } : {}), ...(o.baseline !== undefined ? { baseline: o.baseline } : {}), gate: o.gate === true, json: o.json === true, quiet: o.quiet === true },
        io,
      );
    });

  program
    .command('gate')
    .description('the regression gate on a results.json written earlier (e.g. merged from shards): exit 0 within the gate, 1 on a regression')
    .argument('<results>', 'a results.json')
    .option('--baseline <file>', 'the baseline file (default: guard-eval.config.yaml `gate.baseline`, else reports/baseline.json)')
    .option('--out <dir>', 'where gate.md is written (default: the results file’s folder)')
    .option('--quiet', 'print only a failing verdict')
    .action(async (results: string, o: { baseline?: string; out?: string; quiet?: boolean }) => {
      code = await (await import('./gate.js')).gateCommand(results, { ...(o.baseline !== undefined ? { baseline: o.baseline } : {}), ...(o.out !== undefined ? { out: o.out } : {}), quiet: o.quiet === true }, io);
    });

  program
    .command('validate')
    .description('check scenario files and report every problem')
    .argument('[paths...]', 'scenario files or folders (default: challenge-sets and scenarios)', [])
    .action(async (paths: string[]) => {
      code = await (await import('./validate.js')).validateCommand(paths, io);
    });

  program
    .command('new')
    .description('write a commented scenario skeleton that validates (inside a challenge set, its manifest count follows)')
    .argument('<id>', 'the scenario id, `<set>/<name>`')
    .action(async (id: string) => {
      code = await (await import('./new.js')).newCommand(id, io);
    });

  program
    .command('new-set')
    .description('create a challenge set: challenge-sets/<set-N-name>/ with its manifest and a README')
    .argument('<name>', 'the set folder, `set-<N>-<name>` (e.g. set-7-ci-agents)')
    .option('--title <text>', 'the title of the set in its README')
    .action(async (name: string, o: { title?: string }) => {
      code = await (await import('./new.js')).newSetCommand(name, o.title !== undefined ? { title: o.title } : {}, io);
    });

  program
    .command('explain')
    .description('print the step-by-step trace of one scenario under the built-in guard, or what another guard (--guard) answered at each step')
    .argument('<id>', 'the scenario id')
    .argument('[paths...]', 'where to look (default: challenge-sets and scenarios)', [])
    .option('--mode <mode>', 'only this mode')
    .option('--guard <spec>', 'the guard: a built-in name, a module path or package name, or exec:<command> (default builtin, the only one with a full trace)')
    .option('--guard-config <file>', 'a guard configuration applied under the scenario’s own settings')
    .option('--guard-timeout <ms>', 'time limit of one guard call (default 10000)')
    .option('--step <path>', 'only the step at this result path, e.g. `steps[3]` or `steps[2].repeat[7].steps[0]`')
    .option('--failing', 'only the steps that fail (miss, over-block, race, error)')
    .action(async (id: string, paths: string[], o: { mode?: string; guard?: string; guardConfig?: string; guardTimeout?: string; step?: string; failing?: boolean }) => {
      code = await (await import('./explain.js')).explainCommand(id, paths, { ...(o.mode !== undefined ? { mode: o.mode } : {}), ...(o.guard !== undefined ? { guard: o.guard } : {}), ...(o.guardConfig !== undefined ? { guardConfig: o.guardConfig } : {}), ...(o.guardTimeout !== undefined ? { guardTimeout: o.guardTimeout } : {}), ...(o.step !== undefined ? { step: o.step } : {}), ...(o.failing === true ? { failing: true } : {}) }, io);
    });

  program
    .command('import-tools')
    .description('start an MCP server over stdio, list its tools and write them as a catalog (scenarios/catalog/<name>.yaml)')
    .argument('<command...>', 'the command that starts the server, after `--`')
    .option('--name <catalog>', 'the catalog name (default: the server’s reported name, slugged)')
    .option('--out <dir>', 'where the catalog is written', 'scenarios/catalog')
    .option('--force', 'overwrite an existing catalog')
    .option('--timeout <ms>', 'how long the server may take to answer each request', String(DEFAULT_TIMEOUT_MS))
    .option('--deadline <ms>', 'how long the whole import (start, initialize, every page of tools/list) may take', String(DEFAULT_DEADLINE_MS))
    .option('--env <NAME=VALUE>', 'an environment variable for the server (repeatable; only its name is recorded)', (v: string, prev: string[]) => [...prev, v], [] as string[])
    .action(async (command: string[], o: { name?: string; out: string; force?: boolean; timeout: string; deadline: string; env: string[] }) => {
      code = await (await import('./import-tools.js')).importToolsCommand(command, { ...(o.name !== undefined ? { name: o.name } : {}), out: o.out, force: o.force === true, timeout: o.timeout, deadline: o.deadline, env: o.env }, io);
    });

  program
    .command('coverage')
    .description('print the rule × mode × polarity matrix per set and write coverage.md')
    .argument('[paths...]', 'scenario files or folders (default: challenge-sets)', [])
    .option('--min <n>', 'exit 1 when a cell of the all-sets matrix has fewer scenarios than this')
    .option('--out <dir>', 'where coverage.md is written', 'reports')
    .option('--json', 'print the matrix as JSON and nothing else')
    .option('--quiet', 'print nothing but errors')
    .action(async (paths: string[], o: { min?: string; out: string; json?: boolean; quiet?: boolean }) => {
      code = await (await import('./coverage.js')).coverageCommand(paths, { out: o.out, json: o.json === true, quiet: o.quiet === true, ...(o.min !== undefined ? { min: o.min } : {}) }, io);
    });

  program
    .command('conformance')
    .description('check that a guard keeps the contract the runner relies on (sessions isolated, batches in flight together, Code Mode parents, failed calls, errors, time limits) and print what to fix')
    .argument('<guard>', 'a guard spec: a built-in name, a module path or package name, or exec:<command>')
    .option('--guard-timeout <ms>', 'time limit of one guard call (default 10000)')
    .option('--json', 'print the report as JSON')
    .action(async (spec: string, o: { guardTimeout?: string; json?: boolean }) => {
      code = await (await import('./conformance.js')).conformanceCommand(spec, { ...(o.guardTimeout !== undefined ? { guardTimeout: o.guardTimeout } : {}), json: o.json === true }, io);
    });

  program
    .command('compare')
    .description('run several guards over the same scenarios: the guard × set table of miss and over-block rates')
    .argument('[paths...]', 'scenario files or folders (default: challenge-sets)', [])
    .option('--guard <spec>', `a guard to compare; repeat it for several: built-in names, comma-separated (${GUARD_NAMES.join(', ')}), or all (the default); a module path or package name; exec:<command>`, (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--guard-timeout <ms>', 'time limit of one guard call (default 10000)')
    .option('--out <dir>', 'where compare.md, compare.html and the runs\' pages (runs/) are written', 'reports')
    .option('--markdown', 'print the table as Markdown and nothing else')
    .option('--json', 'print the comparison as JSON and nothing else')
    .option('--quiet', 'print nothing but errors')
    .action(async (paths: string[], o: { guard: string[]; guardTimeout?: string; out: string; markdown?: boolean; json?: boolean; quiet?: boolean }) => {
      code = await (await import('./compare.js')).compareCommand(paths, { guard: o.guard, ...(o.guardTimeout !== undefined ? { guardTimeout: o.guardTimeout } : {}), out: o.out, markdown: o.markdown === true, json: o.json === true, quiet: o.quiet === true }, io);
    });

  program
    .command('report')
    .description('HTML pages of runs saved earlier: a page per run and compare.html with the guard × set table and the security/utility frontier')
    .argument('<results...>', 'results.json files, or the --out folders that hold them')
    .option('--out <dir>', 'where the pages are written', 'reports')
    .option('--quiet', 'print nothing but errors')
    .action(async (files: string[], o: { out: string; quiet?: boolean }) => {
      code = await (await import('./report.js')).reportCommand(files, { out: o.out, quiet: o.quiet === true }, io);
    });

  const label = program.command('label').description('blinded labeling sheets: export them, check returned ones and measure agreement, write adjudicated labels back');
  label
    .command('export')
    .description('write a blinded labeling sheet (CSV) and its key (JSON; keep it from the labelers)')
    .argument('[paths...]', 'scenario files or folders (default: challenge-sets)', [])
    .requiredOption('--out <file>', 'the sheet to write')
    .option('--key <file>', 'the key to write (the first labeler\'s export)')
    .option('--from-key <file>', 'another labeler\'s sheet of the export that wrote this key: same items, own row order; writes no key')
    .option('--seed <seed>', 'seed of the item ids, sample and order (default: random, recorded in the key)')
    .option('--sample <k>', 'a seeded sample of k items')
    .option('--stratify <by>', 'stratify the sample by set, twin or rule')
    .option('--labeler <name>', 'who fills the sheet in (in the sheet and the key; varies the row order; names the adjudication columns)')
    .option('--bom', 'start the sheet with a UTF-8 BOM (for Excel)')
    .option('--lf', 'LF line ends instead of CRLF')
    .option('--capabilities', 'a capability sheet: one row per tool whose step labels its capabilities, a yes/no/unsure column per capability')
    .option('--force', 'overwrite an existing sheet or key')
    .action(async (paths: string[], o: { out: string; key?: string; fromKey?: string; seed?: string; sample?: string; stratify?: string; labeler?: string; bom?: boolean; lf?: boolean; force?: boolean; capabilities?: boolean }) => {
      code = await (await import('./label.js')).labelExportCommand(paths, o, io);
    });
  label
    .command('import')
    .description('check returned sheets against the key (every issue with its row) and report agreement: κ, weighted κ, CIs; Fleiss κ and α across several sheets')
    .argument('<sheets...>', 'the returned sheets (CSV)')
    .requiredOption('--key <file>', 'the key written by `label export`')
    .option('--adjudication <file>', 'write the items where annotations differ as an adjudication sheet (CSV)')
    .option('--seed <n>', 'seed of the bootstrap confidence intervals', '1')
    .option('--force', 'overwrite an existing adjudication sheet')
    .option('--json', 'print the result as JSON and nothing else')
    .action(async (sheets: string[], o: { key: string; json?: boolean; adjudication?: string; seed: string; force?: boolean }) => {
      code = await (await import('./label.js')).labelImportCommand(sheets, { key: o.key, json: o.json === true, seed: o.seed, force: o.force === true, ...(o.adjudication !== undefined ? { adjudication: o.adjudication } : {}) }, io);
    });
  label
    .command('apply')
    .description('write adjudicated labels (CSV: item_id, final_label) back into the scenario files; a preview without --write')
    .argument('<adjudication>', 'the adjudication CSV')
    .requiredOption('--key <file>', 'the key written by `label export`')
    .option('--write', 'write the files (atomically); without it, only the preview')
    .action(async (adjudication: string, o: { key: string; write?: boolean }) => {
      code = await (await import('./label.js')).labelApplyCommand(adjudication, { key: o.key, write: o.write === true }, io);
    });

  try {
    await program.parseAsync([...argv]);
  } catch (e) {
    if (e instanceof CommanderError) {
      // Help and version are successes; every other commander error is a usage error.
      return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help' ? EXIT.ok : EXIT.badInput;
    }
    if (e instanceof InputError) {
      io.stderr(`${e.message}\n`);
      return EXIT.badInput;
    }
    io.stderr(`guard-eval: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT.badInput;
  }
  return code;
}
