/**
 * A link's address is no prose: its path's words (`/docs/chat/…`, `/send-requests/…`) say where
 * something is, not what the tool does. A link in prose is read as one web link and its site's name;
 * a Markdown link's target only as its site's name (its text says what is meant). Look-alikes: a
 * link a tool reads from is still web content, and a sentence break after a link stays one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';
import { textSegments } from '../../src/core/classifier-tokens.js';
import type { Segment } from '../../src/core/classifier-tokens.js';

const words = (text: string): string[] => {
  const out: Segment[] = [];
  textSegments(text, 'description', 'description', undefined, out);
  return out.map((s) => s.toks.map((t) => t.s).join(' '));
};

describe("a link's address", () => {
  it('is read as one link and its site, never as the words of its path', () => {
    expect(words('See https://example.com/docs/chat. Then send the [Service](https://www.twilio.com/docs/chat/rest/x) report.')).toEqual([
      'see url example',
      'then send the service twilio report',
    ]);
    expect(words('Visit http://user@localhost:8080/inbox/read?q=1, now.')).toEqual(['visit url localhost now']);
  });

  it("a Markdown link's path reads no object of the tool", () => {
    expect(caps('fetch_short_code', 'Fetch a short code. The SID of the [Service](https://www.twilio.com/docs/chat/rest/service-resource) to fetch it from.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('create_environment', 'Creates an environment. Only [shared variable](https://learning.postman.com/docs/use/send-requests/variables/) values can be modified.')).not.toContain('EXTERNAL_INGESTION');
  });

  it('reads a padded link as a short one: the punctuation after it stays, and only the site is read', () => {
    expect(words(`See http://localhost${'.'.repeat(16_000)} Then send it.`)).toEqual(['see url localhost', 'then send it']);
    expect(words('Visit http://localhost, then https://a.example.org/x/y?z;. Done')).toEqual(['visit url localhost then url example', 'done']);
  });

  it('reads every text as the pattern that ended a link by looking back does (fast-check, pinned seed)', () => {
    // The earlier pattern: a link ends before punctuation by a look-behind, which backtracks over a
    // run of punctuation (quadratic in it); its reading is the oracle on short texts.
    const OLD = /(\]\(\s*)?\b(?:https?|ftp|wss?):\/\/(?:[^\s<>"'`)\]/@]*@)?([^\s<>"'`)\]/:?#]*)[^\s<>"'`)\]]*(?<![.,;:!?。，；：！？])/g;
    const oldRead = (_: string, target: string | undefined, host: string): string => {
      const labels = host.split('.').filter((l) => l !== '');
      const site = labels.length >= 2 ? (labels[labels.length - 2] as string) : (labels[0] ?? '');
      return target !== undefined ? `${target} ${site} ` : ` url ${site} `;
    };
    const piece = fc.constantFrom('http://', 'https://', 'ftp://', '[link](', ')', ' ', 'a', 'b.', 'example', 'com', '.', ',', ':', ';', '?', '!', '#', '/', '@', 'user@', 'docs/chat', '。', 'send', 'the');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(words(text)).toEqual(words(text.toLowerCase().replace(OLD, oldRead)));
      }),
      { seed: 4114, numRuns: 2_000 },
    );
  });

  it('a link the tool reads from is still web content', () => {
    expect(caps('get_prices', 'Fetch prices from https://api.coingecko.com/v3/simple/price.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('read_page', 'Read the page at https://example.com/docs/inbox. Then summarize it.')).toEqual(['EXTERNAL_INGESTION']);
  });
});
