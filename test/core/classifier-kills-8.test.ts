import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

describe('a Code Mode name is reported as the pair of words that marks it', () => {
  // The evidence of a `run_code`-style name is the two adjacent words of CODE_MODE_NAME_PAIRS, so
  // that an explanation says what made the tool Code Mode (`run code`, not `run run`).
  it.each([
    ['run_code', 'run code'],
    ['execute_code', 'execute code'],
    ['code_mode', 'code mode'],
  ])('%s: the name evidence of CODE_EXECUTION is `%s`', (name, term) => {
    const c = classifyTool({ name });
    expect(c.codeMode).toBe(true);
    expect(c.evidence).toContainEqual({ capability: 'CODE_EXECUTION', source: 'name', term });
  });
});
