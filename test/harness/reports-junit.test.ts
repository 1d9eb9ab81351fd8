/**
 * junit.xml: well-formed (checked by fast-xml-parser and by a strict check of the XML 1.0 rules
 * that parser's validator does not enforce: the `Char` production and `]]>` in text), the right
 * structure and counts, and scenario text that round-trips whatever it holds.
 */
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { RunResults, ScenarioResult } from '../../src/harness/model.js';
import { REPORTERS, renderJunit, xmlAttr, xmlChars, xmlText } from '../../src/harness/reports/index.js';
import type { ReportContext } from '../../src/harness/reports/index.js';
import { CTX, RESULTS, SCENARIOS, SET_1, ZERO, replay, step } from './report-fixture.js';

// ---------------------------------------------------------------------------------------------
// Checking and reading the XML
// ---------------------------------------------------------------------------------------------

/** XML 1.0 `Char`: TAB, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF (a surrogate pair). */
const XML_CHARS = /^(?:[\t\n\r\u0020-\ud7ff\ue000-\ufffd]|[\ud800-\udbff][\udc00-\udfff])*$/;
const NAME = '[A-Za-z_][A-Za-z0-9_.-]*';
const REF = '&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);';
const ATTRIBUTE = `(${NAME})="((?:[^<&"]|${REF})*)"`;
const TOKEN = new RegExp(`<(${NAME})((?:\\s+${NAME}="(?:[^<&"]|${REF})*")*)\\s*(/?)>|</(${NAME})>|((?:[^<&]|${REF})+)`, 'y');
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

/**
 * A strict well-formedness check of the subset of XML the renderer writes (declaration, elements,
 * double-quoted attributes, text, the five entities and character references): every character an
 * XML 1.0 `Char`, every reference to one, no `]]>` in text, unique attribute names, balanced tags,
 * one root. Returns the first problem, or undefined.
 */
function strictProblem(doc: string): string | undefined {
  if (!XML_CHARS.test(doc)) return 'a character XML 1.0 forbids';
  if (!doc.startsWith(DECLARATION)) return 'no XML declaration';
  for (const m of doc.matchAll(/&#(x?)([0-9A-Fa-f]+);/g)) {
    if (!isXmlChar(Number.parseInt(m[2] ?? '', m[1] === 'x' ? 16 : 10))) return `a reference to a forbidden character: ${m[0]}`;
  }
  const stack: string[] = [];
  let roots = 0;
  let i = DECLARATION.length;
  while (i < doc.length) {
    TOKEN.lastIndex = i;
    const m = TOKEN.exec(doc);
    if (m === null) return `not markup or text at ${i}: ${JSON.stringify(doc.slice(i, i + 40))}`;
    const [, open, attrs, selfClosing, close, text] = m;
    if (open !== undefined) {
      const names = [...(attrs ?? '').matchAll(new RegExp(ATTRIBUTE, 'g'))].map((a) => a[1]);
      if (new Set(names).size !== names.length) return `a repeated attribute on <${open}>`;
      if (stack.length === 0) roots++;
      if (selfClosing === '') stack.push(open);
    } else if (close !== undefined) {
      if (stack.pop() !== close) return `</${close}> closes nothing open`;
    } else if (text !== undefined) {
      if (text.includes(']]>')) return '`]]>` in text';
      if (stack.length === 0 && text.trim() !== '') return 'text outside the root';
    }
    i = TOKEN.lastIndex;
  }
  if (stack.length > 0) return `<${stack.join('>, <')}> never closed`;
  return roots === 1 ? undefined : `${roots} root elements`;
}

interface Text {
  readonly '#text'?: string;
  readonly [attr: `@_${string}`]: string | undefined;
}
interface TestCase {
  readonly '@_name': string;
  readonly '@_classname': string;
  readonly '@_file': string;
  readonly '@_line': string;
  readonly '@_time': string;
  readonly failure?: Text;
  readonly error?: Text;
  readonly 'system-out'?: Text;
}
interface Suite {
  readonly '@_name': string;
  readonly '@_tests': string;
  readonly '@_failures': string;
  readonly '@_errors': string;
  readonly '@_skipped': string;
  readonly properties: { readonly property: readonly { readonly '@_name': string; readonly '@_value': string }[] };
  readonly testcase?: readonly TestCase[];
}
interface Document {
  readonly testsuites: {
    readonly '@_name': string;
    readonly '@_tests': string;
    readonly '@_failures': string;
    readonly '@_errors': string;
    readonly '@_skipped': string;
    readonly testsuite?: readonly Suite[];
  };
}

const ARRAYS = new Set(['testsuite', 'testcase', 'property']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: true,
  alwaysCreateTextNode: true,
  isArray: (name) => ARRAYS.has(name),
});

