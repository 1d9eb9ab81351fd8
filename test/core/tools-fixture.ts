/** Tool specs the core tests share: a page fetch, a CRM read, a send, a file write and a shell. */
import { classifyTool } from '../../src/core/classifier.js';
import type { ToolSpec } from '../../src/core/types.js';

export const CORE_TOOLS: readonly ToolSpec[] = [
  { name: 'fetch_url', description: 'Fetch a web page and return its text', inputSchema: { type: 'object', properties: { url: { type: 'string' } } } },
  { name: 'crm_lookup', description: 'Look up a customer record in the CRM database', inputSchema: { type: 'object', properties: { customer_id: { type: 'number' } } } },
  { name: 'send_email', description: 'Send an email to a recipient', inputSchema: { type: 'object', properties: { to: { type: 'string' }, subject: { type: 'string' }, body: { type: 'string' } } } },
  { name: 'write_file', description: 'Write content to a file on the local disk', inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } } },
  { name: 'bash', description: 'Run a shell command', inputSchema: { type: 'object', properties: { command: { type: 'string' } } } },
];

/** The capabilities the classifier gives a tool of this name and description (no schema). */
export const capsOf = (name: string, description: string): readonly string[] => classifyTool({ name, description }).capabilities;

/** The same, the description first, for tests that vary the description of one unnamed tool. */
export const describedCaps = (description: string, name = 'x_tool'): readonly string[] => capsOf(name, description);
