/**
 * A tool's input schema, read once: every property of `properties`/`items` at any depth up to the
 * caps, in a fixed order (`schemaProps`), and the classifier's rules on property names (a URL to
 * read, a recipient with a body, a path with content, a command, a query). The detectors read the
 * same properties for destination fields (`detectors.ts`, `schemaDestinationFields`).
 */
import { EIT, EXEC, MUT, NAT, PAT } from './capabilities.js';
import { isRecord } from './values.js';
import { SCHEMA_TERMS } from './vocabulary.js';
import { MAX_TEXT, nameTokens } from './classifier-tokens.js';
import { SCHEMA, termSet } from './classifier-lexicon.js';
import { addEvidence, propertyWritesAreTheTools, writesInProduct } from './classifier-evidence.js';
import type { Collector } from './classifier-evidence.js';
import type { SpecCut } from './types.js';

/**
 * Schema properties visited, in total, across all depths. The caps are set above every tool of the
 * committed catalogs (the largest has 461 properties, 30 000 characters of text in all, nesting 9
 * levels deep), so that a real tool is read whole and only a padded one is judged as read in part.
 */
export const MAX_PROPERTIES = 512;
/** Nesting depth of schemas visited (each `properties`, `items`, branch or `$ref` is a level). */
export const MAX_DEPTH = 16;
/** Characters of a whole spec read: its name, its description, and its properties' names and descriptions. */
export const MAX_SPEC_TEXT = 65_536;



export interface Prop {
  readonly path: string;
  /** The property's own name (clipped to the text cap). */
  readonly key: string;
  readonly tokens: readonly string[];
  readonly joined: string;
  readonly description: string | undefined;
  /** Properties of one `properties` object share a group: sibling rules (destination + body) use it. */
  readonly group: number;
  /** JSON Schema `format: uri` (or `url`, `iri`): the value is an address whatever the property's name. */
  readonly uri: boolean;
  /** The property's `type` is `string` or is not given (not an object, an array, a number). */
  readonly text: boolean;
  /** The property is an array of strings. */
  readonly strings: boolean;
  /** Its `enum`, as the schema gives it: values a caller picks, never read as what the tool does. */
  readonly enumValues: unknown;
}

const URI_FORMATS = new Set(['uri', 'url', 'iri']);
const DB_TARGETS = termSet(SCHEMA_TERMS.database);

/** What a cap in the schema stopped at: the first cut is kept. */
export interface SchemaRead {
  cut: SpecCut | undefined;
}

/**
 * Keywords whose value holds schemas, and so may hold properties, besides `properties` and `items`:
 * a list of them, one, or a map of them by name. `not` is left out: what it describes is what the
 * value must not be.
 */
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SUBSCHEMA_ONE = ['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems', 'contains', 'if', 'then', 'else'] as const;
const SUBSCHEMA_MAPS = ['patternProperties', 'dependentSchemas'] as const;
const SCHEMA_HOLDERS: readonly string[] = ['properties', 'items', '$ref', ...SUBSCHEMA_LISTS, ...SUBSCHEMA_ONE, ...SUBSCHEMA_MAPS];

/** A `$ref` within the schema (`#/$defs/Name`, `#/definitions/Name`, any `#/…` pointer). */
const LOCAL_REF = /^#\/(.+)$/;

