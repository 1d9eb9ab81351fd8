/**
 * What a read returns besides its object: "Get an order including its reviews" returns the reviews
 * too, and reviews are others' writing (EXTERNAL_INGESTION) whatever the order is. The words that
 * add to the object (`INCLUSIONS`: including, plus, along with, together with, as well as, and
 * `with` before an owner) continue its list; in such a list a comma goes on as `and` does. Only a
 * read's object grows: a write's `with` says what the one thing it writes holds.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description }).capabilities;

describe('a read returns what its object includes', () => {
  it('"including", "along with", "plus", "with its": the included content counts', () => {
    expect(caps('get_order', 'Get an order including its reviews.')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    expect(caps('get_order', 'Get an order, including reviews.')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    expect(caps('get_ticket', 'Get a ticket along with its comments.')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    expect(caps('get_task', 'Get a task plus comments.')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    expect(caps('get_task', 'Get a task with its comments and status.')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
  });

  it('a list after "including" goes on past commas, and may hold the first object', () => {
    expect(caps('get_application', 'Get full application details including stage history, hiring team, feedback, and criteria evaluations.')).toEqual([
      'EXTERNAL_INGESTION',
      'PRIVATE_ACCESS',
    ]);
    expect(caps('get_order', 'Get an order including its history, status, reviews.')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
  });
});

describe('look-alikes: no inclusion', () => {
  it('"with" before no owner filters: "customers with an email" reads no mail', () => {
    expect(caps('find_customers', 'Find customers with an email.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('find_contact', 'Find a contact with an email address.')).toEqual(['PRIVATE_ACCESS']);
  });

  it('a write holds what follows "with": it writes one thing', () => {
    expect(caps('create_issue', 'Create an issue with its labels and comments.')).not.toContain('EXTERNAL_INGESTION');
    // A note that includes e-mails is a note: saving it sends nothing.
    expect(caps('save_note', 'Save a note including the emails.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('archive_project', 'Archive a project including its comments.')).toEqual(['LOCAL_MUTATION']);
  });

  it('negated, or left out: "not including", "excluding", "without"', () => {
    expect(caps('get_order', 'Get an order, not including its reviews.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_order', 'Get an order excluding its reviews.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_order', 'Get an order without its reviews.')).toEqual(['PRIVATE_ACCESS']);
  });

  it('a comma outside an inclusion list still ends the list', () => {
    expect(caps('get_order', 'Get an order, its status, reviews.')).toEqual(['PRIVATE_ACCESS']);
  });
});
