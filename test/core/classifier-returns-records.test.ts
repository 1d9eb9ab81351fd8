/**
 * A name that reads a record the vocabulary does not name (`get_priorities`) needs its description to
 * say the same kind of act. A sentence that opens by saying it returns records ("Returns list of
 * priorities", "Returns information about the Backlog space", "Returns details of a widget") says
 * it. Look-alikes: "Returns" followed by anything else (the sum of two numbers, a tiny image) is a
 * computation or a demo and stays unread; "returns a list" later in a sentence that opens with
 * another verb confirms nothing; a write's name is not confirmed by it.
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('a sentence that opens by returning records confirms a read', () => {
  it('confirms the record a read name names', () => {
    expect(caps('get_priorities', 'Returns list of priorities')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_space', 'Returns information about the Backlog space')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_widget', 'Returns details of a widget.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_widgets', 'Returns a list of widgets.')).toEqual(['PRIVATE_ACCESS']);
  });

  it('anything else it returns confirms nothing', () => {
    expect(caps('get_sum', 'Returns the sum of two numbers.')).toEqual([]);
    expect(caps('get_tiny_image', 'Returns a tiny image.')).toEqual([]);
    expect(caps('get_widget', 'Frobnicates the widget and returns a list of results.')).toEqual([]);
    expect(caps('get_widget', 'Returns nothing useful. A list of widgets is elsewhere.')).toEqual([]);
  });

  it('a write is not confirmed by what it returns', () => {
    expect(caps('create_widget', 'Returns details of the created widget.')).toEqual([]);
  });
});
