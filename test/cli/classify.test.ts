import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { cli } from './cli.js';


function tmp(name: string, content: string | Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'guard-eval-'));
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
}

describe('guard-eval classify', () => {
  it('prints a table for a catalog', async () => {
    const r = await cli('classify', 'scenarios/catalog/examples.yaml');
    expect(r.code).toBe(0);
    expect(r.out).toContain('fetch_url');
    expect(r.out).toContain('EXTERNAL_INGESTION');
    // get_time is recognised as harmless; a tool nobody can read takes the posture.
    expect(r.out).toMatch(/get_time.*harmless \(time: time\): allowed, no posture/);
    // A computation on shapes is recognised by its description's words, and --explain names them.
    const shapes = tmp('shapes.json', JSON.stringify([{ name: 'area_tool', description: 'Calculate the area of a polygon.' }]));
    expect((await cli('classify', shapes)).out).toMatch(/area_tool.*harmless \(geometry: polygon\): allowed, no posture/);
    expect((await cli('classify', '--explain', shapes)).out).toContain('area_tool: harmless (geometry)\n  recognised by the words: "polygon"');
    const opaque = await cli('classify', tmp('opaque.json', JSON.stringify([{ name: 'zx_reconcile', description: 'Reconcile the zx shards' }])));
    expect(opaque.out).toContain('matches nothing: the unknownTool posture applies');
    expect(r.err).toBe('');
  });

  it('--explain shows each capability’s words and where, and what was set aside and why', async () => {
    const file = tmp('explain.json', JSON.stringify([
      {
        name: 'search_automations',
        description: 'Search saved automations by keyword (e.g. send an email, create a file). It will not notify the owners.',
        inputSchema: { type: 'object', properties: { query: { type: 'string' }, kind: { type: 'string', enum: ['send', 'all'] } } },
      },
      { name: 'get_current_time', description: 'Return the current time in a time zone' },
      { name: 'zx_reconcile', description: 'Reconcile the zx shards' },
    ]));
    const r = await cli('classify', file, '--explain');
    expect(r.code).toBe(0);
    const block = (name: string): string => r.out.split('\n\n').find((b) => b.startsWith(`${name}:`)) ?? '';
    const search = block('search_automations');
    // What it does is read from the name and the description's own verb, not from the example.
    expect(search).not.toContain('EXTERNAL_ACTION');
    expect(search).not.toContain('LOCAL_MUTATION');
    expect(search).toContain('description: "e.g. send an email, create a file": an example of a request');
    expect(search).toContain('description: "notify": negated by "not"');
    expect(search).toContain('property properties.kind: "send": an enum value (a value to pick)');
    // `all` would read as nothing: it is not listed.
    expect(search).not.toContain('"all"');
    expect(block('get_current_time')).toContain('harmless (time)');
    expect(block('zx_reconcile')).toContain('no capability (unknown: the unknownTool posture applies)');
    const json = JSON.parse((await cli('classify', file, '--explain', '--json')).out) as { name: string; discounted: { why: string; source: string; at?: string; text: string; cue?: string }[] }[];
    expect(json[0]?.discounted).toEqual([
      { why: 'example', source: 'description', text: 'e.g. send an email, create a file' },
      { why: 'negation', source: 'description', text: 'notify', cue: 'not' },
      { why: 'enum-value', source: 'schema', at: 'properties.kind', text: 'send' },
    ]);
    // Without --explain, the JSON is as before.
    expect((JSON.parse((await cli('classify', file, '--json')).out) as object[])[0]).not.toHaveProperty('discounted');
  });

  it('--explain says what a tool that classifies to nothing was read as, and nothing of the others', async () => {
    const file = tmp('unknown.json', JSON.stringify([
      { name: 'domain_privacy', description: 'Toggle WHOIS privacy protection for a domain.' },
      { name: 'mystery_tool' },
      { name: 'read_file', description: 'Read a file from the workspace' },
      { name: 'get_current_time', description: 'Return the current time in a time zone' },
    ]));
    const r = await cli('classify', file, '--explain');
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'domain_privacy: no capability (unknown: the unknownTool posture applies)\n' +
        '  read as (no verb paired with an object the vocabulary places):\n' +
        '    name: verbs none; objects none; words it does not know "domain", "privacy"\n' +
        '    description: verbs "toggle"; objects none; words it does not know "whois", "privacy", "protection", "domain"',
    );
    expect(r.out).toContain('mystery_tool: no capability (unknown: the unknownTool posture applies)\n  read as (no verb paired with an object the vocabulary places):\n    name: verbs none; objects none; words it does not know "mystery"\n    description: verbs none; objects none; words it does not know none');
    expect(r.out.match(/read as/g)).toHaveLength(2);
    // Function words and the adjectives of API prose name nothing: they are not listed.
    const prose = await cli('classify', tmp('prose.json', JSON.stringify([{ name: 'zorp', description: 'Returns the specified widget using the current API' }])), '--explain');
    expect(prose.out).toContain('description: verbs none; objects none; words it does not know "widget", "api"');
    type Row = { name: string; read?: { source: string; verbs: string[]; objects: string[]; unknown: string[] }[] };
    const json = JSON.parse((await cli('classify', file, '--explain', '--json')).out) as Row[];
    expect(json[0]?.read).toEqual([
      { source: 'name', verbs: [], objects: [], unknown: ['domain', 'privacy'] },
      { source: 'description', verbs: ['toggle'], objects: [], unknown: ['whois', 'privacy', 'protection', 'domain'] },
    ]);
    // A tool with capabilities, and a harmless one, get no such reading; nor does any row without --explain.
    expect(json.filter((row) => row.read !== undefined).map((row) => row.name)).toEqual(['domain_privacy', 'mystery_tool']);
    expect((JSON.parse((await cli('classify', file, '--json')).out) as Row[]).some((row) => row.read !== undefined)).toBe(false);
  });

  it("--explain shows an act selector's values read as acts as evidence, and sets aside only a filter's", async () => {
    const file = tmp('selector.json', JSON.stringify([
      { name: 'files', description: 'List files in the workspace.', inputSchema: { type: 'object', properties: { operation: { type: 'string', enum: ['list', 'read', 'delete', 'write'] } } } },
      { name: 'list_adjustments', description: 'List adjustments.', inputSchema: { type: 'object', properties: { action: { type: 'string', enum: ['refund', 'delete'] } } } },
    ]));
    const r = await cli('classify', file, '--explain');
    expect(r.out).toContain('files: PRIVATE_ACCESS, LOCAL_MUTATION\n');
    expect(r.out).toContain('  LOCAL_MUTATION (MUT)\n    property properties.operation: "delete", "file", "write"');
    expect(r.out).not.toContain('property properties.operation: "delete": an enum value');
    expect(r.out).toContain('property properties.action: "delete": an enum value (a value to pick)');
  });

  it('--json gives name, capabilities and evidence for each tool', async () => {
    const r = await cli('classify', 'scenarios/catalog/examples.yaml', '--json');
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out) as { name: string; capabilities: string[]; evidence: { capability: string }[] }[];
    const by = new Map(rows.map((x) => [x.name, x]));
    expect(by.get('send_email')?.capabilities).toContain('EXTERNAL_ACTION');
    expect(by.get('query_db')?.capabilities).toContain('PRIVATE_ACCESS');
    expect(by.get('fa_song_you_jian')?.capabilities).toContain('EXTERNAL_ACTION');
    expect(by.get('get_time')?.capabilities).toEqual([]);
    expect(by.get('get_time')).toMatchObject({ empty: { as: 'harmless', kind: 'time', terms: ['time'] } });
    expect(by.get('send_email')).not.toHaveProperty('empty');
    for (const row of rows) for (const c of row.capabilities) expect(row.evidence.some((e) => e.capability === c)).toBe(true);
  });

  it('reads every tool of the file before it answers: a write listed before the tool that names its server’s product is kept there', async () => {
    const origin = 'mcp:@zorblat/mcp@1.2.0';
    const file = tmp('server.json', JSON.stringify([
      { name: 'delete_epic', description: 'Delete an epic.', origin },
      { name: 'search_stories', description: 'Search the stories of a Zorblat workspace.', origin },
    ]));
    const rows = JSON.parse((await cli('classify', file, '--json')).out) as { name: string; capabilities: string[]; evidence: { source: string; term: string }[] }[];
    const del = rows.find((x) => x.name === 'delete_epic');
    expect(del?.capabilities).toEqual(['EXTERNAL_ACTION']);
    expect(del?.evidence).toContainEqual({ capability: 'EXTERNAL_ACTION', source: 'origin', term: 'zorblat' });
    expect((await cli('classify', '--explain', file)).out).toMatch(/delete_epic: EXTERNAL_ACTION\n {2}EXTERNAL_ACTION \(NAT\)\n(?: {4}.*\n)* {4}origin: "zorblat"/);
  });

  it('a spec read only in part: all six capabilities, and where reading stopped, in the table, --explain and --json', async () => {
    const file = tmp('cut.json', JSON.stringify([{ name: 'weather', description: `Get the weather forecast for a city.${' '.repeat(16_384)}Then email it to the given address.` }]));
    const table = await cli('classify', file);
    expect(table.code).toBe(0);
    expect(table.out.replace(/[│\s]+/g, ' ')).toContain('(read in part: description past 16 384 characters)');
    const explained = await cli('classify', '--explain', file);
    expect(explained.out).toContain('weather: EXTERNAL_INGESTION, PRIVATE_ACCESS, EXTERNAL_ACTION, LOCAL_MUTATION, CODE_EXECUTION, CREDENTIAL_ACCESS\n  read in part: description past 16 384 characters; judged as doing all six things');
    expect(explained.out).toContain('description: "read in part (past 16 384 characters)"');
    const rows = JSON.parse((await cli('classify', '--json', file)).out) as { capabilities: string[]; unread?: unknown }[];
    expect(rows[0]?.capabilities).toHaveLength(6);
    expect(rows[0]?.unread).toEqual({ source: 'description', why: 'past 16 384 characters' });
    // Read whole, the same tool says what it reads, and no `unread`.
    const whole = JSON.parse((await cli('classify', '--json', tmp('whole.json', JSON.stringify([{ name: 'weather', description: 'Get the weather forecast for a city.' }])))).out) as { unread?: unknown }[];
    expect(whole[0]).not.toHaveProperty('unread');
  });

  it('a verb the classifier cannot read: what the nouns read as, and the posture, in the table, --explain and --json', async () => {
    const file = tmp('void.json', JSON.stringify([{ name: 'waive_invoice_fee', description: 'Waive the late fee of an invoice.' }, { name: 'get_invoice', description: 'Get an invoice.' }]));
    const table = await cli('classify', file);
    expect(table.code).toBe(0);
    // The capabilities cell wraps beside the evidence cell: its lines, read in turn.
    const cells = table.out.split('\n').map((l) => l.split('│')[2]?.trim() ?? '').join(' ').replace(/\s+/g, ' ');
    expect(cells).toContain('PRIVATE_ACCESS (unread verb "waive": the unknownTool posture applies)');
    const explained = await cli('classify', '--explain', file);
    expect(explained.out).toContain('waive_invoice_fee: PRIVATE_ACCESS\n  a verb the classifier cannot read opens the description ("waive"): its capabilities come only from the nouns of its name, so the unknownTool posture applies too');
    const rows = JSON.parse((await cli('classify', '--json', file)).out) as { name: string; capabilities: string[]; unreadAct?: string }[];
    expect(rows[0]).toMatchObject({ name: 'waive_invoice_fee', capabilities: ['PRIVATE_ACCESS'], unreadAct: 'waive' });
    expect(rows[1]).not.toHaveProperty('unreadAct');
  });

  it('reads the three shapes: a list, a tools/list result, a catalog', async () => {
    const spec = { name: 'send_sms', description: 'Send an SMS message to a phone number' };
    for (const content of [JSON.stringify([spec]), JSON.stringify({ tools: [spec] }), JSON.stringify({ tools: { send_sms: { description: spec.description } } })]) {
      const r = await cli('classify', tmp('t.json', content), '--json');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out)[0]).toMatchObject({ name: 'send_sms', capabilities: ['EXTERNAL_ACTION'] });
    }
  });

  it('reports every problem of a bad file with file:line:col and exit 2', async () => {
    const r = await cli('classify', 'test/fixtures/bad-tools.yaml');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain('test/fixtures/bad-tools.yaml:5:18: expected `description` of `bad` to be a string');
    expect(r.err).toContain('test/fixtures/bad-tools.yaml:6:5: a tool spec needs a non-empty string `name`');
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it('two specs of one name in a list: exit 2 naming both places, not one answer for both', async () => {
    const file = tmp('dup.json', '[{"name":"files","description":"Get a file."},\n {"name":"files","description":"Delete a file."}]\n');
    const r = await cli('classify', file, '--json');
    expect(r).toMatchObject({ code: 2, out: '' });
    expect(r.err).toBe(`${file}:2:2: duplicate tool name \`files\` (first at ${file}:1:2): each tool needs a name of its own\n`);
  });

  it('a YAML syntax error points at its line', async () => {
    const r = await cli('classify', 'test/fixtures/broken.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^test\/fixtures\/broken\.yaml:\d+:\d+: /);
  });

  it('missing, binary and wrongly shaped files exit 2 with a message', async () => {
    expect((await cli('classify', 'no/such/file.yaml')).err).toBe('no/such/file.yaml: no such file\n');
    const bin = tmp('x.yaml', Buffer.from([0x00, 0xff, 0x13, 0x37]));
    expect(await cli('classify', bin)).toMatchObject({ code: 2, err: `${bin}: not a text file (it contains NUL bytes)\n` });
    const scalar = tmp('s.yaml', 'just a string\n');
    const r = await cli('classify', scalar);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${scalar}:1:1: expected a list of tool specs`);
  });

  it('hostile YAML (an alias bomb, deep nesting, duplicate keys) is a clean exit 2', async () => {
    const laughs = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < 10; i++) laughs.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]`);
    const bomb = tmp('bomb.yaml', `${laughs.join('\n')}\ntools: *a9\n`);
    expect(await cli('classify', bomb)).toMatchObject({ code: 2, err: expect.stringContaining('expands to more than') });
    const deep = tmp('deep.yaml', `tools: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`);
    expect(await cli('classify', deep)).toMatchObject({ code: 2, err: expect.stringContaining('nests deeper than') });
    const dup = tmp('dup.yaml', 'tools:\n  - name: a\n    name: b\n');
    expect(await cli('classify', dup)).toMatchObject({ code: 2, err: `${dup}:3:5: duplicate key \`name\`\n` });
  });

  it('an internal error (here every write failing) exits 2 with one line naming it, never 0', async () => {
    for (const args of [['classify', 'scenarios/catalog/examples.yaml'], ['classify', 'scenarios/catalog/examples.yaml', '--json']]) {
      let err = '';
      const code = await main(['node', 'guard-eval', ...args], {
        stdout: () => {
          throw new Error('write EPIPE');
        },
        stderr: (s) => (err += s),
      });
      expect(code).toBe(2);
      expect(err).toBe('guard-eval: internal error: write EPIPE\n');
    }
  });

  it('usage errors exit 2', async () => {
    expect((await cli('classify')).code).toBe(2);
    expect((await cli('clasify', 'x')).code).toBe(2);
    expect((await cli('--help')).code).toBe(0);
    const v = await cli('--version');
    expect(v).toMatchObject({ code: 0, out: `${JSON.parse(readFileSync('package.json', 'utf8')).version}\n` });
  });

  it('the installed bin runs (built by npm ci through prepare)', () => {
    const out = execFileSync(process.execPath, ['bin/guard-eval.js', 'classify', 'scenarios/catalog/examples.yaml', '--json'], { encoding: 'utf8' });
    expect(JSON.parse(out).length).toBeGreaterThan(5);
    const bad = spawnSync(process.execPath, ['bin/guard-eval.js', 'classify', 'test/fixtures/bad-tools.yaml'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
  });
});
