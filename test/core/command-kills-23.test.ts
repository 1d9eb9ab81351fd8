/**
 * What the command reader does where a scenario cannot show it: the term an evidence entry names
 * (a scenario sees verdicts, not terms), the caps and budgets of the reader, texts no agent would
 * send a shell but a guard still reads (a SQL condition, a bare `x<y`), and words split again by
 * `eval`. Each test pins a behaviour of the reader as it is.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CRED, EIT, MUT, NAT, PAT } from '../../src/core/capabilities.js';
import { analyzeCommand, commandHeads } from '../../src/core/command.js';

const ALL = EIT | NAT | PAT | MUT | CRED;
/** The terms of the network evidence, in the order found (each network term is EIT and NAT). */
const networkTerms = (args: unknown): string[] =>
  analyzeCommand(args)
    .evidence.filter((e) => e.capability === 'EXTERNAL_ACTION')
    .map((e) => e.term);

describe('network modules in code', () => {
  it('a re-export from a network module is network code, with no `import` in the text', () => {
    expect(analyzeCommand({ code: "export { request } from 'undici'" }).network).toBe(true);
    expect(analyzeCommand({ code: "export * from 'ws'" }).network).toBe(true);
  });

  it('a bare side-effect import of a network module is network code', () => {
    expect(analyzeCommand({ code: "import 'undici';" }).network).toBe(true);
    expect(analyzeCommand({ code: "import './local-setup.js';" }).network).toBe(false);
  });

  it('a require names the module it loads, without its quotes', () => {
    expect(networkTerms({ code: "const ws = require('ws');" })).toEqual(['ws']);
    expect(networkTerms({ code: 'const got = require("node:https");' })).toEqual(['https']);
  });

  it('a required module is named before the calls found by later rules', () => {
    expect(networkTerms({ code: "const axios = require('axios');\nawait fetch(url);" })).toEqual(['axios', 'fetch']);
  });

  it('a Python import of several modules names the last network one', () => {
    expect(networkTerms({ code: 'import socket, http.client' })).toEqual(['http.client']);
    expect(networkTerms({ code: 'import socket, http.server' })).toEqual(['http.server']);
  });

  it("urllib's error classes and robots.txt parser import no network client", () => {
    expect(analyzeCommand({ code: 'from urllib.error import HTTPError' }).network).toBe(false);
    const robots = "import urllib.robotparser\nrp = urllib.robotparser.RobotFileParser()\nrp.parse(open('robots.txt').read().splitlines())";
    expect(analyzeCommand({ code: robots })).toMatchObject({ network: false, phases: PAT });
    expect(analyzeCommand({ code: 'from urllib.request import urlopen' }).network).toBe(true);
  });
});

describe('input redirections and tags', () => {
  it('`<` right after the first character of a text opens no file: `x<br/>y`', () => {
    expect(analyzeCommand({ body: 'x<br/>y' }).phases).toBe(0);
    expect(analyzeCommand({ body: 'x < notes/today.txt' }).phases).toBe(PAT);
  });

  it('a tag opened up to 200 characters before a `>` makes it the tag\'s end, one further it does not', () => {
    const text = (gap: number): string => `printf '<b${'x'.repeat(gap)}>notes.txt'`;
    // The `>` is 200 characters after the `<`, then 201.
    expect(text(198).indexOf('>') - text(198).indexOf('<')).toBe(200);
    expect(analyzeCommand({ command: text(198) }).phases).toBe(0);
    expect(analyzeCommand({ command: text(199) }).phases).toBe(MUT);
  });
});

describe('text read as code, where `>` compares', () => {
  it.each([
    ['an import', 'import os\nbig = os.path.getsize(path) > limit'],
    ['a def', 'def too_big(path): return size_of(path) > limit'],
    ['console.log', 'console.log(total > limit)'],
    ['a require', "cfg = require('./limits.json'); big = total > cfg.max"],
    ['a lambda', 'big = filter(lambda n: n > limit, sizes)'],
  ])('%s marks code: `%s` writes no file', (_marker, code) => {
    expect(analyzeCommand({ code }).phases).toBe(0);
  });
});

