import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

describe('classifier: a .env defaults file is a template, not the secrets file', () => {
  it.each(['.env.defaults', '.env.default'])('reads %s without credential access', (file) => {
    const c = classifyTool({ name: 'load_settings', description: `Reads the ${file} file of the project.` });
    expect(c.capabilities).toEqual(['PRIVATE_ACCESS']);
  });
  it('reads the .env file itself as credential access', () => {
    const c = classifyTool({ name: 'load_settings', description: 'Reads the .env file of the project.' });
    expect(c.capabilities).toEqual(['PRIVATE_ACCESS', 'CREDENTIAL_ACCESS']);
  });
});

describe('classifier: a nested tool call at the very start of a description', () => {
  it('reads `tools.search(` as code execution when the description opens with it', () => {
    const c = classifyTool({ name: 'lookup', description: 'tools.search(query) returns the matching pages.' });
    expect(c.capabilities).toContain('CODE_EXECUTION');
    expect(c.evidence.map((e) => e.term)).toContain('tools.');
  });
});

describe('classifier: 唯讀 (read-only) names a file mode, not a read', () => {
  it('reads "Sets the file to 唯讀." as a change to the file only', () => {
    const c = classifyTool({ name: 'file_attributes', description: 'Sets the file to 唯讀.' });
    expect(c.capabilities).toEqual(['LOCAL_MUTATION']);
  });
});
