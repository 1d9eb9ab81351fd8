/**
 * "Request" as a description's first word asks a party outside for something: a send
 * (EXTERNAL_ACTION), as "Follow a user" is. In a name it opens noun compounds (`request_queue`,
 * `request_log`), and in the rest of the prose it is a noun ("the request body", "a pending request").
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description, inputSchema: { type: 'object', properties: {} } }).capabilities;

describe('request opening a description is a send', () => {
  it('asking another user for money, a pharmacy for a refill, a kitchen for a remake', () => {
    expect(caps('request_money', 'Request money from another user.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('refill_prescription', 'Request a refill for an existing prescription.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('remake_dish', 'Request the kitchen to remake a dish.')).toEqual(['EXTERNAL_ACTION']);
  });

  it('look-alikes: a noun in a name or later in the prose sends nothing', () => {
    expect(caps('request_queue', 'Get the tasks raised by the requester in the IT queue.')).not.toContain('EXTERNAL_ACTION');
    expect(caps('get_call', 'Get the request body of a logged call.')).not.toContain('EXTERNAL_ACTION');
    expect(caps('list_requests', 'List the pending requests of the account.')).not.toContain('EXTERNAL_ACTION');
  });
});
