/**
 * `terminal` names a shell (CODE_EXECUTION), and in prose it is also the adjective of a final state:
 * "a terminal status", "terminal steps", "`failed` is terminal", "non-terminal", and an edge's end
 * ("the source terminal"). Used so, it runs nothing. Look-alikes keep the shell: "Open a terminal",
 * "in the terminal", "a terminal session", "terminal URL", and a tool named `terminal`.
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('terminal as the adjective of a final state', () => {
  it('a final state or an edge end runs nothing', () => {
    expect(caps('wait_deploy', 'Wait for the deployment to reach a terminal status (finished, failed or cancelled).')).not.toContain('CODE_EXECUTION');
    expect(caps('job_state', 'Job state: processing is non-terminal; completed and failed are terminal.')).not.toContain('CODE_EXECUTION');
    expect(caps('create_automation', 'Create an automation. Terminal steps have no next step.')).not.toContain('CODE_EXECUTION');
    expect(caps('edit_edge', 'Reassign the edge source terminal to a different cell.')).toEqual(['LOCAL_MUTATION']);
  });

  it('a terminal to use is a shell', () => {
    expect(caps('open_terminal', 'Open a terminal and run the given command.')).toContain('CODE_EXECUTION');
    expect(caps('run_in_terminal', 'Run a command in the terminal.')).toContain('CODE_EXECUTION');
    expect(caps('terminal_session', 'Create a terminal session in the sandbox.')).toContain('CODE_EXECUTION');
    expect(caps('terminal', '')).toContain('CODE_EXECUTION');
    expect(caps('sandbox_url', 'Returns sandbox ID and terminal URL.')).toContain('CODE_EXECUTION');
  });
});
