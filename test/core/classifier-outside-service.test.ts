/**
 * A transformation an outside service performs hands back that service's text: "Translate text …
 * using an online translation service", "… using the NLLB model", "requests a translation from the
 * Baidu translation service" are EXTERNAL_INGESTION. Only on a tool that found nothing else and is no
 * harmless computation, and only when the sentence transforms, reads nothing, names nothing of the
 * user's, and says nothing local.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { createGuard } from '../../src/core/guard.js';

const classify = (name: string, description: string): { capabilities: readonly string[]; terms: string[] } => {
  const c = classifyTool({ name, description });
  return { capabilities: c.capabilities, terms: c.evidence.map((e) => e.term) };
};

describe('a transformation by an outside service returns its text', () => {
  it("a translation or a model's answer made by a service, an API or a hosted model", () => {
    expect(classify('language_translator.translate', 'Translate text from a source language to a target language using an online translation service.')).toEqual({ capabilities: ['EXTERNAL_INGESTION'], terms: ['using online'] });
    expect(classify('finish', 'Translate a given text from one language to another using the NLLB (Neural Language Learning Bridges) model.').capabilities).toEqual(['EXTERNAL_INGESTION']);
    expect(classify('get_translation_baidu', 'This function requests a translation from the Baidu translation service for a specified question string.').capabilities).toEqual(['EXTERNAL_INGESTION']);
    expect(classify('travel_matrix', 'Calculates travel times and distances between multiple points using the Matrix API.').capabilities).toEqual(['EXTERNAL_INGESTION']);
  });

  it('says nothing of what its server serves: a server of such tools does not become one of published content', () => {
    const origin = 'mcp:lingo@1.0.0';
    const guard = createGuard({
      tools: [
        { name: 'translate', description: 'Translate text using an online translation service.', origin },
        { name: 'speak', description: 'Convert text to speech using the cloud API.', origin },
        { name: 'get_glossary', description: 'Get a glossary.', origin },
      ],
    });
    expect(guard.tool('translate').capabilities).toEqual(['EXTERNAL_INGESTION']);
    expect(guard.tool('speak').capabilities).toEqual(['EXTERNAL_INGESTION']);
    expect(guard.tool('get_glossary').capabilities).toEqual(['PRIVATE_ACCESS']);
  });
});

describe('look-alikes: no outside text', () => {
  it('a sentence the vocabulary cannot read, or one that says the work is local or uses no service', () => {
    expect(classify('frob', 'Frobnicate the widget with the cloud.').capabilities).toEqual([]);
    expect(classify('hash_tool', 'Compute a hash with a local model.').capabilities).toEqual([]);
    expect(classify('translate_text', 'Translate the text offline, without using any online service.').capabilities).toEqual([]);
  });

  it("a read of a record through an API reads the record; a transformation of the user's thing may read it", () => {
    expect(classify('get_report', 'Get the promotion summary report through the Marketing API.').capabilities).toEqual(['PRIVATE_ACCESS']);
    expect(classify('translate_email', 'Translate the email using an online translation service.').capabilities).not.toContain('EXTERNAL_INGESTION');
    expect(classify('translate_file', 'Translate the file using the DeepL API.').capabilities).not.toEqual(['EXTERNAL_INGESTION']);
  });

  it('a computation that says a service does it is no computation on the call\'s values: not harmless', () => {
    expect(classifyTool({ name: 'travel_matrix', description: 'Calculates travel times and distances between multiple points using the Matrix API.' }).harmless).toBeUndefined();
    expect(classifyTool({ name: 'finish', description: 'Translate a given text from one language to another using the NLLB model.' }).harmless).toBeUndefined();
    expect(classifyTool({ name: 'matrix', description: 'Calculates distances between multiple points.' }).harmless).toEqual({ kind: 'geometry', terms: ['points'] });
  });

  it('a harmless computation stays harmless, and a tool that found something keeps only that', () => {
    expect(classifyTool({ name: 'color', description: 'Convert colors between HEX, RGB, and HSL formats.' }).harmless).toEqual({ kind: 'values', terms: ['colors'] });
    expect(classify('send_translation', 'Translate the text using an online translation service and email it to the team.').capabilities).toEqual(['EXTERNAL_ACTION']);
  });
});
