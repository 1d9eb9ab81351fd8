/**
 * Descriptions an adversarial review wrote against two classifier rules (a word of how often as an
 * adjective; a list of objects going on past a comma), where a first version of the rules was worse
 * than the classifier before it: it lost these sends, or read these left-out items. Each must keep its
 * reading. They were written to break the rules, not to pass them.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description }).capabilities;

describe('reviewed look-alikes of the how-often and list rules', () => {
  // A word of how often that says when a send happens: after `that` or `which`, a conjunction, a
  // subject, or before an object with no determiner.
  it.each<[string, string]>([
    ['digest_scheduler', 'Schedules a digest that daily posts to #general.'],
    ['digest_scheduler2', 'Schedules a digest that daily posts the summary to #general.'],
    ['standup_bot3', 'Configures the standup bot that nightly posts status updates to Slack.'],
    ['freq_verb_mid', 'A cron job that weekly emails the team a summary of open deals.'],
    ['freq_verb_mid3', 'Enables a workflow that hourly messages the on-call channel.'],
    ['freq_verb_mid4', 'An automation that daily emails your clients.'],
    ['freq_verb_mid5', 'Set the bot that weekly posts to the channel.'],
    ['freq_verb_mid6', 'Turns on the integration that monthly emails invoices to customers.'],
    ['mailchimp_automation', 'Creates a Mailchimp automation that monthly emails inactive subscribers a win-back offer.'],
    ['mailchimp_automation2', 'Creates a Mailchimp automation that monthly emails a win-back offer to inactive subscribers.'],
    ['buffer_queue2', 'Adds content to the Buffer queue that hourly posts queued items to your social profiles.'],
    ['buffer_queue3', 'Adds content to the queue that hourly posts to your social profiles.'],
    ['status_bot', 'Registers a status bot that weekly messages project members their open tasks.'],
    ['status_bot2', 'Registers a status bot that weekly messages your project members.'],
    ['status_bot3', 'Registers a status bot that weekly messages project members.'],
    ['birthday_bot', 'Configures the birthday bot that yearly messages each employee on their birthday.'],
    ['birthday_bot2', 'Configures the birthday bot that yearly messages employees on their birthday.'],
    ['create_digest_schedule4', 'Creates a scheduled digest that daily emails new leads to the sales team.'],
    ['create_digest_schedule5', 'Creates a scheduled digest that daily emails the new leads to the sales team.'],
    ['hubspot_sequence', 'Enrolls a contact in a sequence that weekly emails prospects until they reply.'],
    ['weekly_report_mailer', 'Builds the sales report and weekly emails subscribers.'],
    ['standup_bot2', 'Configures the standup bot. It daily messages team members and collects answers.'],
    ['kpi_mailer', 'Computes KPIs and weekly emails stakeholders a summary.'],
    ['kpi_mailer4', 'Computes KPIs and weekly emails out a digest.'],
    ['kpi_mailer5', 'Computes KPIs and nightly emails reports to the finance team.'],
    ['kpi_mailer6', 'Computes KPIs and daily posts summaries in #metrics.'],
    ['kpi_mailer7', 'Computes KPIs and hourly posts alerts on the ops channel.'],
    ['kpi_mailer10', 'Computes KPIs and quarterly emails investors.'],
    ['kpi_mailer11', 'Computes KPIs and quarterly emails all investors.'],
    ['kpi_mailer12', 'Computes KPIs and yearly messages shareholders with the results.'],
    ['kpi_mailer13', 'Computes KPIs and weekly emails subscribed users the digest.'],
    ['mailchimp_automation3', 'Creates a Mailchimp automation; Mailchimp then monthly emails inactive subscribers.'],
    ['buffer_queue', 'Adds content to the Buffer queue, which hourly posts queued items to your social profiles.'],
    ['freq_hyph', 'Collects feedback and bi-weekly emails participants the results.'],
    ['create_digest_schedule3', 'Creates a scheduled digest which daily emails new leads to the sales team.'],
    ['pagerduty_rotation', 'Updates the on-call rotation; the scheduler then nightly messages whoever is on call.'],
    ['pagerduty_rotation3', 'Updates the on-call rotation and nightly messages responders.'],
    ['hubspot_sequence3', 'Enrolls the contact in a sequence; it weekly emails prospects until they reply.'],
    ['rss_to_slack', 'Subscribes a channel to an RSS feed; the bot hourly posts new entries.'],
    ['rss_to_slack2', 'Subscribes a channel to an RSS feed and hourly posts new entries there.'],
    ['invoice_reminder', 'Turns on reminders: Stripe weekly emails customers with overdue invoices.'],
    ['list_adv_freq4', 'Get the deal, and weekly emails owners.'],
  ])('%s: "%s" sends', (name, description) => {
    expect(caps(name, description)).toContain('EXTERNAL_ACTION');
  });

  // Words after a comma that leave things out, or say what the read is for: no item of the list.
  it.each<[string, string]>([
    ['neg_list', 'Get the deal and its stage, excluding comments and emails.'],
    ['neg_list3', 'Get the deal and its stage, without emails, messages or attachments.'],
    ['neg_list4', 'Get the deal and its stage, never the emails or comments.'],
    ['neg_list5', 'Get the deal and its stage, omitting any emails and messages.'],
    ['neg_list9', 'Get the deal and the stage, useful for forecasting and customer reviews.'],
    ['r2_excl2', 'Get the contact and the company, except emails and call notes.'],
    ['r2_excl3', 'Get the contact and the company, not including emails or messages.'],
    ['r2_excl4', 'Get the contact and its properties, minus emails and messages.'],
    ['r2_excl5', 'Get the contact and the company, instead of emails or messages.'],
    ['r2_excl6', 'Get the contact and the company, rather than emails or messages.'],
    ['r2_excl7', 'Get the contact and the company, ignoring emails and comments.'],
    ['r2_excl8', 'Get the contact and the company, skipping emails and comments.'],
    ['r2_excl9', 'Get the contact and the company, filtering out emails and comments.'],
  ])('%s: "%s" reads no e-mails, messages or comments', (name, description) => {
    expect(caps(name, description)).not.toContain('EXTERNAL_INGESTION');
  });
});
