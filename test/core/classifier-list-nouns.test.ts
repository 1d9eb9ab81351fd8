/**
 * A word after a conjunction, in a list that a preposition opens, is one more thing, not a verb:
 * "by ID or email" searches by an e-mail address and sends nothing. A pronoun, a determiner or an
 * object after it makes it a verb again ("find contacts by tag and email them"), and so does a verb
 * between the preposition and it.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description }).capabilities;

describe('one more item of a list after a preposition', () => {
  it('"by ID or email", "with name, phone or email": a lookup, no send', () => {
    expect(caps('customers_retrieve', 'Retrieve customer information by ID or email.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('find_contact', 'Find a contact with name, phone or email.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_customers', 'List customers, filtered by status and email.')).toEqual(['PRIVATE_ACCESS']);
    // What follows a comma is another phrase: its determiner makes no verb of the list's last item.
    expect(caps('customers_retrieve', 'Retrieve a customer by ID or email, the whole record.')).toEqual(['PRIVATE_ACCESS']);
  });
});

describe('look-alikes: the same word as a verb', () => {
  it('a pronoun, a determiner or an object after it, up to two words ahead', () => {
    // Names that send nothing themselves: the send must come from the description's `email`.
    expect(caps('contacts_by_tag', 'Find contacts by tag and email them.')).toContain('EXTERNAL_ACTION');
    expect(caps('contacts_by_tag', 'Find contacts by tag and email the list.')).toContain('EXTERNAL_ACTION');
    expect(caps('contacts_by_tag', 'Find contacts by tag and email contacts who match.')).toContain('EXTERNAL_ACTION');
    // The object stands two words ahead, past a modifier.
    expect(caps('subreddit_digest', 'Fetches posts from Reddit and drafts internal notes.')).toContain('LOCAL_MUTATION');
  });

  it('a verb between the preposition and the conjunction', () => {
    expect(caps('owner_digest', 'Filter by owner, archive and email.')).toContain('EXTERNAL_ACTION');
  });

  it('no preposition opens the list', () => {
    expect(caps('order_digest', 'Check the order status and email.')).toContain('EXTERNAL_ACTION');
  });
});
