/**
 * Survivors of the seed-10 draw that only `classify --explain` can show: what the classifier sets
 * aside is reported beside the classification, and no scenario sees it.
 */
import { describe, expect, it } from 'vitest';
import { explainTool } from '../../src/core/classifier.js';

describe('text set aside is clipped to 120 characters', () => {
  // An example of a request ("e.g. send …") is set aside whole; a long one is shown cut, with an ellipsis.
  const example = `e.g. send ${'the quarterly revenue report and every invoice attached to it '.repeat(4).trim()}`;

  it('cuts a long example to 119 characters and an ellipsis', () => {
    const e = explainTool({ name: 'search_automations', description: `Search automations by keyword (${example}).` });
    const d = e.discounted.find((x) => x.why === 'example');
    expect(d).toBeDefined();
    expect(example.length).toBeGreaterThan(121);
    expect(d?.text).toBe(`${example.slice(0, 119)}…`);
    expect(d?.text.length).toBe(120);
  });

  it('keeps an example of exactly 120 characters whole, and cuts one of 121', () => {
    for (const [n, clipped] of [[120, false], [121, true]] as const) {
      const ex = `e.g. send ${'x'.repeat(n - 'e.g. send '.length)}`;
      expect(ex.length).toBe(n);
      const d = explainTool({ name: 'search_automations', description: `Search automations by keyword (${ex}).` }).discounted.find((x) => x.why === 'example');
      expect(d?.text).toBe(clipped ? `${ex.slice(0, 119)}…` : ex);
    }
  });
});

describe('a negated verb that does nothing anyway is not reported', () => {
  // "It does not convert …": `convert` is a neutral verb, no act to set aside; a negated act is.
  it('reports the negated send and not the negated conversion', () => {
    const e = explainTool({
      name: 'format_invoice',
      description: 'Formats an invoice as PDF. It does not convert the currency and does not send the invoice.',
    });
    const negations = e.discounted.filter((d) => d.why === 'negation').map((d) => d.text);
    expect(negations).toContain('send');
    expect(negations).not.toContain('convert');
  });
});
