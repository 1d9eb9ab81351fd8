/**
 * A write addressed by a tenant is kept by a hosted service: a top-level property that names the
 * organization, workspace, tenant or team an account belongs to (`organizationId`, `workspace_id`,
 * `teamId`, `orgSlug`: `SCHEMA_TERMS.tenant`) says the store is a multi-tenant service's, not the
 * user's machine, even when no text names the product. It is the weakest sign of a product: a
 * product named in the text or fronted by the server comes first, and a tool that calls its store
 * local, or closes the world in its annotations, keeps its writes local.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import type { Classification, ToolSpec } from '../../src/core/types.js';

const schema = (...props: string[]): ToolSpec['inputSchema'] => ({ type: 'object', properties: Object.fromEntries(props.map((p) => [p, { type: 'string' }])) });
const classify = (spec: ToolSpec, server?: string): Classification => classifyTool(spec, server === undefined ? undefined : { server });
const caps = (spec: ToolSpec, server?: string): readonly string[] => classify(spec, server).capabilities;
const deleteRecord = (...props: string[]): ToolSpec => ({ name: 'delete_record', description: 'Delete a record', inputSchema: schema(...props) });

describe('a write addressed by a tenant is an external action', () => {
  it('an organization, workspace, tenant or team, by id or slug', () => {
    for (const key of ['organizationId', 'organization_id', 'orgId', 'orgSlug', 'workspace_id', 'workspaceGid', 'tenantId', 'teamId']) {
      expect(caps(deleteRecord(key, 'id')), key).toEqual(['EXTERNAL_ACTION']);
    }
  });

  it('the evidence points at the property', () => {
    const nat = classify(deleteRecord('organizationId', 'id')).evidence.filter((e) => e.capability === 'EXTERNAL_ACTION');
    expect(nat).toContainEqual({ capability: 'EXTERNAL_ACTION', source: 'schema', term: 'organizationId', at: 'properties.organizationId' });
  });

  it('a variable updated in an organization (a tool whose text names no product)', () => {
    const spec: ToolSpec = { name: 'update_global_var', description: 'Update a global variable group', inputSchema: schema('organizationId', 'name', 'value') };
    expect(caps(spec)).toEqual(['EXTERNAL_ACTION']);
    expect(caps({ ...spec, inputSchema: schema('name', 'value') })).toEqual(['LOCAL_MUTATION']);
  });
});

describe('look-alikes: no tenant, or a stronger sign', () => {
  it('no tenant property: the write stays local', () => {
    expect(caps(deleteRecord('id'))).toEqual(['LOCAL_MUTATION']);
  });

  it('a property that names an organization without addressing it, or holds it deeper', () => {
    expect(caps(deleteRecord('organization', 'id'))).toEqual(['LOCAL_MUTATION']);
    expect(caps(deleteRecord('organization_name', 'id'))).toEqual(['LOCAL_MUTATION']);
    expect(caps(deleteRecord('team_name', 'id'))).toEqual(['LOCAL_MUTATION']);
    const nested: ToolSpec = { name: 'delete_record', description: 'Delete a record', inputSchema: { type: 'object', properties: { id: { type: 'string' }, filter: { type: 'object', properties: { organizationId: { type: 'string' } } } } } };
    expect(caps(nested)).toEqual(['LOCAL_MUTATION']);
  });

  it('a read addressed by a tenant writes nothing', () => {
    expect(caps({ name: 'list_records', description: 'List the records', inputSchema: schema('organizationId') })).toEqual(['PRIVATE_ACCESS']);
  });

  it('the tool says its store is local, or its annotations close the world', () => {
    expect(caps({ name: 'delete_record', description: 'Delete a record from the local database', inputSchema: schema('organizationId', 'id') })).toEqual(['LOCAL_MUTATION']);
    expect(caps({ ...deleteRecord('organizationId', 'id'), annotations: { openWorldHint: false } })).toEqual(['LOCAL_MUTATION']);
  });

  it('a product the text names or the server fronts comes first: the evidence names it, not the tenant', () => {
    const named = classify({ name: 'delete_record', description: 'Delete a record in Zorblat', inputSchema: schema('organizationId', 'id') });
    expect(named.capabilities).toEqual(['EXTERNAL_ACTION']);
    expect(named.evidence.some((e) => e.term === 'organizationId')).toBe(false);
    const served = classify(deleteRecord('organizationId', 'id'), 'zorblat');
    expect(served.capabilities).toEqual(['EXTERNAL_ACTION']);
    expect(served.evidence).toContainEqual({ capability: 'EXTERNAL_ACTION', source: 'origin', term: 'zorblat' });
    expect(served.evidence.some((e) => e.term === 'organizationId')).toBe(false);
  });
});