/** The schema a local `$ref` points to in `root`, if it points to one (JSON Pointer, RFC 6901). */
function resolveRef(root: unknown, ref: string): unknown {
  const m = LOCAL_REF.exec(ref);
  if (m === null) return undefined;
  let node: unknown = root;
  for (const raw of (m[1] as string).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isRecord(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

const HOLDER_KEYS: ReadonlySet<string> = new Set(SCHEMA_HOLDERS);

/** Does a schema hold schemas that {@link schemaProps} would visit? */
function holdsSchemas(node: Record<string, unknown>): boolean {
  return SCHEMA_HOLDERS.some((k) => node[k] !== undefined);
}

/**
 * May a schema hold schemas? Most nodes are leaves (`{type, description}`): going over a plain
 * object's own few keys costs less than asking for each of the keywords. Any other object (one
 * with a prototype of its own may inherit a keyword) is asked for each, as before.
 */
function hasHolderKey(node: Record<string, unknown>): boolean {
  const proto: unknown = Object.getPrototypeOf(node);
  if (proto !== Object.prototype && proto !== null) return true;
  for (const k of Object.keys(node)) if (HOLDER_KEYS.has(k)) return true;
  return false;
}

/** `4 000` for 4000: how a cap is written in a reason. */
export function capText(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ' ');
}

/** The characters of a tool's name and description that count against {@link MAX_SPEC_TEXT}. */
export function textRead(name: string, description: string): number {
  return Math.min(name.length, MAX_TEXT) + Math.min(description.length, MAX_TEXT);
}

/**
 * Visit `properties`, `items` and every other keyword that holds schemas (the branches of
 * `allOf`/`anyOf`/`oneOf`, `additionalProperties`, the definition a `$ref` points to …) depth
 * first, keys sorted, so that key order never changes the result.
 * `read.cut` is set, once, when a cap may have left part of the schema unread: the count of
 * properties reached, a level past the depth, a name or a description past the text cap, or the
 * characters of the whole spec (`spent` of them read before the schema: the name and the description).
 */
export function schemaProps(schema: unknown, read?: SchemaRead, spent = 0): Prop[] {
  const props: Prop[] = [];
  let groups = 0;
  let chars = spent;
  /** Set when the whole spec's characters ran out: nothing more is visited. */
  let full = false;
  const cut = (at: string, why: string): void => {
    if (read !== undefined && read.cut === undefined) read.cut = { source: 'schema', at, why };
  };
  /** The `$ref`s followed so far: each is read once. */
  const refs = new Set<string>();
  const visit = (node: unknown, prefix: string, depth: number): void => {
    if (depth > MAX_DEPTH && isRecord(node) && holdsSchemas(node)) cut(prefix.slice(0, -1), `nesting past ${MAX_DEPTH} levels`);
    if (full || depth > MAX_DEPTH || props.length >= MAX_PROPERTIES || !isRecord(node) || !hasHolderKey(node)) return;
    const properties = node['properties'];
    if (isRecord(properties)) {
      const group = groups++;
      for (const key of Object.keys(properties).sort()) {
        if (full || props.length >= MAX_PROPERTIES) return;
        const child = properties[key];
        const k = key.length > MAX_TEXT ? key.slice(0, MAX_TEXT) : key;
        const path = `${prefix}properties.${k}`;
        const d = isRecord(child) ? child['description'] : undefined;
        chars += k.length + (typeof d === 'string' ? Math.min(d.length, MAX_TEXT) : 0);
        if (chars > MAX_SPEC_TEXT) {
          full = true;
          cut(path, `past ${capText(MAX_SPEC_TEXT)} characters in all`);
          return;
        }
        const tokens = nameTokens(k);
        if (k !== key) cut(path, `a property name past ${capText(MAX_TEXT)} characters`);
        else if (typeof d === 'string' && d.length > MAX_TEXT) cut(path, `a description past ${capText(MAX_TEXT)} characters`);
        const f = isRecord(child) ? child['format'] : undefined;
        const uri = typeof f === 'string' && URI_FORMATS.has(f.toLowerCase());
        const ty = isRecord(child) ? child['type'] : undefined;
        const text = ty === undefined || ty === 'string';
        const it = isRecord(child) ? child['items'] : undefined;
        const strings = ty === 'array' && isRecord(it) && it['type'] === 'string';
        props.push({ path, key: k, tokens, joined: tokens.join('_'), description: typeof d === 'string' ? d : undefined, group, uri, text, strings, enumValues: isRecord(child) ? child['enum'] : undefined });
        visit(child, `${path}.`, depth + 1);
      }
    }
    const items = node['items'];
    if (isRecord(items)) visit(items, `${prefix}items.`, depth + 1);
    else if (Array.isArray(items)) {
      for (let i = 0; i < items.length && props.length < MAX_PROPERTIES && !full; i++) visit(items[i], `${prefix}items.${i}.`, depth + 1);
    }
    // The schemas a value may match (`anyOf`, `oneOf`, `allOf`: what zod's unions and nullables become),
    // the schema of an object's other values (`additionalProperties`) and the other keywords that hold
    // schemas hold properties too.
    for (const list of SUBSCHEMA_LISTS) {
      const branches = node[list];
      if (!Array.isArray(branches)) continue;
      for (let i = 0; i < branches.length && props.length < MAX_PROPERTIES && !full; i++) visit(branches[i], `${prefix}${list}.${i}.`, depth + 1);
    }
    for (const one of SUBSCHEMA_ONE) {
      const sub = node[one];
      if (isRecord(sub)) visit(sub, `${prefix}${one}.`, depth + 1);
    }
    for (const map of SUBSCHEMA_MAPS) {
      const named = node[map];
      if (!isRecord(named)) continue;
      for (const key of Object.keys(named).sort()) visit(named[key], `${prefix}${map}.${key.length > MAX_TEXT ? key.slice(0, MAX_TEXT) : key}.`, depth + 1);
    }
    // A definition is read where a property refers to it, once (a definition that refers to itself, or
    // one shared by many properties, is read one time); one nobody refers to is not the tool's.
    const ref = node['$ref'];
    if (typeof ref === 'string' && !refs.has(ref)) {
      refs.add(ref);
      const target = resolveRef(schema, ref);
      if (target !== undefined) visit(target, `${ref.slice(2, 2 + MAX_TEXT).replace(/\//g, '.')}.`, depth + 1);
    }
  };
  visit(schema, '', 0);
  // At the count cap, whatever came after is unread (at exactly the cap, nothing may have: counted as cut).
  if (props.length >= MAX_PROPERTIES) cut((props[props.length - 1] as Prop).path, `${MAX_PROPERTIES} properties or more`);
  return props;
}

/** Tool-level facts the schema rules depend on (from the name and the description). */
export interface ToolFacts {
  readonly writes: boolean;
  readonly sends: boolean;
  readonly runs: boolean;
  readonly database: boolean;
  /** A verb of copying in (`IMPORT_VERBS`) acts: a URL is where the content comes from. */
  readonly imports: boolean;
  /** A create verb that reads what it writes out (`EXPORT_VERBS`: an export, a copy) acts: the database it is addressed to is read. */
  readonly exports: boolean;
}

/** The last word of a property's name that makes it a place on the machine: where a file or folder is (`savePath`, `output_dir`). */
const PLACE_ENDS = new Set(['path', 'paths', 'dir', 'directory']);

/**
 * A tool that acts outside (EXTERNAL_ACTION, by its name, its description or a property) and whose
 * only local writes (LOCAL_MUTATION) come from its properties' descriptions: those describe the
 * same act ("id: The ID of the memory to update" on a tool that updates a memory in a named
 * service; "content: The snippet to insert" on a tool that edits a hosted document), so they are
 * that outside write. A local write stays when the name or the description says it, when the tool
 * calls anything local or takes a local file, when a property is a path or a folder on the machine
 * (`savePath`, `filename`, `output_dir`: where a download is saved), and on a tool that runs code
 * (what it runs may change the machine).
 */
export function propertyWritesOutside(c: Collector, props: readonly Prop[], keptLocal: boolean): void {
  if ((c.mask & NAT) === 0 || (c.mask & MUT) === 0 || (c.mask & EXEC) !== 0 || keptLocal) return;
  if (c.evidence.some((e) => e.capability === 'LOCAL_MUTATION' && e.source !== 'schema')) return;
  if (props.some((p) => SCHEMA.path.has(p.joined) || PLACE_ENDS.has(p.tokens[p.tokens.length - 1] ?? ''))) return;
  propertyWritesAreTheTools(c);
}

const PATH_ENDS = new Set(['path', 'paths', 'file']);
const ATTACHMENT_WORDS = new Set(['attach', 'attachment', 'attachments']);
/** "file path", "file paths", `filePath`: a description that says its values are local files' paths. */
const FILE_PATHS = /file ?paths?/i;

/**
 * A property named for attachments (`attachments`, `attachment_files`) whose description says it
 * holds files' paths ("Array of absolute file paths to attach", "… one of: filePath, content"): a
 * send with it reads the files it attaches. An attachment's id ("Value for the 'attachmentId' path
 * segment") names no file path.
 */
export function attachesPaths(p: Prop): boolean {
  return p.tokens.some((t) => ATTACHMENT_WORDS.has(t)) && !p.tokens.includes('id') && p.description !== undefined && FILE_PATHS.test(p.description);
}

/**
 * A property named for the path of a media file (`SCHEMA_TERMS.mediaFiles`): its last word is
 * `path`, `paths` or `file`, another names the medium, and none says the file is where the tool
 * writes (`output_image_path`).
 */
export function mediaPath(tokens: readonly string[]): boolean {
  if (tokens.length < 2 || !PATH_ENDS.has(tokens[tokens.length - 1] as string)) return false;
  let media = false;
  for (const t of tokens) {
    if (SCHEMA.pathDestinations.has(t)) return false;
    if (SCHEMA.mediaFiles.has(t)) media = true;
  }
  return media;
}

/**
 * Does the tool take a local file by its path (`SCHEMA_TERMS.sourcePath`, and with `media` a media
 * file's path too, see {@link mediaPath}: a string or an array of
 * strings)? Not when the file's content is passed beside it (`{path, content}`): that path says where
 * the content goes.
 */
export function takesLocalFile(props: readonly Prop[], media = false): boolean {
  const groups = new Set<number>();
  for (const p of props) if ((SCHEMA.sourcePath.has(p.joined) || (media && mediaPath(p.tokens))) && (p.text || p.strings)) groups.add(p.group);
  for (const p of props) if (SCHEMA.content.has(p.joined) && p.text) groups.delete(p.group);
  return groups.size > 0;
}

export function schemaRules(c: Collector, props: readonly Prop[], facts: ToolFacts): void {
  const byGroup = new Map<number, Prop[]>();
  for (const p of props) {
    const g = byGroup.get(p.group);
    if (g === undefined) byGroup.set(p.group, [p]);
    else g.push(p);
  }
  for (const group of byGroup.values()) {
    const urls: [Prop, string][] = [];
    const destinations: Prop[] = [];
    const bodies: Prop[] = [];
    const paths: Prop[] = [];
    const contents: Prop[] = [];
    const httpParts: Prop[] = [];
    for (const p of group) {
      const urlTok = p.tokens.find((t) => SCHEMA.url.has(t)) ?? (p.uri && p.joined !== '' ? p.joined : undefined);
      if (urlTok !== undefined && !p.tokens.some((t) => SCHEMA.notAPage.has(t))) urls.push([p, urlTok]);
      if (SCHEMA.destination.has(p.joined)) {
        const d = p.description?.toLowerCase() ?? '';
        const notRecipient = p.joined === 'to' && SCHEMA.notARecipient.some((w) => d.includes(w));
        if (!notRecipient) destinations.push(p);
      }
      if (SCHEMA.body.has(p.joined)) bodies.push(p);
      // A file's path and content are text; an OpenAPI `path` object holds URL parameters.
      if (SCHEMA.path.has(p.joined) && p.text) paths.push(p);
      if (SCHEMA.content.has(p.joined) && p.text) contents.push(p);
      if (SCHEMA.httpRequest.has(p.joined)) httpParts.push(p);
      // A send that attaches local files by their paths reads them ("attachments: List of file paths
      // to attach"): what leaves is the user's files.
      if (facts.sends && attachesPaths(p)) addEvidence(c, PAT, 'schema', p.joined, p.path);
      if (SCHEMA.command.has(p.joined)) addEvidence(c, EXEC, 'schema', p.joined, p.path);
      if (SCHEMA.code.has(p.joined) && facts.runs) addEvidence(c, EXEC, 'schema', p.joined, p.path);
      if (!facts.writes && (SCHEMA.sql.has(p.joined) || (facts.database && SCHEMA.query.has(p.joined)))) {
        addEvidence(c, PAT, 'schema', p.joined, p.path);
      }
      // A tool addressed to a database, a table or a collection (`explain(database, collection, …)`)
      // that neither writes nor sends reads it.
      if ((!facts.writes || facts.exports) && !facts.sends && DB_TARGETS.has(p.joined)) addEvidence(c, PAT, 'schema', p.joined, p.path);
    }
    if (urls.length > 0 && httpParts.length > 0) {
      // url + method/headers: a generic HTTP client reads what the server says and sends what it is given.
      for (const [p, t] of urls) addEvidence(c, EIT | NAT, 'schema', t, p.path);
      for (const p of httpParts) addEvidence(c, EIT | NAT, 'schema', p.joined, p.path);
    } else if (urls.length > 0 && ((!facts.writes && !facts.sends) || facts.imports)) {
      // A page to read, or what a clone or an import copies in (`git_clone(repo_url)`).
      for (const [p, t] of urls) addEvidence(c, EIT, 'schema', t, p.path);
    }
    // A recipient plus a body is a message; a tool that only writes one (a draft) does not send it.
    if (destinations.length > 0 && bodies.length > 0 && (facts.sends || !facts.writes)) {
      for (const p of [...destinations, ...bodies]) if (p.joined !== '') addEvidence(c, NAT, 'schema', p.joined, p.path);
    }
    if (paths.length > 0 && contents.length > 0 && !facts.sends) {
      for (const p of [...paths, ...contents]) addEvidence(c, c.outside || writesInProduct(c) ? NAT : MUT, 'schema', p.joined, p.path);
    }
  }
}