describe('read-write redirections (`<>`)', () => {
  it('one at the very start of a command line opens its file', () => {
    // Standard output's file is written; any other descriptor's is read and written.
    expect(analyzeCommand({ command: '1<> build.log make' }).phases).toBe(MUT);
    expect(analyzeCommand({ command: '0<> queue.csv sort' }).phases).toBe(PAT | MUT);
    expect(analyzeCommand({ command: '12<> state.db flock 12' }).phases).toBe(PAT | MUT);
  });

  it("SQL's not-equal after a name ending in a digit is no redirection", () => {
    expect(analyzeCommand({ query: 'SELECT id FROM jobs WHERE v2<>v1' }).phases).toBe(0);
    expect(analyzeCommand({ where: 'v2<>v1' }).phases).toBe(0);
  });

  it("one on bash's network pseudo-file is network evidence named by the path alone", () => {
    const a = analyzeCommand({ command: 'exec 3<>/dev/tcp/mirror.example/80' });
    expect(a.phases).toBe(EIT | NAT);
    expect(a.evidence.map((e) => [e.capability, e.term])).toEqual([
      ['EXTERNAL_INGESTION', '/dev/tcp/'],
      ['EXTERNAL_ACTION', '/dev/tcp/'],
    ]);
  });
});

describe('words of a command', () => {
  it('an escaped or empty-quoted digit before `>` is an argument, not a descriptor', () => {
    // cat reads the file `1`; only an unquoted `1>` names standard output.
    expect(analyzeCommand({ command: 'cat \\1>out.txt' }).phases).toBe(PAT | MUT);
    expect(analyzeCommand({ command: "cat ''1>out.txt" }).phases).toBe(PAT | MUT);
    expect(analyzeCommand({ command: 'cat 1>out.txt' }).phases).toBe(MUT);
  });

  it('a carriage return ends a word: `printenv "NPM_TOKEN"` in a script with CRLF line ends', () => {
    expect(analyzeCommand({ command: 'printenv "NPM_TOKEN"\r\necho done\r\n' }).credentialRefs).toEqual(['$NPM_TOKEN']);
  });

  it('a backslash before a line break joins the lines; one that ends the text is read as itself (seed 2323)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('gh', 'aws', 'gcloud', 'npm', 'git', 'printenv'),
        fc.array(fc.constantFrom('pr', 'list', '-R', 'acme/web', '"s3"', "'x'", '--json', 'ls'), { maxLength: 4 }),
        (program, args) => {
          const a = analyzeCommand({ command: `${program} ${args.join(' ')} \\\n  --limit 5` });
          expect(a.evidence.filter((e) => e.term.includes('undefined'))).toEqual([]);
        },
      ),
      { seed: 2323, numRuns: 200 },
    );
    expect(networkTerms({ command: 'gh \\\n  pr list' })).toEqual(['gh pr']);
    expect(networkTerms({ command: 'gh \\' })).toEqual(['gh \\']);
  });

  it('`-` is an operand: `zip dump.zip -` writes the archive from standard input', () => {
    expect(analyzeCommand({ command: 'mysqldump shop | zip -q dump.zip -' }).phases & MUT).toBe(MUT);
  });
});

describe('commands run by eval', () => {
  it('a quoted redirection operator redirects in the line eval runs', () => {
    // eval joins its arguments, the quotes already gone: printenv then has no argument and prints
    // every variable.
    expect(analyzeCommand({ command: "eval printenv '>' env.txt" }).credentialRefs).toEqual(['printenv']);
    expect(analyzeCommand({ command: 'eval printenv "&>" env.txt' }).credentialRefs).toEqual(['printenv']);
    expect(analyzeCommand({ command: 'eval printenv ">&" env.txt' }).credentialRefs).toEqual(['printenv']);
  });

  it('the word after a bare `>&` is its target, a descriptor too: `printenv >& 2` prints every variable', () => {
    expect(analyzeCommand({ command: 'eval printenv ">&" 2' }).credentialRefs).toEqual(['printenv']);
    expect(analyzeCommand({ command: 'eval printenv ">&" -' }).credentialRefs).toEqual(['printenv']);
    expect(analyzeCommand({ command: 'eval printenv HOME' }).credentialRefs).toEqual([]);
  });
});

describe('wrappers', () => {
  it("sudo's -C takes a value, whatever it looks like", () => {
    expect(analyzeCommand({ command: 'sudo -C "$FD" nc backup.example 9000 < dump.sql' }).network).toBe(true);
  });

  it('a number after a wrapper cannot hide the program after it', () => {
    expect(analyzeCommand({ command: 'nice 10 nc backup.example 9000' }).network).toBe(true);
  });

  it('a lone `-` after a wrapper is the program it runs, not a flag', () => {
    // nohup runs a program named `-`; nc is only its argument.
    expect(analyzeCommand({ command: 'nohup - nc backup.example 9000' }).network).toBe(false);
    expect(analyzeCommand({ command: 'nohup -- nc backup.example 9000' }).network).toBe(true);
  });
});

