/**
 * Light verbs (`LIGHT_VERBS`): "place an order" submits an order, "leave feedback" posts it,
 * "withdraw funds" moves money out. The verb takes its meaning from the act its object names, so
 * the pair is a send (EXTERNAL_ACTION) and the noun is no thing read: placing an order reads no
 * order (no PRIVATE_ACCESS), leaving a review reads no review (no EXTERNAL_INGESTION). Any other
 * object keeps the verb's own sense.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { capsOf as caps } from './tools-fixture.js';

describe('a light verb and its act are that act', () => {
  it('placing an order, a bid or a trade submits it', () => {
    expect(caps('place_order', 'Place an order')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('buy', 'Place the order using a saved card')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('trade', 'Place a market order on an exchange')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('trade', 'Place a futures market order')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('auction', 'Place bids on an item')).toEqual(['EXTERNAL_ACTION']);
  });

  it('leaving a review, feedback or a rating posts it', () => {
    expect(caps('leave_feedback_for_buyer', 'Leave feedback for a buyer.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('rate', 'Leave a review for a restaurant')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('rate', 'Leave a rating')).toEqual(['EXTERNAL_ACTION']);
  });

  it('withdrawing funds moves money out of the account', () => {
    expect(caps('withdraw_funds', 'Withdraw funds from the account to a bank account')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('atm', 'Withdraw cash')).toEqual(['EXTERNAL_ACTION']);
  });

  it('explains itself by the pair', () => {
    expect(classifyTool({ name: 'place_order', description: 'Place an order' }).evidence).toContainEqual({ capability: 'EXTERNAL_ACTION', source: 'description', term: 'place order' });
  });
});

describe('join and leave are not light verbs', () => {
  // A reading of "join a channel" and "leave the meeting" as sends was tried and withdrawn after a
  // review: the join took over the sentences that read ("Join a Slack channel. Returns the channel's
  // last 50 messages" lost its outside content), and a join link became a send.
  it('a join that returns messages still reads them, and a join link or a room left for something is no send', () => {
    expect(caps('join_channel', "Join a Slack channel. Returns the channel's last 50 messages.")).toContain('EXTERNAL_INGESTION');
    expect(caps('join_channel', 'Joins the channel and fetches its message history.')).toContain('EXTERNAL_INGESTION');
    expect(caps('read_doc', 'Read a document page by page, to leave room for the JSON envelope.')).not.toContain('EXTERNAL_ACTION');
    expect(classifyTool({ name: 'get_user', description: 'Get a user.', inputSchema: { type: 'object', properties: { leave_date: { type: 'string', description: 'The date the user will leave the organization.' } } } }).capabilities).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_meeting_join_link', 'Get the join link of a meeting.')).not.toContain('EXTERNAL_ACTION');
    expect(caps('list_joinable_channels', 'List the channels the user can join.')).not.toContain('EXTERNAL_ACTION');
  });
});

describe('look-alikes: no act', () => {
  it('another object keeps the verb\'s own sense', () => {
    expect(caps('place_widget', 'Place the widget on the dashboard')).toEqual([]);
    expect(caps('leave_meeting', 'Leave the meeting')).not.toContain('EXTERNAL_ACTION');
    // A withdrawn draft is only taken back.
    expect(caps('retract', 'Withdraw the draft')).toEqual(['LOCAL_MUTATION']);
  });

  it('the words as nouns, or the act named apart from the verb', () => {
    expect(caps('get_place_events', 'Get the events of a place')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_leave', 'List leave requests of employees')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_order', 'Get an order placed by the user')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_reviews', 'Get the reviews customers leave for a product')).toEqual(['EXTERNAL_INGESTION']);
  });

  it('a comma between them, a known word, or more than two words', () => {
    expect(caps('arrange', 'Place the items, order them by date')).not.toContain('EXTERNAL_ACTION');
    expect(caps('arrange', 'Place the very big heavy order box on the shelf')).not.toContain('EXTERNAL_ACTION');
    // A word the vocabulary knows ends the look: "in order" here is an arrangement.
    expect(caps('arrange', 'Place the file in order')).not.toContain('EXTERNAL_ACTION');
  });
});
