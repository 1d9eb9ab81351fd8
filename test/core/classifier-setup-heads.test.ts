/**
 * How a channel or a record is set up is the user's own data: "notification configuration", "email
 * campaign", `get_message_quota` read the setup, not the messages, so no outsider wrote what they
 * return. What the channel holds, and facts about it (its body, its history, its status), stay
 * what they were.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description = ''): readonly string[] => classifyTool({ name, description }).capabilities;

describe('a third party\'s content before a setup noun is the user\'s setup', () => {
  it('in a name', () => {
    expect(caps('get_notification_config')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_message_quota')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_email_templates')).toEqual(['PRIVATE_ACCESS']);
  });

  it('in prose, plurals too', () => {
    expect(caps('notifications', 'Get all notification subscriptions of the account.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('reviews', 'Read the review settings of the store.')).toEqual(['PRIVATE_ACCESS']);
  });
});

describe('look-alikes: the content, or a fact about it, is still read', () => {
  it('no setup noun after the content', () => {
    expect(caps('get_notifications')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    expect(caps('read_message_body')).toContain('EXTERNAL_INGESTION');
    expect(caps('message_history', 'Get the message history of a chat.')).toContain('EXTERNAL_INGESTION');
  });

  it('a setup noun before the content modifies nothing of it', () => {
    expect(caps('template_messages', 'Read the template messages of the inbox.')).toContain('EXTERNAL_INGESTION');
  });

  it('a topic or a sender is written by others: no setup', () => {
    expect(caps('get_forum_topic', 'Get a forum topic by id.')).toContain('EXTERNAL_INGESTION');
    expect(caps('get_message_sender', 'Get the sender of a message.')).toContain('EXTERNAL_INGESTION');
  });

  it('a container or a status is no setup: polling a folder reads its files', () => {
    expect(caps('poll_changes', 'Poll a Google Drive folder for files changed since the token.')).toContain('EXTERNAL_INGESTION');
    expect(caps('get_review_status', 'Get the review status.')).toContain('EXTERNAL_INGESTION');
  });
});
