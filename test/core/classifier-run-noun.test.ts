/**
 * In a name, `run` after a word the vocabulary does not know is a noun, one run of that thing
 * (`get_pipeline_run`, `list_workflow_runs`): a read of the record, not a run of code. After a
 * program, a shell or a sandbox it is still a run.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description = ''): readonly string[] => classifyTool({ name, description }).capabilities;

describe('a run as a noun', () => {
  it('after a word the vocabulary does not know: a record that is read', () => {
    expect(caps('get_pipeline_run', 'Get details of a pipeline run.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_latest_pipeline_run')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_workflow_runs')).toEqual(['PRIVATE_ACCESS']);
    // Second word of a name, after the one word that names the thing.
    expect(caps('workflow_run', 'Get details of a workflow run.')).toEqual(['PRIVATE_ACCESS']);
  });

  it('after a program, a shell, code or a sandbox, and first in a name: still a run', () => {
    expect(caps('python_run', 'Run Python code.')).toEqual(['CODE_EXECUTION']);
    expect(caps('script_run')).toEqual(['CODE_EXECUTION']);
    expect(caps('code_run')).toEqual(['CODE_EXECUTION']);
    expect(caps('sandbox_run')).toEqual(['CODE_EXECUTION']);
    expect(caps('zorblat_run', 'Run a shell command.')).toEqual(['CODE_EXECUTION']);
    expect(caps('run_script')).toEqual(['CODE_EXECUTION']);
  });
});
