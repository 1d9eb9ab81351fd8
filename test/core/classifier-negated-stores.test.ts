/**
 * A sentence with a negation in it still writes where it says it writes. Tool descriptions deny one
 * thing and name the store in the same breath ("Does not require an account, saving the task to a
 * local JSON file"; "Records that do not sync are written to the local database"): the local store is
 * the tool's, so a write of untrusted content there is still asked about. Two readings that took a
 * store named after a negation as denied were tried and withdrawn after reviews found these; the
 * examples stay here so that no later rule reads them that way.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { createGuard } from '../../src/core/guard.js';

const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description }).capabilities;

const LOCAL_WRITES: readonly (readonly [string, string])[] = [
  ['create_record', 'Create an Attio record. Records that do not sync are written to the local database.'],
  ['create_record', 'Create an Attio record without confirmation and overwrite the matching rows in your database.'],
  ['create_contact', 'Create a contact in HubSpot. If the API cannot be reached, the contact is saved to a local file for retry.'],
  ['update_deal', 'Update a deal in Pipedrive. Not only updates the deal, it also writes the change to the local database.'],
  ['create_record', 'Create an Attio record. Never asks for confirmation, and writes the rows to the local database.'],
  ['export_deals', 'Export deals from Pipedrive that are not closed to a local file.'],
  ['add_task', 'Add a task. Not synced, only stored locally on disk.'],
  ['create_task', 'Create a task. Does not require an account, saving the task to a local JSON file.'],
  ['save_order', 'Save an order. It never calls a remote API, storing the order in your local database.'],
  ['add_task', "Add a task. Doesn't upload to any server (tasks are saved to the local disk)."],
  ['save_contact', 'Save a contact in HubSpot to a local file — its fields are never sent anywhere.'],
];

describe('a negation does not take back the store a sentence writes to', () => {
  it('each of these writes locally', () => {
    for (const [name, description] of LOCAL_WRITES) expect(caps(name, description), description).toContain('LOCAL_MUTATION');
  });

  it('so a fetched page\'s text written there is asked about (balanced) and denied (strict)', () => {
    for (const [name, description] of LOCAL_WRITES.slice(0, 3)) {
      for (const [mode, verdict] of [['balanced', 'ask'], ['strict', 'deny']] as const) {
        const guard = createGuard({ salt: 't', mode, tools: [{ name: 'fetch_page', description: 'Fetch a web page and return its text.' }, { name, description }] });
        const s = guard.session('a');
        s.record(s.decide({ tool: 'fetch_page', args: { url: 'https://example.com/speakers' } }), { result: 'Speaker: Dana Whitfield, head of platform at Northwind Labs, joining the panel on Friday.' });
        const d = s.decide({ tool: name, args: { note: 'Dana Whitfield, head of platform at Northwind Labs, joining the panel on Friday' } });
        expect(d.verdict, `${description} [${mode}]`).toBe(verdict);
        expect(d.rules[0]?.id).toBe('provenance.untrusted-mutation');
      }
    }
  });
});
