/**
 * An outbound channel named by itself (a webhook, SMTP) is where data goes, except on a tool that
 * only reads: there it is what the tool reads, the endpoints or settings of a channel ("List the
 * webhook endpoints configured for your store").
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import type { ToolSpec } from '../../src/core/types.js';

const caps = (spec: ToolSpec): readonly string[] => classifyTool(spec).capabilities;

describe('a channel that a read tool names is what it reads', () => {
  it('webhook endpoints and SMTP settings listed or fetched: no external action', () => {
    expect(caps({ name: 'webhooks_list', description: 'List the webhook endpoints configured for your store.' })).not.toContain('EXTERNAL_ACTION');
    expect(caps({ name: 'get_webhook', description: 'Get a webhook by its id.' })).not.toContain('EXTERNAL_ACTION');
    expect(caps({ name: 'smtp_settings', description: 'Show the SMTP settings of the account.' })).not.toContain('EXTERNAL_ACTION');
  });
});

describe('look-alikes: the channel is where data goes', () => {
  it('a tool that sends, writes or runs', () => {
    expect(caps({ name: 'deliver', description: 'Send the payload to a webhook.' })).toContain('EXTERNAL_ACTION');
    expect(caps({ name: 'register_endpoint', description: 'Create a webhook for order events.' })).toContain('EXTERNAL_ACTION');
    expect(caps({ name: 'ping', description: 'Run the health check and report to the webhook.' })).toContain('EXTERNAL_ACTION');
  });

  it('a tool that reads and also sends or writes: the channel counts', () => {
    // The send is to the user herself (a local write), so only the webhook says that data leaves.
    expect(caps({ name: 'digest', description: 'Fetch the report and send it to the user through the webhook.' })).toContain('EXTERNAL_ACTION');
    // The save alone is a local write; the webhook it registers is where data will go.
    expect(caps({ name: 'store_hooks', description: 'Look up the store and save a webhook for it.' })).toContain('EXTERNAL_ACTION');
  });

  it('a tool that reads and sends: the channel is evidence of the send', () => {
    const c = classifyTool({ name: 'forward_page', description: 'Fetch the page and post it to the webhook.' });
    expect(c.evidence.filter((e) => e.capability === 'EXTERNAL_ACTION').map((e) => e.term)).toContain('webhook');
  });

  it('a read tool whose result goes to a channel: "to the webhook", "via SMTP"', () => {
    // `deliver` and `push` are no send verbs of the vocabulary: the destination alone says where data goes.
    expect(caps({ name: 'fetch_page', description: 'Fetch a URL and deliver the response to the configured webhook.' })).toContain('EXTERNAL_ACTION');
    expect(caps({ name: 'fetch_page', description: 'Get the page content. Results are pushed to your webhook when ready.' })).toContain('EXTERNAL_ACTION');
    expect(caps({ name: 'inbox_digest', description: 'Read the inbox and report it via SMTP.' })).toContain('EXTERNAL_ACTION');
  });

  it('a read tool with a property that names a channel: the call may choose where results go', () => {
    expect(caps({
      name: 'crawl_site',
      description: 'Crawl a website.',
      inputSchema: { type: 'object', properties: { callback: { type: 'string', description: 'Webhook URL that receives the pages.' } } },
    })).toContain('EXTERNAL_ACTION');
  });

  it('a tool that names no act at all', () => {
    expect(caps({ name: 'webhook', description: 'A webhook for the build results.' })).toContain('EXTERNAL_ACTION');
  });

  it('a read tool whose arguments say where its result goes: a destination and a body', () => {
    expect(caps({
      name: 'fetch_page',
      description: 'Fetch a web page.',
      inputSchema: { type: 'object', properties: { url: { type: 'string' }, webhook: { type: 'string' }, body: { type: 'string' } } },
    })).toContain('EXTERNAL_ACTION');
  });
});
