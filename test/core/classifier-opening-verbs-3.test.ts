/**
 * `void`, `freeze`, `unfreeze`, `hide`, `unhide`, `snooze`, `postpone`, `dismiss`, `discard` and
 * `unconfirm` change something where a tool says what it does: in its name, or as the first word of
 * its description (`OPENING_VERBS`). Until they were known, such a tool was read as a getter of its
 * nouns ("Void an unpaid invoice": a read of invoices), then as a tool the classifier cannot read.
 * Look-alikes: the participle or a noun of the same stem ("can be voided", "the hidden fields", "the
 * code freeze window", "the snooze settings", "dismissed alerts", "the discard policy") and the verb
 * later in the prose ("Reminders can be snoozed, dismissed or postponed").
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { capsOf as caps } from './tools-fixture.js';

describe('void, freeze, unfreeze, hide, unhide, snooze, postpone, dismiss, discard and unconfirm', () => {
  it('change state in a name or as the first word of a description', () => {
    expect(caps('void_invoice', 'Void an unpaid invoice.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('unconfirm_issue', 'Unconfirm an issue.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('freeze_account', 'Freeze an account.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('unfreeze_account', 'Unfreeze a frozen account.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('hide_sheet_dimension', 'Hide a range of columns or rows in a sheet.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('unhide_columns', 'Unhide the hidden columns of a sheet.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('snooze_reminder', 'Snooze a reminder for an event in the calendar.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('postpone_reminder', 'Postpone a reminder for an event in the calendar.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('dismiss_reminder', 'Dismiss a reminder for an event in the calendar.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('discard_draft', 'Discard a draft of a document.')).toEqual(['LOCAL_MUTATION']);
    // With an object the vocabulary does not name, as any other write verb of a name.
    for (const verb of ['void', 'freeze', 'unfreeze', 'hide', 'unhide', 'snooze', 'postpone', 'dismiss', 'discard', 'unconfirm']) expect(caps(`${verb}_zorblat`, ''), verb).toEqual(['EXTERNAL_ACTION']);
  });

  it('are no longer unread verbs: the tool is read, not asked about as unknown', () => {
    expect(classifyTool({ name: 'void_invoice', description: 'Void an unpaid invoice.' }).unreadAct).toBeUndefined();
  });

  it('said of something else, they change nothing', () => {
    expect(caps('get_void_reasons', 'Get the list of reasons an invoice can be voided for.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_hidden_fields', 'List the hidden fields of a form.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_freeze_window', 'Get the code freeze window of a release.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_snooze_settings', "Get the snooze settings of the user's notifications.")).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_dismissed_alerts', 'List dismissed alerts.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_discard_policy', 'Get the discard policy of a queue.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_invoice', 'Get an invoice. Drafts can be voided or discarded later.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_reminder', 'Get a reminder. Reminders can be snoozed, dismissed or postponed.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_alerts', 'List alerts. Use dismiss_alert to dismiss one.')).toEqual(['PRIVATE_ACCESS']);
  });
});
