/**
 * A set-1 labelling skeleton for a catalog: one scenario per tool of
 * `scenarios/catalog/<name>.yaml`, a single call with arguments made from the tool's schema (each
 * required property: an enum's first value, a plausible string, number, boolean, list or map),
 * and a label left to write:
 *
 *   expect: {verdict: allow, capabilities: {must: [TODO], must_not: [TODO]}}
 *
 * `TODO` is no capability, so the file does not load until every tool is labelled (guard-eval
 * validate names each one left, with its line). The labeller replaces both lists and the
 * description's TODO with the reason. Held-out catalogs (see set-1's README) get the tag `held-out`,
 * or the one a later part names with `--held-out=<tag>` (`held-out-4`).
 *
 *   node scripts/label-skeleton.mjs mcp-stripe [--held-out[=<tag>]] > challenge-sets/set-1-classification/mcp-stripe.yaml
 *
 * Writes to standard output only: an existing file is never overwritten.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [name, ...flags] = process.argv.slice(2);
/** `--held-out` tags the scenarios `held-out`; `--held-out=<tag>` (`held-out-4`) names a later part. */
const HELD_OUT = /^--held-out(?:=([a-z0-9][a-z0-9-]*))?$/;
if (name === undefined || !/^[a-z0-9][a-z0-9-]*$/.test(name) || flags.length > 1 || flags.some((f) => !HELD_OUT.test(f))) {
  process.stderr.write('usage: node scripts/label-skeleton.mjs <catalog name> [--held-out[=<tag>]]\n');
  process.exit(2);
}
const heldOut = flags.length === 1 ? (HELD_OUT.exec(flags[0])[1] ?? 'held-out') : undefined;
const file = join(ROOT, 'scenarios/catalog', `${name}.yaml`);
let text;
try {
  text = readFileSync(file, 'utf8');
} catch {
  process.stderr.write(`error: no catalog scenarios/catalog/${name}.yaml\n`);
  process.exit(2);
}
const header = text.split('\n').filter((l) => l.startsWith('#')).slice(0, 1).join('').replace(/^#\s*/, '').replace(/[:,]?\s*$/, '');
const tools = parse(text).tools ?? {};

/** `bitable_v1_appTableField_list` → `bitable-v1-app-table-field-list`. */
export function toolId(tool) {
  return tool
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A plausible value for a property schema, harmless to every detector. */
function sample(schema, key) {
  if (schema === null || typeof schema !== 'object') return 'example';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' && schema.minimum > 1 ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default: {
      const k = String(key).toLowerCase();
      if (schema.format === 'date-time' || /(^|_)(time|timestamp)$|_at$/.test(k)) return '2026-03-02T09:00:00Z';
      if (schema.format === 'date' || /date/.test(k)) return '2026-03-02';
      if (schema.format === 'uri' || schema.format === 'url' || /url|uri|link/.test(k)) return 'https://example.com/page';
      if (schema.format === 'email' || /email/.test(k)) return 'sam.lee@example.com';
      if (/(^|_)id$|id$/i.test(String(key))) return 'a1b2c3';
      return 'example';
    }
  }
}

function argsOf(spec) {
  const s = spec.inputSchema;
  if (s === null || typeof s !== 'object' || s.properties === null || typeof s.properties !== 'object') return {};
  const out = {};
  for (const k of Array.isArray(s.required) ? s.required : []) if (typeof k === 'string') out[k] = sample(s.properties[k], k);
  return out;
}

const ids = new Map();
const scenarios = Object.entries(tools).map(([tool, spec]) => {
  let id = toolId(tool) || 'tool';
  // Two names that differ only in case or separators.
  const n = (ids.get(id) ?? 0) + 1;
  ids.set(id, n);
  if (n > 1) id = `${id}-${n}`;
  return {
    id: `set-1/${name}/${id}`,
    title: spec?.title ?? spec?.annotations?.title ?? tool,
    description: 'TODO: why the label holds.',
    tags: ['classification', 'mcp', 'corpus', name, ...(heldOut !== undefined ? [heldOut] : [])],
    guard: { mode: 'balanced' },
    catalog: [name],
    steps: [{ call: tool, args: argsOf(spec ?? {}), expect: { verdict: 'allow', capabilities: { must: ['TODO'], must_not: ['TODO'] } } }],
  };
});

const flow = (v) => stringify(v, { collectionStyle: 'flow', lineWidth: 0, flowCollectionPadding: false }).trimEnd();
const body = scenarios.map((sc) =>
  [
    `  - id: ${sc.id}`,
    `    title: ${flow(sc.title)}`,
    '    description: >-',
    `      ${sc.description}`,
    `    tags: ${flow(sc.tags)}`,
    '    guard: {mode: balanced}',
    `    catalog: [${name}]`,
    '    steps:',
    `      - call: ${flow(sc.steps[0].call)}`,
    `        args: ${flow(sc.steps[0].args)}`,
    '        expect: {verdict: allow, capabilities: {must: [TODO], must_not: [TODO]}}',
  ].join('\n'),
);
const server = /Tools of the MCP server (.*?) \(\d+ tools?\)/.exec(header)?.[1] ?? name;
process.stdout.write(
  `# Set 1, corpus part: the MCP server ${server}, ${scenarios.length} tools, catalog\n# scenarios/catalog/${name}.yaml.${heldOut !== undefined ? ` Held out (\`${heldOut}\`): measured once, at the end (set-1 README).` : ''}\n#\n# TODO: what the server is, and the labelling rules these labels rest on.\nversion: 1\nscenarios:\n${body.join('\n\n')}\n`,
);
