import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { MAX_DEPTH } from '../../src/core/classifier-schema.js';

/** `levels` nested objects, the innermost holding a `command` property. */
function nested(levels: number): unknown {
  let node: Record<string, unknown> = { type: 'object', properties: { command: { type: 'string' } } };
  for (let i = 0; i < levels; i++) node = { type: 'object', properties: { options: node } };
  return node;
}

describe('classifier: first-party clauses', () => {
  it('a relative pronoun may open the author clause', () => {
    expect(classifyTool({ name: 'sent_invites', description: 'Lists the invitations that you have sent, newest first.' }).capabilities)
      .toEqual(['PRIVATE_ACCESS']);
  });
  it('an auxiliary may stand between the author and the participle', () => {
    expect(classifyTool({ name: 'list_mine', description: 'Meetings you have scheduled this week, with their time and room.' }).capabilities)
      .toEqual(['PRIVATE_ACCESS']);
  });
});

describe('classifier: schema nesting bound', () => {
  it('reads nested properties down to the depth bound, and no further', () => {
    const at = (levels: number): readonly string[] =>
      classifyTool({ name: 'queue_job', description: 'Queues a job.', inputSchema: nested(levels) }).capabilities;
    expect(at(MAX_DEPTH)).toEqual(['CODE_EXECUTION']);
    expect(at(MAX_DEPTH + 1)).toEqual([]);
    const tuple = (levels: number): readonly string[] =>
      classifyTool({ name: 'queue_job', description: 'Queues a job.', inputSchema: { type: 'array', items: nested(levels) } }).capabilities;
    expect(tuple(MAX_DEPTH - 1)).toEqual(['CODE_EXECUTION']);
    expect(tuple(MAX_DEPTH)).toEqual([]);
    const list = (levels: number): readonly string[] =>
      classifyTool({ name: 'queue_job', description: 'Queues a job.', inputSchema: { type: 'array', items: [nested(levels)] } }).capabilities;
    expect(list(MAX_DEPTH - 1)).toEqual(['CODE_EXECUTION']);
    expect(list(MAX_DEPTH)).toEqual([]);
  });
});
