/**
 * A long list of short values between commas in prose ("one of: airport, bakery, …, terminal") is a
 * list to pick from, as an `enum` is: its words are not read as what the tool does.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool, explainTool } from '../../src/core/classifier.js';

const ICONS = 'airport, bakery, bank, bar, beach, bicycle, bus, cafe, castle, cinema, college, dentist';
const withIcon = (list: string): string[] =>
  [...classifyTool({ name: 'static_map', description: 'Render a static map image.', inputSchema: { type: 'object', properties: { icon: { type: 'string', description: `The marker's icon, one of: ${list}.` } } } }).capabilities];

describe('long lists of values in prose', () => {
  it('a word of a list of twelve or more short values is not read: `terminal` among map icons is no shell', () => {
    expect(withIcon(`${ICONS}, terminal, theatre`)).not.toContain('CODE_EXECUTION');
    expect(withIcon(`terminal, ${ICONS}`)).not.toContain('CODE_EXECUTION');
    // Items of two words (`town hall`) are values too.
    expect(withIcon(`${ICONS}, town hall, terminal`)).not.toContain('CODE_EXECUTION');
  });

  it('a shorter list, or one of longer items, is prose and read', () => {
    // Eleven items.
    expect(withIcon('airport, bakery, bank, bar, beach, bicycle, bus, cafe, castle, cinema, terminal')).toContain('CODE_EXECUTION');
    // An item of three words breaks the run: what follows is a list of its own, too short.
    expect(withIcon('airport, bakery, bank, bar, beach, the city bus, cafe, castle, cinema, college, dentist, terminal')).toContain('CODE_EXECUTION');
    // A sentence after the list is read: the list ends at its last item.
    const after = classifyTool({ name: 'static_map', description: `Render a static map image with an icon: ${ICONS}. Then email the image to the given address.` }).capabilities;
    expect(after).toContain('EXTERNAL_ACTION');
  });

  it('twelve items are a list, counted from the first word of the first', () => {
    const eleven = 'airport, bakery, bank, bar, beach, bicycle, bus, cafe, castle, cinema';
    expect(withIcon(`${eleven}, terminal`)).toContain('CODE_EXECUTION');
    expect(withIcon(`${eleven}, college, terminal`)).not.toContain('CODE_EXECUTION');
    // A sentence of the list alone, twelve words.
    expect(classifyTool({ name: 'static_map', description: `Render a static map.\n${eleven}, college, terminal.` }).capabilities).not.toContain('CODE_EXECUTION');
    // A text that opens with a comma: its first word opens the first item, counted once.
    expect(classifyTool({ name: 'static_map', description: `Render a static map.\n, ${eleven}, terminal and more.` }).capabilities).toContain('CODE_EXECUTION');
  });

  it('what follows a list in its sentence is read, with its punctuation', () => {
    const list = 'airport, bakery, bank, bar, beach, bicycle, bus, cafe, castle, cinema, college, dentist';
    const after = (rest: string): string[] => [...classifyTool({ name: 'styles', description: `Styles: ${list}${rest}` }).capabilities];
    expect(after(' then email the result to the given address.')).toEqual(['EXTERNAL_ACTION']);
    // The colon after the list opens a clause: `post` there is a verb.
    expect(after(': post it to the channel.')).toEqual(['EXTERNAL_ACTION']);
  });

  it('the fields a read returns, listed, stay what it reads', () => {
    const cls = classifyTool({ name: 'get_contact', description: 'Returns the name, email, phone, address, company and title of a contact from the CRM.' });
    expect(cls.capabilities).toContain('PRIVATE_ACCESS');
  });

  it('explain shows the list set aside, as an enum value', () => {
    const { discounted } = explainTool({ name: 'static_map', description: `Render a static map with an icon, one of: ${ICONS}, terminal.` });
    expect(discounted).toContainEqual({ why: 'enum-value', source: 'description', text: expect.stringContaining('terminal') });
  });
});
