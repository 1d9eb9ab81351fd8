/**
 * Survivors of the full mutation run in the classifier: a local file that any send hands over is
 * read as well as sent; `local` that places something else, or a send of something that is no
 * file, reads nothing.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description: string, properties: Record<string, unknown> = {}): string[] =>
  [...classifyTool({ name, description, inputSchema: { type: 'object', properties } }).capabilities].sort();

describe('a local file sent is read', () => {
  it('by any send verb: a post, an e-mail, an upload', () => {
    expect(caps('post_file', 'Post a local file to a Slack channel.')).toEqual(['EXTERNAL_ACTION', 'PRIVATE_ACCESS']);
    expect(caps('upload_photo', 'Upload a photo from the local disk to the shared album.')).toEqual(['EXTERNAL_ACTION', 'PRIVATE_ACCESS']);
  });

  it('look-alikes: `local` that places a restaurant or events, and what is sent is no file', () => {
    expect(caps('upload_review', 'Upload a review of a local restaurant.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('send_message', 'Send a message about local events to the team channel.')).not.toContain('PRIVATE_ACCESS');
  });
});

describe('a hand-off is to a person', () => {
  const handoff = (name: string, description: string) => classifyTool({ name, description, inputSchema: { type: 'object', properties: { summary: { type: 'string' } } } });

  it('the person may come after any number of words that describe them', () => {
    expect(handoff('transfer_to_human', 'Transfer the caller to a live support team human agent.').harmless?.kind).toBe('handoff');
    expect(handoff('handoff_to_human', 'Hand the conversation off to our live support team human agents.').harmless?.kind).toBe('handoff');
  });

  it('look-alikes: a call handed back from a person, or a word past `to` that describes no person', () => {
    const back = handoff('transfer_to_human', 'Transfer the call from a human operator back to the assistant.');
    expect(back.harmless).toBeUndefined();
    expect(back.capabilities).toContain('EXTERNAL_ACTION');
    expect(handoff('transfer_to_human', 'Transfer the caller to a billing queue, then a human agent.').harmless).toBeUndefined();
  });
});

describe('code run on a page: the page noun heads the locative’s object', () => {
  const run = (description: string): string[] => caps('run_js', description, { code: { type: 'string', description: 'JavaScript' } });

  it('after any number of plain words, and before a conjunction, a relative pronoun or a Chinese postposition', () => {
    for (const d of [
      'Run JavaScript on the currently open page.',
      'Run JavaScript on the page.',
      'Evaluate JavaScript expression on page or element',
      'Run a script on the website that is open and return its result.',
      '在目前網頁上執行 JavaScript 程式碼並返回結果',
      // A second locative right after where the first one's object ends.
      'Run JavaScript in a sandbox or on the current page.',
      'Run JavaScript in Node for page rendering, or on the page.',
    ]) {
      expect(run(d), d).toEqual(['CODE_EXECUTION', 'EXTERNAL_INGESTION']);
    }
  });

  it('look-alikes: a page noun that modifies the next word, or past a conjunction or a known word', () => {
    for (const d of ['Run JavaScript in Node.js for page rendering.', 'Run JavaScript in Chrome DevTools for page audits.', 'Run JavaScript in a sandbox and return page numbers.', 'Run JavaScript in the terminal, then open a page.']) {
      expect(run(d), d).toEqual(['CODE_EXECUTION']);
    }
  });
});

describe('a local file sent, with the send verb in the name and the file in the description', () => {
  it('is read as well as sent', () => {
    expect(caps('email_attachment', 'Attach a local file.')).toEqual(['EXTERNAL_ACTION', 'PRIVATE_ACCESS']);
  });

  it('look-alike: a description whose `local` places something that is no file', () => {
    expect(caps('email_attachment', 'Attach a map of local restaurants.')).not.toContain('PRIVATE_ACCESS');
  });
});

describe('anything run on a page reads it, where the locative belongs to the run verb', () => {
  const audit = (description: string): string[] => caps('audit_page', description, { level: { type: 'string', description: 'WCAG level' } });

  it('what is run need not be code; a determiner after the page opens the clause describing it', () => {
    for (const d of [
      'Run an accessibility audit on the page.',
      'Run an accessibility audit on the page the browser shows.',
      'Execute the checks on the webpage and list what fails.',
      '在当前页面执行无障碍检查',
    ]) {
      expect(audit(d), d).toContain('EXTERNAL_INGESTION');
    }
  });

  it('look-alikes: a page before the run verb in English, in another clause, or a page that only modifies', () => {
    for (const d of [
      'Requires an ID (created in the Console page) — the workflow defines which steps run and whether the session is open.',
      'On the settings page, the user can choose which rules run first.',
      'Run an accessibility audit in the page builder.',
    ]) {
      expect(audit(d), d).not.toContain('EXTERNAL_INGESTION');
    }
  });

  it('a page after the run verb, past a page noun that only modifies', () => {
    expect(audit('Open the settings in the page list, then run the audit on the website.')).toContain('EXTERNAL_INGESTION');
  });
});