/** Validate with fast-xml-parser and the strict check, then parse. */
function parseJunit(doc: string): Document {
  expect(XMLValidator.validate(doc)).toBe(true);
  expect(strictProblem(doc)).toBeUndefined();
  return parser.parse(doc) as Document;
}

function cases(doc: Document): TestCase[] {
  return (doc.testsuites.testsuite ?? []).flatMap((s) => s.testcase ?? []);
}

/** An independent statement of the rule: every character XML 1.0 forbids (lone surrogates too) becomes U+FFFD. */
function xmlClean(s: string): string {
  let out = '';
  for (const ch of s) out += isXmlChar(ch.codePointAt(0) ?? 0) ? ch : '\uFFFD';
  return out;
}

// ---------------------------------------------------------------------------------------------

describe('junit.xml on the fixture', () => {
  const xml = renderJunit(RESULTS, CTX);
  const doc = parseJunit(xml);

  it('is the junit reporter, written to junit.xml, with the declaration and one trailing newline', () => {
    expect(REPORTERS.junit.file).toBe('junit.xml');
    expect(REPORTERS.junit.render(RESULTS, CTX)).toBe(xml);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    expect(xml.endsWith('</testsuites>\n')).toBe(true);
  });

  it('has one suite per set, in the order of results.sets, and the counts', () => {
    const t = doc.testsuites;
    expect([t['@_name'], t['@_tests'], t['@_failures'], t['@_errors'], t['@_skipped']]).toEqual(['guard-eval', '6', '1', '1', '0']);
    const suites = t.testsuite ?? [];
    expect(suites.map((s) => [s['@_name'], s['@_tests'], s['@_failures'], s['@_errors'], s['@_skipped']])).toEqual([
      ['set-1', '2', '1', '0', '0'],
      ['-1', '4', '0', '1', '0'],
    ]);
    for (const s of suites) expect(s.properties.property).toMatchObject([{ '@_name': 'guard', '@_value': 'builtin' }]);
  });

  it('has one testcase per scenario × mode run, named `<id> [<mode>]`, with its set, file and line and no timing', () => {
    expect(cases(doc).map((c) => [c['@_classname'], c['@_name'], c['@_file'], c['@_line'], c['@_time']])).toEqual(
      SCENARIOS.map((s) => [s.set, `${s.id} [${s.mode}]`, s.file, String(s.line), '0']),
    );
  });

  it('gives the miss a <failure> listing the step and the replay command', () => {
    const c = cases(doc)[1];
    expect(c?.error).toBeUndefined();
    expect(c?.failure).toEqual({
      '@_message': '1 failing step: 1 miss hard; first: line 7 http_post: expected deny, got allow (miss hard)',
      '@_type': 'miss',
      '#text': [
        'challenge-sets/set-1/exfil.yaml:7 steps[0] http_post: expected deny, got allow (miss hard) (expected rule exfil.chain)',
        '  reason: =HYPERLINK("x")',
        `replay: ${replay('set-1/exfil/中文', 'challenge-sets/set-1/exfil.yaml', 'strict')}`,
      ].join('\n'),
    });
  });

  it('gives a run with an error step one <error> (not a <failure>) listing every failing step', () => {
    const c = cases(doc)[2];
    expect(c?.failure).toBeUndefined();
    expect(c?.error).toEqual({
      '@_message': '2 failing steps: 1 over-block soft, 1 error; first: line 5 write_file: expected allow, got ask (over-block soft)',
      '@_type': 'over-block error',
      '#text': [
        'challenge-sets/-1/over.yaml:5 steps[0] write_file: expected allow, got ask (over-block soft) mut.outside-workspace',
        '  reason: a | b\nsecond line',
        'challenge-sets/-1/over.yaml:11 steps[1] run_code: expected allow, got none (error)',
        '  detail: guard threw: boom',
        `replay: ${replay('-1/over', 'challenge-sets/-1/over.yaml', 'balanced')}`,
      ].join('\n'),
    });
  });

  it('counts a lucky pass as a pass and mentions it in <system-out>', () => {
    const c = cases(doc)[0];
    expect(c?.failure).toBeUndefined();
    expect(c?.error).toBeUndefined();
    expect(c?.['system-out']?.['#text']).toBe(
      'challenge-sets/set-1/basic.yaml:9 steps[1] send_email: expected deny, got deny (lucky-pass) net.unknown-host (expected rule exfil.chain)\n' +
        '  detail: decided by `net.unknown-host`, not `exfil.chain`',
    );
    // Plain passes are empty testcases.
    expect(xml).toContain('<testcase name="-1/atk [balanced]" classname="-1" file="challenge-sets/-1/atk.yaml" line="1" time="0"/>\n');
  });

  it('is byte-identical across renders and leaves the results alone', () => {
    const before = structuredClone(RESULTS);
    expect(renderJunit(structuredClone(RESULTS), CTX)).toBe(xml);
    expect(RESULTS).toEqual(before);
  });
});

