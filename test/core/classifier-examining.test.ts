/**
 * Examining a stored thing reads it (docs/semantics.md "Classification"): `analyze`, `compare`,
 * `validate`, `parse` and `count` are transformations, and done to a thing the user keeps (a file,
 * a project, a table's rows) they read it. Look-alikes: the same verbs on values passed in the call
 * (a string, two texts, an expression), a validation against a schema, and a negated clause.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description }).capabilities;

describe('examining a stored thing', () => {
  it.each([
    ['analyze_rack', 'Analyze an Ableton drum rack file to extract pad assignments.'],
    ['compare_versions', 'Compare two specific versions of an Ableton project to see what changed.'],
    ['count_rows', 'Count the rows of a table.'],
    ['parse_file', 'Parse a CSV file.'],
    ['validate_config', 'Validate the configuration file in the project.'],
    ['analyse_logs', 'Analyse the log file of the project.'],
  ])('%s reads what it examines', (name, description) => {
    const c = classifyTool({ name, description });
    expect(c.capabilities).toEqual(['PRIVATE_ACCESS']);
    expect(c.evidence.some((e) => e.capability === 'PRIVATE_ACCESS' && ['analyze', 'analyse', 'compare', 'count', 'parse', 'validate'].includes(e.term))).toBe(true);
  });

  it.each([
    ['validate_json', 'Validate a JSON string.'],
    ['compare_texts', 'Compare two texts line by line.'],
    ['parse_cron', 'Parse a cron expression.'],
    ['count_words', 'Count the words in a text.'],
  ])('%s examines a value passed in the call: nothing read', (name, description) => {
    expect(caps(name, description)).toEqual([]);
  });

  it('a validation against a schema, or a negated examination, reads nothing', () => {
    expect(caps('create_ticket', 'Create a ticket. Validates against the ticket schema.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('frobnicate', 'Does not analyze files.')).toEqual([]);
  });

  it('property: an examining verb on a value of the call never reads (seed 7504)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Analyze', 'Compare', 'Validate', 'Parse', 'Count'),
        fc.constantFrom('the given string', 'two strings', 'the text', 'a number', 'the expression', 'a JSON value', 'the characters of a string'),
        (verb, value) => {
          expect(caps('tool', `${verb} ${value}.`)).not.toContain('PRIVATE_ACCESS');
        },
      ),
      { seed: 7504, numRuns: 100 },
    );
  });
});
