/**
 * A place code runs (`RUNTIMES`: a sandbox, a container, Docker, Jupyter) is read and changed as the
 * user's own: "List Docker containers on the host" reads (PRIVATE_ACCESS), "Stop the sandbox"
 * changes it. Look-alikes: a language name ("Python projects") is no such place, running in one
 * stays CODE_EXECUTION, a runtime as the whole name is the interpreter, and a verb of another
 * sentence ("returns whatever it prints") reads no runtime the name names.
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('runtimes read and changed as the user\'s own', () => {
  it('a read of a runtime reads the user\'s environment; a change changes it', () => {
    expect(caps('docker_images', 'List Docker images on the host system')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_sandbox', 'Get a sandbox by its id.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('sandbox_stop', 'Stop the sandbox.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('remove_container', 'Remove a container from the local host.')).toEqual(['LOCAL_MUTATION']);
  });

  it('look-alikes: a language, a run in the runtime, the runtime as the whole name, another sentence\'s verb', () => {
    expect(caps('explore', 'Search GitHub for Python projects matching a query.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('run_in_container', 'Run a command in a container.')).toEqual(['CODE_EXECUTION']);
    expect(caps('compose', 'Run Docker Compose.')).toContain('CODE_EXECUTION');
    expect(caps('sandbox', 'Hands the given source to the runtime and returns whatever it prints (30 s limit).')).toEqual(['CODE_EXECUTION']);
  });
});