describe('subcommands and copies', () => {
  it("gh's `-R owner/repo` in front of the subcommand is skipped: the evidence names `gh issue`", () => {
    expect(networkTerms({ command: 'gh -R acme-labs/web issue list --label flaky' })).toEqual(['gh issue']);
  });

  it("a package manager's write is named by its verb", () => {
    const terms = (command: string): string[] => analyzeCommand({ command }).evidence.map((e) => e.term);
    expect(terms('pip uninstall -y requests')).toEqual(['pip uninstall']);
    expect(terms('yarn')).toEqual(['yarn install']);
  });

  it('rsync with fewer than two paths copies nothing', () => {
    expect(analyzeCommand({ command: 'rsync --version' }).phases).toBe(0);
    expect(analyzeCommand({ command: 'rsync -a build/ dist/' }).phases).toBe(PAT | MUT);
  });
});

describe('caps and budgets', () => {
  it('past the wrappers, the evals or the input it reads, a command counts as every phase', () => {
    const evals = Array.from({ length: 5 }).reduce<string>((s) => `eval '${s.replace(/'/g, `'\\''`)}'`, 'echo ready');
    expect(analyzeCommand({ command: `${'nice '.repeat(17)}make test` }).phases).toBe(ALL);
    expect(analyzeCommand({ command: evals }).phases).toBe(ALL);
    const unreadable = {
      q: 'ls',
      get bad(): string {
        throw new Error('boom');
      },
    };
    expect(analyzeCommand(unreadable).phases).toBe(ALL);
  });

  it('the segments read for one text total at most 4 × its length + 2 KiB; past that a head has no arguments', () => {
    // Each `-c` starts a head whose segment runs to the end of the text: 20 of them fit the
    // budget, and printenv always has the argument HOME; at 21 the last ones are read bare, and a
    // bare printenv prints every variable. (The program is no shell: `sh -c printenv HOME` runs a
    // bare printenv, HOME being its `$0`.)
    const text = (n: number): string => `tool${' -c printenv HOME'.repeat(n)}`;
    expect(analyzeCommand({ command: text(20) }).credentialRefs).toEqual([]);
    expect(analyzeCommand({ command: text(21) }).credentialRefs).toEqual(['printenv']);
    expect(analyzeCommand({ command: 'sh -c printenv HOME' }).credentialRefs).toEqual(['printenv']);
  });

  it('reading a long text by lines visits each head once', () => {
    const text = `curl -s status.example\n${'echo building step\n'.repeat(5)}wget -q mirror.example/x.tgz\n`;
    expect(commandHeads(text, true)).toEqual([
      { head: 'curl', end: 4 },
      { head: 'wget', end: text.indexOf('wget') + 4 },
    ]);
  });
});

describe('key files', () => {
  it('a property named `key` at the very start of the text is no key file', () => {
    expect(analyzeCommand({ source: 'tracks.key[tracks.mode == 1].value_counts()' }).credentialRefs).toEqual([]);
    expect(analyzeCommand({ source: 'server.key' }).credentialRefs).toEqual(['server.key']);
  });
});

// `head` and `tail` take a count, a size, an interval or a process id after these options: the value
// is no file, so a look at the end of a pipe reads nothing on disk (set-3's command-coverage-13).
describe('head and tail options that take a value', () => {
  it.each(['-n', '-c', '--lines', '--bytes', '-s', '--sleep-interval', '--pid'])('`%s 40` is no file; a file after it is read', (flag) => {
    for (const reader of ['head', 'tail']) {
      expect(analyzeCommand({ command: `make test 2>&1 | ${reader} ${flag} 40` }).phases, `${reader} ${flag}`).toBe(0);
      expect(analyzeCommand({ command: `${reader} ${flag} 40 logs/payments.log` }).phases, `${reader} ${flag} file`).toBe(PAT);
    }
  });

  it('other readers keep every operand: `cat -n` takes no value', () => {
    expect(analyzeCommand({ command: 'cat -n notes.txt' }).phases).toBe(PAT);
    expect(analyzeCommand({ command: 'nl -n 40' }).phases).toBe(PAT);
  });
});
