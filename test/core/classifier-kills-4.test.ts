import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

describe('classifier: an upload of a local file is a read of that file', () => {
  it('records the upload verb, not only the file, as evidence of the read', () => {
    const c = classifyTool({
      name: 'drive_upload',
      description: 'Uploads a local file to the team drive.',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    });
    expect(c.capabilities).toEqual(['PRIVATE_ACCESS', 'EXTERNAL_ACTION']);
    const read = c.evidence.filter((e) => e.capability === 'PRIVATE_ACCESS' && e.source === 'description').map((e) => e.term);
    expect(read).toEqual(['file', 'upload']);
  });
});
