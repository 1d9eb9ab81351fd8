import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './cli.js';
import { loadScenarios } from '../../src/io/dsl.js';
import { shown } from '../../src/io/mcp-import.js';
import { loadToolSpecs } from '../../src/io/toolspecs.js';

/** A fake MCP server that fails in the way its first argument names (see the script). */
const BAD = 'test/fixtures/mcp-bad-server.mjs';

/**
 * Whether a process is still running. A zombie is not: a killed grandchild of the server waits
 * for a PID 1 that may never reap it (a container without an init).
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true;
  }
}

interface Run {
  readonly code: number;
  readonly out: string;
  readonly err: string;
  readonly dir: string;
  /** The catalogs written. */
  readonly yaml: string[];
  /** Pids of the server and of what it started, as far as they got to record them. */
  readonly pids: number[];
}

/**
 * Import from the fake server in `mode`. A shell records the server's pid before it becomes the
 * server (`exec`), so that the pid is known even when the server is ended before Node starts.
 */
async function importFrom(mode: string, ...options: string[]): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'guard-eval-import-fail-'));
  const pidFile = join(dir, 'pid');
  const nodePid = join(dir, 'node-pid');
  const r = await cli('import-tools', '--out', dir, ...options, '--env', `FIXTURE_PID_FILE=${nodePid}`, '--', 'sh', '-c', 'echo $$ > "$0"; exec "$@"', pidFile, process.execPath, BAD, mode);
  const pids = [pidFile, `${nodePid}.child`].filter((f) => existsSync(f)).map((f) => Number(readFileSync(f, 'utf8')));
  const yaml = readdirSync(dir).filter((f) => f.endsWith('.yaml'));
  return { ...r, dir, yaml, pids };
}

/** What every failure has in common: exit 2, one message, no stack trace, nothing written, every process ended. */
function expectCleanFailure(r: Run, message: string): void {
  expect(r.code).toBe(2);
  expect(r.out).toBe('');
  expect(r.err).toContain(`: ${message}`);
  expect(r.err).not.toMatch(/\n\s+at |internal error/);
  expect(r.err).not.toContain('\x1b');
  expect(r.yaml).toEqual([]);
  expect(r.pids.length).toBeGreaterThan(0);
  for (const pid of r.pids) expect(alive(pid)).toBe(false);
}

// Concurrent: most of each test is waiting for a server or a time limit.
describe.concurrent('import-tools: every way a server can fail is exit 2 with one message', () => {
  it('a server that hangs: the --deadline ends it, and what it started, even past SIGTERM', async () => {
    const t0 = Date.now();
    const r = await importFrom('hang', '--timeout', '60000', '--deadline', '2500');
    expectCleanFailure(r, 'timed out: the import did not finish within the --deadline of 2500 ms (it was waiting for initialize)');
    expect(r.err).toContain("\nthe server's stderr:\n  | bad-server: hanging\n");
    expect(r.pids).toHaveLength(2); // the server and the child that ignores SIGTERM
    expect(Date.now() - t0).toBeLessThan(8000);
  });

  it('a server that never answers initialize: --timeout', async () => {
    const r = await importFrom('no-init', '--timeout', '1500');
    expectCleanFailure(r, 'timed out: the server did not answer initialize within 1500 ms (--timeout)');
  });

  it('garbage on stdout: a malformed response, quoted', async () => {
    const r = await importFrom('garbage');
    expectCleanFailure(r, 'malformed response to initialize: the server wrote a line to stdout that is not JSON');
    expect(r.err).toContain('Server listening on port 3000');
  });

  it('a server that closes its stdout and stays alive', async () => {
    const r = await importFrom('close-stdout', '--timeout', '10000');
    expectCleanFailure(r, 'the server closed its output (and kept running) before answering initialize');
    expect(r.err).toContain('  | bad-server: closing stdout');
  });

  it('a server that exits at once: its exit code and the last lines of its stderr, escaped', async () => {
    const r = await importFrom('exit3');
    expectCleanFailure(r, 'the server exited with code 3 before answering initialize');
    expect(r.err).toContain("\nthe server's stderr (last 20 lines):\n  | noise line 12\n");
    expect(r.err).toContain('  | bad-server starting\n  | \\x1b[31mfatal: cannot open database\\x1b[0m\n');
    expect(r.err).not.toContain('noise line 11\n');
  });

  it('tools/list with tools that are not a list', async () => {
    expectCleanFailure(await importFrom('non-list'), 'malformed response to tools/list: `tools` is a string, not a list of tools');
  });

  it('a tool without a name', async () => {
    expectCleanFailure(await importFrom('no-name'), 'malformed response to tools/list: tools[1] is a tool without a name');
  });

  it('a message over the size limit', async () => {
    expectCleanFailure(await importFrom('huge'), 'response too large: a message of the server to tools/list is over 10 MiB (the limit of one message)');
  });

  it('endless paging: too many pages', async () => {
    expectCleanFailure(await importFrom('endless', '--deadline', '20000'), 'too many pages: the server sent more than 1000 pages of tools/list');
  });

  it('slow endless paging: the --deadline bounds the whole import, whatever --timeout allows per page', async () => {
    const r = await importFrom('slow-pages', '--timeout', '60000', '--deadline', '2500');
    expectCleanFailure(r, 'timed out: the import did not finish within the --deadline of 2500 ms (it was waiting for tools/list (page ');
  });

  it('an error answer, with the server’s text escaped', async () => {
    expectCleanFailure(await importFrom('error'), 'the server answered tools/list with an error: backend \\x1b[2Jdown (code -32603)');
  });

  it('a command that is not executable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-eval-import-fail-'));
    const script = join(dir, 'server.sh');
    writeFileSync(script, '#!/bin/sh\n');
    chmodSync(script, 0o644);
    const r = await cli('import-tools', '--out', dir, '--', script);
    expect(r).toMatchObject({ code: 2, out: '' });
    expect(r.err).toBe('server.sh: cannot start the server: permission denied (not an executable file)\n');
  });

  it('a tool the catalog loader would refuse (a 300-deep inputSchema) is left out, named; the rest is written and loads', async () => {
    const r = await importFrom('deep');
    expect(r.code).toBe(0);
    expect(r.err).toBe('warning: tool `deep_tool` left out: the catalog loader would refuse it: it nests deeper than 200 levels\n');
    expect(r.out).toBe(`wrote ${join(r.dir, 'bad-server.yaml')}: 1 tool of Bad Server 0.1 (1 left out)\n`);
    for (const pid of r.pids) expect(alive(pid)).toBe(false);
    expect((await loadToolSpecs(join(r.dir, 'bad-server.yaml'))).map((t) => t.spec.name)).toEqual(['get_time']);
    writeFileSync(join(r.dir, 's.yaml'), 'id: t/deep\ncatalog: [bad-server]\nsteps:\n  - call: get_time\n    expect: allow\n');
    const loaded = await loadScenarios([join(r.dir, 's.yaml')], { catalogDirs: [r.dir] });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    expect(Object.keys(loaded.scenarios[0]?.tools ?? {})).toEqual(['get_time']);
  });
});

describe('shown', () => {
  it('escapes what could drive a terminal, and bounds the length', () => {
    expect(shown('a\x1b[2Jb\tc\x7f\x9b\u202e\u2028')).toBe('a\\x1b[2Jb\\tc\\x7f\\x9b\\u202e\\u2028');
    expect(shown('中文 ok')).toBe('中文 ok');
    expect(shown('x'.repeat(10), 4)).toBe('xxxx…');
  });
});
