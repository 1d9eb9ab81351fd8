/**
 * The `guard-eval` command line. Exit codes (stable, documented in the README):
 * 0 success; 1 a run found a miss, over-block, race or error; 2 bad input or usage.
 */
import { Command, CommanderError } from 'commander';
import { InputError } from '../io/errors.js';
import { classifyCommand } from './classify.js';

/** Where the CLI writes; injected so tests capture output. */
export interface CliIO {
  readonly stdout: (s: string) => void;
  readonly stderr: (s: string) => void;
}

const defaultIO: CliIO = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
};

export const EXIT = { ok: 0, failed: 1, badInput: 2 } as const;

/**
 * Run the CLI.
 * @param argv full argv (node, script, ...args)
 * @returns the exit code
 */
export async function main(argv: readonly string[], io: CliIO = defaultIO): Promise<number> {
  let code: number = EXIT.ok;
  const program = new Command()
    .name('guard-eval')
    .description('evaluate toolchain guards for LLM agents against scenario challenge sets')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });

  program
    .command('classify')
    .description('classify tool specs (JSON or YAML: a list of MCP tool specs, a tools/list result, or a catalog)')
    .argument('<file>', 'the tool specs file')
    .option('--json', 'print a JSON array [{name, capabilities, evidence}]')
    .action(async (file: string, opts: { json?: boolean }) => {
      code = await classifyCommand(file, { json: opts.json === true }, io);
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
