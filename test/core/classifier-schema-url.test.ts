/**
 * A URL among a read tool's arguments is a page it reads (EXTERNAL_INGESTION), unless the property
 * names a destination (`webhook_url`, `callback_url`, `redirect_uri`) or the address of the service
 * the tool connects to (`argocdBaseUrl`, `server_url`, `instance_url`, `regionUrl`): that says where
 * the tool connects, as `openWorldHint` does, not who wrote what it returns.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const withProps = (name: string, description: string, props: Record<string, unknown>): readonly string[] =>
  classifyTool({ name, description, inputSchema: { type: 'object', properties: props } }).capabilities;
const str = { type: 'string' };

describe('a URL argument of a read tool', () => {
  it('is a page it reads', () => {
    // (The page is what the tool reads: the unnamed widget then adds nothing.)
    expect(withProps('get_widget', 'Get a widget', { url: str })).toEqual(['EXTERNAL_INGESTION']);
    expect(withProps('get_widget', 'Get a widget', { page_url: str })).toEqual(['EXTERNAL_INGESTION']);
  });

  it('is no page when it is the address of the service the tool connects to', () => {
    for (const key of ['argocdBaseUrl', 'base_url', 'server_url', 'instance_url', 'regionUrl']) {
      expect(withProps('get_widget', 'Get a widget', { [key]: str }), key).toEqual(['PRIVATE_ACCESS']);
    }
  });

  it('is no page when it is where something goes', () => {
    for (const key of ['webhook_url', 'callback_url', 'redirect_uri']) {
      expect(withProps('get_widget', 'Get a widget', { [key]: str }), key).toEqual(['PRIVATE_ACCESS']);
    }
  });

  it('an API endpoint with a method is still a generic HTTP client: it reads and sends', () => {
    expect(withProps('api_playground', 'Try out a third-party API endpoint', { endpoint_url: str, http_method: str })).toEqual(['EXTERNAL_INGESTION', 'EXTERNAL_ACTION']);
  });

  it('a service address added to any read tool never adds a capability', () => {
    const reads = [['get_widget', 'Get a widget'], ['list_pipelines', 'List pipelines'], ['read_file', 'Read a file'], ['fetch_page', 'Fetch a web page']] as const;
    fc.assert(
      fc.property(fc.constantFrom(...reads), fc.constantFrom('base', 'server', 'instance', 'region'), fc.stringMatching(/^[a-z]{0,6}$/), ([name, description], word, prefix) => {
        const before = withProps(name, description, {});
        const after = withProps(name, description, { [`${prefix}${prefix ? '_' : ''}${word}_url`]: str });
        return after.join() === before.join();
      }),
      { seed: 2317, numRuns: 200 },
    );
  });
});
