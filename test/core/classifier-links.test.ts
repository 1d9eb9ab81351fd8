/**
 * A link's address is no prose: its path's words (`/docs/chat/…`, `/send-requests/…`) say where
 * something is, not what the tool does. A link in prose is read as one web link and its site's name;
 * a Markdown link's target only as its site's name (its text says what is meant). Look-alikes: a
 * link a tool reads from is still web content, and a sentence break after a link stays one.
 */
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

  it('a link the tool reads from is still web content', () => {
    expect(caps('get_prices', 'Fetch prices from https://api.coingecko.com/v3/simple/price.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('read_page', 'Read the page at https://example.com/docs/inbox. Then summarize it.')).toEqual(['EXTERNAL_INGESTION']);
  });
});
