/**
 * `attach` and `detach` (`ATTACH_VERBS`) join one thing to another: a change, in a name or as a
 * description's first word, as the other opening verbs are ("Attach a tag to a bookmark"). Look-alikes:
 * later in the prose they are said of something else ("the files attached to it"), and with nothing
 * joined ("Attach to an interactive shell", `kubectl_attach`) they connect the caller, no change.
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('attach and detach', () => {
  it('change what they join, in a name or as the first word of a description', () => {
    expect(caps('attach_tag', 'Attach a tag to a bookmark.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('detach_tag', 'Detach a tag from an item on a board.')).toEqual(['EXTERNAL_ACTION']);
    for (const verb of ['attach', 'detach']) {
      expect(caps(`${verb}_zorblat`, ''), verb).toEqual(['EXTERNAL_ACTION']);
      expect(caps(`${verb}_zorblat`, `${verb[0]?.toUpperCase()}${verb.slice(1)} a zorblat.`), `${verb}, opening`).toEqual(['EXTERNAL_ACTION']);
    }
  });

  it('later in the prose they are said of something else', () => {
    expect(caps('get_issue', 'Get an issue with the files attached to it.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('list_files', 'List the files. Attach them to a message later.')).toEqual(['PRIVATE_ACCESS']);
  });

  it('with nothing joined they connect the caller: no change', () => {
    expect(caps('kubectl_attach', 'Attach to an interactive shell on a pod and feed it the given input; returns the output.')).toEqual(['CODE_EXECUTION']);
    expect(caps('zorb', 'Attach to the zorblat.')).toEqual([]);
    expect(caps('detach_zorblat', 'Detach from the zorblat.')).toEqual([]);
    expect(caps('zorblat_detach', '')).toEqual([]);
  });
});