describe('junit.xml, exactly', () => {
  it('for one set with a lucky pass and a miss', () => {
    const one: RunResults = { ...RESULTS, totals: SET_1, sets: [{ set: 'set-1', totals: SET_1 }], scenarios: SCENARIOS.slice(0, 2), pairs: [] };
    expect(renderJunit(one, CTX)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="guard-eval" tests="2" failures="1" errors="0" skipped="0" time="0">',
        '  <testsuite name="set-1" tests="2" failures="1" errors="0" skipped="0" time="0">',
        '    <properties>',
        '      <property name="guard" value="builtin"/>',
        '    </properties>',
        '    <testcase name="set-1/basic/ok [balanced]" classname="set-1" file="challenge-sets/set-1/basic.yaml" line="1" time="0">',
        '      <system-out>challenge-sets/set-1/basic.yaml:9 steps[1] send_email: expected deny, got deny (lucky-pass) net.unknown-host (expected rule exfil.chain)',
        '  detail: decided by `net.unknown-host`, not `exfil.chain`</system-out>',
        '    </testcase>',
        '    <testcase name="set-1/exfil/中文 [strict]" classname="set-1" file="challenge-sets/set-1/exfil.yaml" line="1" time="0">',
        '      <failure message="1 failing step: 1 miss hard; first: line 7 http_post: expected deny, got allow (miss hard)" type="miss">' +
          'challenge-sets/set-1/exfil.yaml:7 steps[0] http_post: expected deny, got allow (miss hard) (expected rule exfil.chain)',
        '  reason: =HYPERLINK("x")',
        `replay: ${replay('set-1/exfil/中文', 'challenge-sets/set-1/exfil.yaml', 'strict')}</failure>`,
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it('for no run at all: an empty <testsuites> with zero counts', () => {
    const xml = renderJunit({ ...RESULTS, totals: ZERO, sets: [], scenarios: [], pairs: [] }, CTX);
    expect(xml).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="guard-eval" tests="0" failures="0" errors="0" skipped="0" time="0">\n</testsuites>\n');
    expect(parseJunit(xml).testsuites['@_tests']).toBe('0');
  });
});

describe('junit.xml edge cases', () => {
  const base = SCENARIOS[3] as ScenarioResult;

  it('a run that errored outside its steps is an <error> even with no error step', () => {
    const run: ScenarioResult = { ...base, status: 'error' };
    const doc = parseJunit(renderJunit({ ...RESULTS, scenarios: [run] }, CTX));
    const c = cases(doc)[0];
    expect(c?.failure).toBeUndefined();
    expect(c?.error?.['@_message']).toBe('0 failing steps; the run errored outside its steps');
    expect(c?.error?.['#text']).toContain('the run errored outside its steps');
    expect(doc.testsuites['@_errors']).toBe('1');
  });

  it('a race gets its own replay command with the order, and counts as a failure', () => {
    const ctx: ReportContext = { replayCommand: ({ id, order }) => `replay ${id}${order === undefined ? '' : ` --order '${order}'`}` };
    const race = step(0, 8, {
      call: 'crm_lookup', expected: 'allow', actual: 'allow', outcome: 'race', path: 'steps[0].batch[1]',
      interleaving: { batch: 'steps[0]', order: 'd1 c1 d2 c2' }, detail: 'got `ask` under another order',
    });
    const doc = parseJunit(renderJunit({ ...RESULTS, scenarios: [{ ...base, status: 'fail', steps: [race] }] }, ctx));
    expect(cases(doc)[0]?.failure).toEqual({
      '@_message': '1 failing step: 1 race; first: line 8 crm_lookup: expected allow, got allow (race)',
      '@_type': 'race',
      '#text': [
        'challenge-sets/-1/atk.yaml:8 steps[0].batch[1] crm_lookup: expected allow, got allow (race)',
        '  detail: got `ask` under another order',
        "  replay: replay -1/atk --order 'steps[0]=d1 c1 d2 c2'",
        'replay: replay -1/atk',
      ].join('\n'),
    });
    expect(doc.testsuites['@_failures']).toBe('1');
  });

  it('a set named only by a scenario run gets a suite after the listed ones; a listed set without runs an empty one', () => {
    const doc = parseJunit(renderJunit({ ...RESULTS, sets: [{ set: 'empty', totals: ZERO }], scenarios: [base] }, CTX));
    expect((doc.testsuites.testsuite ?? []).map((s) => [s['@_name'], s['@_tests']])).toEqual([
      ['empty', '0'],
      ['-1', '1'],
    ]);
  });
});

describe('XML escaping', () => {
  it('escapes the markup characters, in text and in attributes', () => {
    expect(xmlText(`a&b<c>d"e'f`)).toBe(`a&amp;b&lt;c&gt;d"e'f`);
    expect(xmlAttr(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(xmlText('x]]>y')).toBe('x]]&gt;y');
  });

  it('keeps TAB, LF and CR through a parser: as references where a parser would normalise them', () => {
    expect(xmlAttr('a\tb\nc\rd')).toBe('a&#9;b&#10;c&#13;d');
    expect(xmlText('a\tb\nc\rd')).toBe('a\tb\nc&#13;d');
  });

  it('replaces what XML 1.0 forbids with U+FFFD and keeps the rest, emoji and Chinese included', () => {
    expect(xmlChars('\u0000\u0008\u000b\u000c\u000e\u001f\ufffe\uffff')).toBe('\uFFFD'.repeat(8));
    expect(xmlChars('a\ud800b\udc00c')).toBe('a\uFFFDb\uFFFDc');
    expect(xmlChars('\udc00\ud800')).toBe('\uFFFD\uFFFD');
    expect(xmlChars('😀中文\u007f\u0085\u2028\ufffd\t\n\r')).toBe('😀中文\u007f\u0085\u2028\ufffd\t\n\r');
  });
});

describe('the strict check', () => {
  const wrap = (body: string): string => `${DECLARATION}<a x="1">${body}</a>\n`;

  it('accepts what the renderer writes and rejects what XML 1.0 does not allow', () => {
    expect(strictProblem(wrap('a &amp; b &#10; 中😀'))).toBeUndefined();
    for (const bad of ['\u0001', '\ud800', '\uffff', ']]>', '&#1;', '&nbsp;', '<b>', '</b>', 'a & b', '<b x="<"/>', '<b x="1" x="2"/>']) {
      expect(strictProblem(wrap(bad)), JSON.stringify(bad)).toBeDefined();
    }
    expect(strictProblem(`${DECLARATION}<a/><b/>`)).toBeDefined();
  });

  it('is needed: fast-xml-parser\'s validator accepts control characters, `]]>` in text and `<` in an attribute', () => {
    for (const bad of ['\u0001', ']]>', '<b x="<"/>']) expect(XMLValidator.validate(wrap(bad))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------

/** Units that stress XML: markup, references, forbidden controls, lone surrogates, line breaks, emoji, Chinese. */
const NASTY = fc.constantFrom(
  '\u0000', '\u0001', '\b', '\u000b', '\f', '\u001b', '\u001f', '\ufffe', '\uffff', '\ud800', '\udbff', '\udc00', '\udfff',
  ']]>', ']]', '>', '<', '&', '&amp;', '&#10;', '&lt;', '<![CDATA[', '"', "'", '\r', '\n', '\r\n', '\t', ' ',
  '😀', '👩‍💻', '中', '文', '\u2028', '\u0085', '%', ':', ',', '=',
);
const TEXT = fc.string({ unit: fc.oneof(NASTY, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 24 });

describe('junit.xml property: arbitrary scenario text', () => {
  it('always gives well-formed XML that round-trips the text (forbidden characters as U+FFFD)', () => {
    fc.assert(
      fc.property(
        fc.record({ id: TEXT, set: TEXT, file: TEXT, call: TEXT, reason: TEXT, detail: TEXT, rule: TEXT, guard: TEXT, luckyDetail: TEXT }),
        (r) => {
          const ctx: ReportContext = { replayCommand: ({ id, file, mode }) => `run ${file} --only ${id} --mode ${mode}` };
          const failing: ScenarioResult = {
            id: r.id, file: r.file, line: 3, set: r.set, mode: 'balanced', status: 'fail',
            steps: [
              step(0, 7, { call: r.call, expected: 'deny', actual: 'allow', outcome: 'miss', severity: 'hard', rule: r.rule, rules: [r.rule], reason: r.reason, detail: r.detail }),
              step(1, 9, { call: r.call, expected: 'ask', actual: 'ask', outcome: 'lucky-pass', detail: r.luckyDetail }),
            ],
          };
          const erroring: ScenarioResult = {
            ...failing, id: `${r.id}/e`, status: 'error',
            steps: [step(0, 4, { call: r.call, expected: 'allow', actual: null, outcome: 'error', detail: r.detail })],
          };
          const results: RunResults = { ...RESULTS, guard: r.guard, sets: [{ set: r.set, totals: ZERO }], scenarios: [failing, erroring], pairs: [] };
          const xml = renderJunit(results, ctx);
          const doc = parseJunit(xml);

          const suites = doc.testsuites.testsuite ?? [];
          expect(suites).toHaveLength(1);
          expect(suites[0]?.['@_name']).toBe(xmlClean(r.set));
          expect(suites[0]?.properties.property[0]?.['@_value']).toBe(xmlClean(r.guard));
          expect([doc.testsuites['@_tests'], doc.testsuites['@_failures'], doc.testsuites['@_errors']]).toEqual(['2', '1', '1']);

          const [f, e] = cases(doc);
          expect(f?.['@_name']).toBe(xmlClean(`${r.id} [balanced]`));
          expect(f?.['@_classname']).toBe(xmlClean(r.set));
          expect(f?.['@_file']).toBe(xmlClean(r.file));
          expect(f?.failure?.['#text']).toBe(
            xmlClean(
              [
                `${r.file}:7 steps[0] ${r.call}: expected deny, got allow (miss hard) ${r.rule}`,
                `  reason: ${r.reason}`,
                `  detail: ${r.detail}`,
                `replay: run ${r.file} --only ${r.id} --mode balanced`,
              ].join('\n'),
            ),
          );
          expect(f?.['system-out']?.['#text']).toBe(xmlClean(`${r.file}:9 steps[1] ${r.call}: expected ask, got ask (lucky-pass)\n  detail: ${r.luckyDetail}`));
          expect(e?.['@_name']).toBe(xmlClean(`${r.id}/e [balanced]`));
          expect(e?.error?.['#text']).toBe(xmlClean(`${r.file}:4 steps[0] ${r.call}: expected allow, got none (error)\n  detail: ${r.detail}\nreplay: run ${r.file} --only ${r.id}/e --mode balanced`));
          // The message is one line.
          for (const m of [f?.failure?.['@_message'], e?.error?.['@_message']]) expect(m).not.toMatch(/[\r\n]/);
        },
      ),
      { seed: 20260311, numRuns: 300 },
    );
  });
});
