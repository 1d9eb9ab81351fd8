/**
 * A computation that says an outside service does its work ("Calculates travel times … using the
 * Matrix API") is no computation on the call's values alone: it is not recognised as harmless.
 * Reading such a tool as the service's text (EXTERNAL_INGESTION) was tried and withdrawn after a
 * review: the same words are said of tools that charge, change cloud resources or read the user's
 * records through an API, which must stay unknown (asked), not be allowed as a read of outside text.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const harmless = (name: string, description: string): unknown => classifyTool({ name, description }).harmless ?? null;
const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description }).capabilities;

describe('a computation done by an outside service is not harmless', () => {
  it('an API, an online service, a cloud, an endpoint or a hosted model named as the means', () => {
    expect(harmless('travel_matrix', 'Calculates travel times and distances between multiple points using the Matrix API.')).toBeNull();
    expect(harmless('deepl_translate', 'Translate text using the DeepL API.')).toBeNull();
    expect(harmless('color_tool', 'Convert colors between HEX and RGB via an online color service.')).toBeNull();
    expect(harmless('hash_tool', 'Compute the hash of the text through the cloud endpoint.')).toBeNull();
  });

  it('look-alikes that stay harmless: no means, a local one, a model as a mere word', () => {
    expect(harmless('matrix', 'Calculates distances between multiple points.')).toEqual({ kind: 'geometry', terms: ['points'] });
    expect(harmless('color', 'Convert colors between HEX, RGB, and HSL formats.')).toEqual({ kind: 'values', terms: ['colors'] });
    expect(harmless('color_tool', 'Convert colors between HEX and RGB with a local service.')).not.toBeNull();
    expect(harmless('color_tool', 'Convert colors between HEX and RGB using the HSL model.')).toEqual({ kind: 'values', terms: ['colors'] });
  });
});

describe('the withdrawn reading: a tool that names a service as its means stays unknown', () => {
  it('a translation, a charge, a change of a cloud resource, a read of the user\'s spend', () => {
    expect(caps('language_translator.translate', 'Translate text from a source language to a target language using an online translation service.')).toEqual([]);
    expect(caps('convert_trial', 'Convert the trial subscription to a paid plan via the Chargebee API.')).toEqual([]);
    expect(caps('resize_server', 'Resize the droplet via the DigitalOcean API.')).toEqual([]);
    expect(caps('aws_cost', 'Calculate the total spend for the current month using the AWS Cost Explorer API.')).toEqual([]);
  });
});
