/**
 * A device's radios and modes (Wi-Fi, Bluetooth, airplane mode, mobile data, data roaming, do not
 * disturb, location service). Reading them as the user's own store (a toggle a local write, a status
 * a private read) was tried and withdrawn after a review: the words are said as often of a switch at
 * a carrier, a device manager, a workplace chat or a hosted network, and as one of the user's own
 * stores, one such tool kept every unplaced write of its server local. These are the review's
 * examples: each is a change outside, and none may become local.
 */
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../src/core/guard.js';
import type { ToolSpec } from '../../src/core/types.js';
import { capsOf as caps } from './tools-fixture.js';

describe('a radio or a mode switched at a service stays a change there', () => {
  it.each([
    ['enable_data_roaming', "Enable data roaming on the customer's line."],
    ['set_data_saver', "Turn on data saver for a customer's line."],
    ['set_dnd', 'Turns on Do Not Disturb for the current user in Slack.'],
    ['enable_roaming', 'Enables international roaming on a line.'],
  ])('%s', (name, description) => {
    const got = caps(name, description);
    expect(got).toContain('EXTERNAL_ACTION');
    expect(got).not.toEqual(['LOCAL_MUTATION']);
  });

  it('a send over Wi-Fi or Bluetooth still sends', () => {
    expect(caps('share_file', 'Send a file to a nearby device over Bluetooth.')).toContain('EXTERNAL_ACTION');
  });

  it('a hosted network\'s Wi-Fi setting does not keep its server\'s other writes local', () => {
    const tools: ToolSpec[] = [
      { name: 'update_ssid', description: 'Update the Wi-Fi SSID settings', origin: 'mcp:meraki' },
      { name: 'delete_network', description: 'Delete a network from the Meraki organization', origin: 'mcp:meraki' },
      { name: 'claim_device', description: 'Claim a device into a network', origin: 'mcp:meraki' },
    ];
    const guard = createGuard({ tools });
    expect(guard.tool('delete_network').capabilities).toContain('EXTERNAL_ACTION');
    expect(guard.tool('claim_device').capabilities).not.toEqual(['LOCAL_MUTATION']);
  });

  it('a geocoder called "the location service" reads outside content', () => {
    expect(caps('location_service_search', 'Geocodes an address using the location service.')).toContain('EXTERNAL_INGESTION');
  });
});
