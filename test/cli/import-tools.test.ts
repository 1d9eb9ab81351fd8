import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './cli.js';
import { loadScenarios } from '../../src/io/dsl.js';
import { displayCommand, renderCatalog, slugName, toToolSpec } from '../../src/io/mcp-import.js';

const SERVER = 'test/fixtures/mcp-server.mjs';


function tmp(): string {
  return mkdtempSync(join(tmpdir(), 'guard-eval-import-'));
}

/** Whether a process is still running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('guard-eval import-tools', () => {
  it('says so when the server reports no name and no version, in its message and the header', async () => {
    const dir = tmp();
    const r = await cli('import-tools', '--out', dir, '--name', 'nameless', '--env', 'FIXTURE_NAMELESS=1', '--', process.execPath, SERVER);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toBe(`wrote ${join(dir, 'nameless.yaml')}: 5 tools of a server that reported no name\n`);
    expect(readFileSync(join(dir, 'nameless.yaml'), 'utf8')).toContain('# Tools of the MCP server that reported no name (5 tools)');
  });

  it('lists every page of tools/list and writes a catalog the DSL loader reads back as sent', async () => {
    const dir = tmp();
    const pidFile = join(dir, 'pid');
    const r = await cli('import-tools', '--out', dir, '--env', `FIXTURE_PID_FILE=${pidFile}`, '--', process.execPath, SERVER);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toBe(`wrote ${join(dir, 'fixture-server.yaml')}: 5 tools of Fixture Server 1.2.3\n`);
    expect(alive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);

    const text = readFileSync(join(dir, 'fixture-server.yaml'), 'utf8');
    // The header names the command, without absolute paths or environment values.
    expect(text).toContain('#   guard-eval import-tools --env FIXTURE_PID_FILE=… -- node test/fixtures/mcp-server.mjs\n');
    expect(text).not.toContain(dir);
    expect(text).not.toContain(tmpdir());
    // Sorted by name, keys in a fixed order.
    expect([...text.matchAll(/^ {2}(\S.*):$/gm)].map((m) => m[1])).toEqual(['delete_file', 'get_time', 'read_inbox', 'send_message', '"yes: no"']);

    writeFileSync(join(dir, 's.yaml'), `id: t/import\ncatalog: [fixture-server]\nsteps:\n  - call: send_message\n    expect: allow\n`);
    const loaded = await loadScenarios([join(dir, 's.yaml')], { catalogDirs: [dir] });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    const tools = loaded.scenarios[0]?.tools ?? {};
    expect(Object.keys(tools).sort()).toEqual(['delete_file', 'get_time', 'read_inbox', 'send_message', 'yes: no']);
    const origin = 'mcp:Fixture-Server@1.2.3';
    expect(tools.send_message).toEqual({
      name: 'send_message',
      title: 'Send message',
      description: 'Send a chat message to a channel. Multi-line:\nsecond line, "quoted", 中文 发送消息',
      inputSchema: { type: 'object', properties: { channel: { type: 'string' }, text: { type: 'string', description: 'The text' } }, required: ['channel', 'text'] },
      annotations: { title: 'Send message', readOnlyHint: false, destructiveHint: false, openWorldHint: true },
      origin,
    });
    expect(tools.read_inbox?.outputSchema).toMatchObject({ properties: { messages: { type: 'array' } } });
    expect(tools['yes: no']).toEqual({ name: 'yes: no', description: '- a description that looks like YAML: {a: 1}, [b] # not a comment', inputSchema: { type: 'object' }, origin });

    // Deterministic: the same server gives the same bytes.
    expect((await cli('import-tools', '--out', dir, '--force', '--env', `FIXTURE_PID_FILE=${pidFile}`, '--', process.execPath, SERVER)).code).toBe(0);
    expect(readFileSync(join(dir, 'fixture-server.yaml'), 'utf8')).toBe(text);
  });

  it('never overwrites a catalog without --force', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'mine.yaml'), 'tools: {}\n');
    const r = await cli('import-tools', '--name', 'mine', '--out', dir, '--', process.execPath, SERVER);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${join(dir, 'mine.yaml')}: already exists: nothing was written (pass --force to overwrite it)\n`);
    expect(readFileSync(join(dir, 'mine.yaml'), 'utf8')).toBe('tools: {}\n');
    // The default name is known only once the server answered: checked then.
    writeFileSync(join(dir, 'fixture-server.yaml'), 'tools: {}\n');
    expect((await cli('import-tools', '--out', dir, '--', process.execPath, SERVER)).code).toBe(2);
    expect(readFileSync(join(dir, 'fixture-server.yaml'), 'utf8')).toBe('tools: {}\n');
    const f = await cli('import-tools', '--name', 'mine', '--out', dir, '--force', '--', process.execPath, SERVER);
    expect(f.code).toBe(0);
    expect(readFileSync(join(dir, 'mine.yaml'), 'utf8')).toContain('catalog: [mine]');
  });

  it('a server that crashes at start: exit 2 with its stderr, no stack trace', async () => {
    const dir = tmp();
    const r = await cli('import-tools', '--out', dir, '--', process.execPath, SERVER, 'crash');
    expect(r.code).toBe(2);
    expect(r.err).toContain('node test/fixtures/mcp-server.mjs crash: the server exited with code 1 before answering initialize');
    expect(r.err).toContain('  | Error: FIXTURE_API_KEY is not set');
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(r.out).toBe('');
  });

  it('a server that never answers: exit 2 after --timeout, and the process is ended', async () => {
    const dir = tmp();
    const pidFile = join(dir, 'pid');
    const t0 = Date.now();
    // Long enough for the server to start (and write its pid) on a loaded machine.
    const r = await cli('import-tools', '--out', dir, '--timeout', '2000', '--env', `FIXTURE_PID_FILE=${pidFile}`, '--', process.execPath, SERVER, 'silent');
    expect(r.code).toBe(2);
    expect(r.err).toContain('timed out: the server did not answer initialize within 2000 ms (--timeout)');
    expect(Date.now() - t0).toBeLessThan(6000);
    expect(alive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
    expect(existsSync(join(dir, 'fixture-server.yaml'))).toBe(false);
  });

  it('usage: a missing command, a missing program, bad options', async () => {
    expect((await cli('import-tools')).code).toBe(2);
    const missing = await cli('import-tools', '--out', tmp(), '--', 'no-such-mcp-server-xyz', '--api-key', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc');
    expect(missing.code).toBe(2);
    expect(missing.err).toBe('no-such-mcp-server-xyz --api-key <redacted>: cannot start the server: no such command\n');
    expect((await cli('import-tools', '--name', '../x', '--', 'node')).err).toContain('invalid catalog name `../x`');
    expect((await cli('import-tools', '--timeout', 'soon', '--', 'node')).err).toContain('invalid --timeout `soon`');
    expect((await cli('import-tools', '--deadline', '0', '--', 'node')).err).toContain('invalid --deadline `0`: expected a positive number of milliseconds');
    expect((await cli('import-tools', '--env', 'NOVALUE', '--', 'node')).err).toContain('invalid --env `NOVALUE`');
  });

  it('a duplicate tool name is kept once, with a warning', async () => {
    const dir = tmp();
    const r = await cli('import-tools', '--name', 'w', '--out', dir, '--', process.execPath, SERVER, 'weird');
    expect(r.code).toBe(0);
    expect(r.err).toBe('warning: tool `b_tool` is listed twice: the first is kept\n');
    expect(readFileSync(join(dir, 'w.yaml'), 'utf8')).toContain('description: first');
  });
});

describe('import-tools helpers', () => {
  it('records a command without absolute paths or secrets', () => {
    const cwd = '/home/dev/guard-eval';
    expect(displayCommand(['/usr/bin/node', '/opt/mcp/node_modules/@mcp/server-x/dist/index.js', '/home/dev/notes', '/home/dev/guard-eval/scenarios'], cwd)).toBe(
      'node node_modules/@mcp/server-x/dist/index.js …/notes scenarios',
    );
    expect(displayCommand(['npx', '-y', 'server', '--token=abc', '--api-key', 'xyz', '--root=/srv/data', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789'], cwd)).toBe(
      'npx -y server --token=<redacted> --api-key <redacted> --root=…/data <redacted>',
    );
    expect(displayCommand(['sh', '-c', 'echo hi'], cwd)).toBe("sh -c 'echo hi'");
    // A random-looking value after a short flag: redacted; ordinary words and package names are not.
    expect(displayCommand(['lark-mcp', 'mcp', '-a', 'cli_demo', '-s', 'Xq7pV2mK9sLw4ZtR8yBn3Hc6', '-l', 'zh', '@scope/server-name@2025.4.8'], cwd)).toBe(
      'lark-mcp mcp -a cli_demo -s <redacted> -l zh @scope/server-name@2025.4.8',
    );
    // A credential pair in one word: an account and key id, a secret after the colon.
    expect(displayCommand(['npx', '-y', '@twilio-alpha/mcp', 'AC3f9b2c7d1e8a4b6c0d5e9f1a2b3c4d5e/SK7c1d9e2f3a4b5c6d7e8f9a0b1c2d3e4f:q8Vn2LkR7tZp4WmX9sHc3Jb6Yd1Fg5Ka'], cwd)).toBe(
      'npx -y @twilio-alpha/mcp <redacted>',
    );
    // Zeros are no secret, nor is a scoped package with a version, nor a URL.
    expect(displayCommand(['npx', '-y', '@twilio-alpha/mcp@0.7.0', 'AC00000000000000000000000000000000/SK00000000000000000000000000000000:dummy', 'https://api.example.com/v1/items'], cwd)).toBe(
      'npx -y @twilio-alpha/mcp@0.7.0 AC00000000000000000000000000000000/SK00000000000000000000000000000000:dummy https://api.example.com/v1/items',
    );
  });

  it('slugs server names into catalog names', () => {
    expect(slugName('Fixture Server')).toBe('fixture-server');
    expect(slugName('secure-filesystem-server')).toBe('secure-filesystem-server');
    expect(slugName('高德地图')).toBe('mcp-server');
    expect(slugName('@scope/My_Server v2')).toBe('scope-my_server-v2');
  });

  it('keeps the standard annotations only, and renders keys in a fixed order', () => {
    const warnings: string[] = [];
    const spec = toToolSpec({ name: 't', annotations: { openWorldHint: true, vendorHint: 'x', readOnlyHint: 'yes', title: 'T' }, inputSchema: { type: 'object' }, description: 'd' }, warnings);
    expect(spec).toEqual({ name: 't', description: 'd', inputSchema: { type: 'object' }, annotations: { openWorldHint: true, title: 'T' } });
    expect(warnings).toEqual(['tool `t`: non-standard annotation `vendorHint` dropped', 'tool `t`: annotation `readOnlyHint` of the wrong type dropped']);
    const text = renderCatalog([spec], { serverName: 's\nx', serverVersion: '1', command: '-- s' }, 'c');
    expect(text).toContain('# Tools of the MCP server s x 1 (1 tool)');
    // A server that reports no name and no version is said to, with no gap in the header.
    expect(renderCatalog([spec], { serverName: '', serverVersion: ' ', command: '-- s' }, 'c')).toContain('# Tools of the MCP server that reported no name (1 tool)');
    expect(renderCatalog([spec], { serverName: 'srv', serverVersion: '', command: '-- s' }, 'c')).toContain('# Tools of the MCP server srv (1 tool)');
    expect(text).toContain('annotations: {title: T, openWorldHint: true}');
    expect(text.indexOf('description:')).toBeLessThan(text.indexOf('inputSchema:'));
  });
});
