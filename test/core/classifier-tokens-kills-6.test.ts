import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

describe('classifier tokens: the apostrophe of a plural possessive after a contraction word', () => {
  // `this'` is read as a possessive like `teams'`: the apostrophe alone is a possessive marker even
  // after a word whose `'s` is a contraction (`this's` → `this is`), so the verb-like noun after it
  // (`push`) is a noun modifier, not the tool's act.
  it('keeps a lone apostrophe a possessive marker after `this`', () => {
    const c = classifyTool({ name: 'show_settings', description: "Shows this' push settings." });
    expect(c.capabilities).toEqual(['PRIVATE_ACCESS']);
  });

  it('keeps a verb-like noun after `this\'` inside a phrase a noun', () => {
    const c = classifyTool({ name: 'show_settings', description: "Shows the settings of this' push target." });
    expect(c.capabilities).not.toContain('EXTERNAL_ACTION');
  });
});
