/**
 * A verb word at the head of a compound noun is a noun: in prose, after a determiner and a singular
 * noun, the determiner right after a verb that makes, changes, reads or sends the thing, and with no
 * object of its own ("Delete a user list"). A test run is a test management record, in a name as in
 * prose (`create_test_run`, "Create a test run in …"). Look-alikes keep their verbs: a run of a
 * script, code or a sandbox (`create_script_run`, `sandbox_run`), a plural subject ("the tests run in parallel"),
 * a verb with an object of its own ("let the assistant send a message"), a verb after a comma
 * ("Read the ticket, summarize it and reply …"), and a compound that is run or triggered ("Run a
 * database delete" deletes).
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('verb words at the head of a compound noun', () => {
  it('a test run is created, and a user list deleted: nothing is run, nothing listed', () => {
    expect(caps('create_test_run', 'Create a test run in the test management tool.')).not.toContain('CODE_EXECUTION');
    expect(caps('create_test_run', '')).not.toContain('CODE_EXECUTION');
    expect(caps('list_test_runs', 'List the test runs of a project.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('delete_list', 'Delete a user list')).toEqual(['LOCAL_MUTATION']);
  });

  it('a run with no verb before it, a plural subject, and a verb with an object keep their verbs', () => {
    expect(caps('sandbox_run', 'Run a command in the sandbox.')).toContain('CODE_EXECUTION');
    expect(caps('create_script_run', '')).toContain('CODE_EXECUTION');
    expect(caps('create_sandbox_run', '')).toContain('CODE_EXECUTION');
    expect(caps('bash_run', '')).toContain('CODE_EXECUTION');
    expect(caps('run_tests', 'Run the test suite. The tests run in parallel.')).toContain('CODE_EXECUTION');
    expect(caps('notify', 'Let the assistant send a message to the channel.')).toContain('EXTERNAL_ACTION');
    expect(caps('run_test', 'Run a test.')).toContain('CODE_EXECUTION');
    // Run, performed or triggered, the act a compound names is done: the delete deletes.
    expect(caps('db_op', 'Run a database delete')).toContain('LOCAL_MUTATION');
    expect(caps('files_op', 'Trigger a file delete')).toContain('LOCAL_MUTATION');
    // A comma starts another clause: "summarize" is the tool's act, and so is the reply after it.
    expect(caps('triage', 'Read the ticket, summarize it and reply to the customer')).toContain('EXTERNAL_ACTION');
  });
});
