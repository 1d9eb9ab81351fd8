/**
 * Harmless kind `status`: a tool that asks its own server whether it is up or which version it runs
 * (`ping`, `system_ping`, `get_mcp_version`: "MCP server version"), with nothing passed, does none of
 * the six things. Look-alikes: a ping of a host given in the call reaches that host, and a version
 * of a document or a file is the user's record; a new version published is a send.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import type { ToolSpec } from '../../src/core/types.js';

const NONE = { type: 'object', properties: {} };
const read = (spec: ToolSpec): { caps: readonly string[]; harmless: string | undefined } => {
  const c = classifyTool(spec);
  return { caps: c.capabilities, harmless: c.harmless?.kind };
};

describe('the server\'s own status', () => {
  it('is harmless when asked with nothing passed', () => {
    expect(read({ name: 'system_ping', description: 'Ping the SonarQube instance to check if it is up', inputSchema: NONE })).toEqual({ caps: [], harmless: 'status' });
    expect(read({ name: 'get_mcp_version', description: 'MCP server version', inputSchema: NONE })).toEqual({ caps: [], harmless: 'status' });
    expect(read({ name: 'get-server-version', description: 'Returns the MCP server version and related metadata.' })).toEqual({ caps: [], harmless: 'status' });
    expect(read({ name: 'version', description: 'Returns the version of the server.' })).toEqual({ caps: [], harmless: 'status' });
  });

  it('a ping of a host the call names is no status of the server', () => {
    expect(read({ name: 'ping', description: 'Ping a host and return the round-trip time.', inputSchema: { type: 'object', properties: { host: { type: 'string' } } } })).toEqual({ caps: [], harmless: undefined });
  });

  it('a version of the user\'s document or file is a record; publishing one is a send', () => {
    expect(read({ name: 'get_version', description: 'Get a specific version of a document.' })).toEqual({ caps: ['PRIVATE_ACCESS'], harmless: undefined });
    expect(read({ name: 'get_version', description: 'Get the version.', inputSchema: { type: 'object', properties: { document_id: { type: 'string' } } } })).toEqual({ caps: ['PRIVATE_ACCESS'], harmless: undefined });
    expect(read({ name: 'list_versions', description: 'List the versions of a file.' })).toEqual({ caps: ['PRIVATE_ACCESS'], harmless: undefined });
    expect(read({ name: 'publish_version', description: 'Publish a new version of the package.' })).toEqual({ caps: ['EXTERNAL_ACTION'], harmless: undefined });
  });
});
