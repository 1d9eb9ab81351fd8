import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { textSegments } from '../../src/core/classifier-tokens.js';
import type { Segment } from '../../src/core/classifier-tokens.js';
import { POSSESSIVE } from '../../src/core/vocabulary.js';

/** The word tokens of one description sentence. */
function words(text: string): string[] {
  const segs: Segment[] = [];
  textSegments(text, 'description', 'description', undefined, segs);
  return segs.flatMap((seg) => seg.toks.map((t) => t.s));
}

describe('vocabulary: the `\'s` of a pronoun is a contraction of `is`', () => {
  // "nothing's", "who's", "let's": the `'s` is `is` (or `us`), never a possessive, so the word after it
  // keeps its own role instead of becoming a possessed noun.
  const contracted = ['let', 'here', 'there', 'what', 'who', 'how', 'he', 'she', 'nothing', 'something'];
  it.each(contracted)("reads %s's as the word and a plain `s`, not a possessive", (w) => {
    const toks = words(`Reports ${w}'s left.`);
    expect(toks).toContain('s');
    expect(toks).not.toContain(POSSESSIVE);
  });

  it("keeps the -ing verb after `something's` a verb", () => {
    const c = classifyTool({ name: 'page_on_call', description: "Pages whoever is on call; something's sending them a text message." });
    expect(c.capabilities).toContain('EXTERNAL_ACTION');
  });

  it("keeps a noun's `'s` a possessive", () => {
    expect(words("Reads the team's notes.")).toContain(POSSESSIVE);
  });
});

describe('vocabulary: the headers of an API request are a credential carrier', () => {
  // `api request` is one phrase token; a sentence naming it names a request, so its headers (cookies,
  // Authorization tokens) are credentials, as "the headers of a network request" are.
  it('reads the headers of a logged API request as credentials', () => {
    const c = classifyTool({ name: 'get_request_details', description: 'Returns the headers and body of a logged API request.' });
    expect(c.capabilities).toContain('CREDENTIAL_ACCESS');
  });

  it('reads the header row of a CSV file as no credential', () => {
    const c = classifyTool({ name: 'csv_columns', description: 'Returns the header row of a CSV file.' });
    expect(c.capabilities).not.toContain('CREDENTIAL_ACCESS');
  });
});
