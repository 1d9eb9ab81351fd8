/**
 * A secret moved is a secret read: sharing, sending, exporting, copying or filling in a password or
 * a key hands its value on, so the tool reads it (CREDENTIAL_ACCESS) besides what the move itself
 * does. Only a secret moves this way: a credential store named as where a send goes (a "Bitwarden
 * Send"), a write of a secret the call provides, and an export of other data read no credential.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description }).capabilities;

describe('a secret moved is a secret read', () => {
  it('an export or a copy of passwords and keys reads them', () => {
    expect(caps('export_passwords', 'Export all saved passwords to a CSV file.')).toEqual(['LOCAL_MUTATION', 'CREDENTIAL_ACCESS']);
    expect(caps('copy_key', 'Copy the API key to the clipboard.')).toEqual(['LOCAL_MUTATION', 'CREDENTIAL_ACCESS']);
  });

  it('a share or a send of one reads it and sends it', () => {
    expect(caps('share_password', 'Share a password with a teammate.')).toEqual(['EXTERNAL_ACTION', 'CREDENTIAL_ACCESS']);
    expect(caps('post_token', 'Post the access token to the webhook.')).toEqual(['EXTERNAL_ACTION', 'CREDENTIAL_ACCESS']);
  });

  it('a password filled into a page is read', () => {
    expect(caps('autofill', 'Autofill the saved password for a site.')).toContain('CREDENTIAL_ACCESS');
    expect(caps('fill_password', 'Fill in the saved password on the login page.')).toContain('CREDENTIAL_ACCESS');
  });

  it('a send to the user herself is a local write, and still reads the secret it mails', () => {
    expect(caps('email_password', 'Email the password to the user.')).toEqual(['LOCAL_MUTATION', 'CREDENTIAL_ACCESS']);
    expect(caps('email_report', 'Email the report to the user.')).toEqual(['LOCAL_MUTATION']);
  });
});

describe('look-alikes: nothing secret leaves', () => {
  it('a credential store named as where a send goes', () => {
    expect(caps('create_text_send', 'Create a new Bitwarden Send for securely sharing text.')).not.toContain('CREDENTIAL_ACCESS');
  });

  it('a write of a secret the call provides, and an export of other data', () => {
    expect(caps('save_password', 'Save the password.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('export_contacts', 'Export all contacts to a CSV file.')).not.toContain('CREDENTIAL_ACCESS');
    expect(caps('copy_file', 'Copy a file to another folder.')).toEqual(['LOCAL_MUTATION']);
  });

  it('a click on a password field moves no secret', () => {
    expect(caps('click_password', 'Click the password field.')).not.toContain('CREDENTIAL_ACCESS');
  });

  it('a request handled with its headers: no secret moved', () => {
    expect(caps('handle_request', 'Handle an outgoing request to an external API and return the status, headers and response.')).not.toContain('CREDENTIAL_ACCESS');
  });
});
