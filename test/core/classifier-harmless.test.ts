/**
 * Harmless apart from unknown: a tool recognised by its name as doing none of the six things is
 * told apart from one the classifier cannot read, and nothing that does something is recognised.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { MAX_DEPTH, MAX_PROPERTIES } from '../../src/core/classifier-schema.js';
import { MAX_TEXT } from '../../src/core/classifier-tokens.js';
import { createGuard } from '../../src/core/guard.js';
import type { ToolSpec } from '../../src/core/types.js';
import { capsOf as caps } from './tools-fixture.js';

const harmless = (name: string, description = ''): unknown => classifyTool({ name, description }).harmless ?? null;

describe('harmless tools are recognised by their names', () => {
  it('the current time, a calculator, a unit conversion, a hand-off to a human', () => {
    expect(harmless('get_current_time', 'Get the current time in a given time zone')).toEqual({ kind: 'time', terms: ['time'] });
    expect(harmless('getCurrentDate')).toEqual({ kind: 'time', terms: ['date'] });
    expect(harmless('get_current_day', "Returns the current day in ISO format, e.g. '2022-01-01'.")).toEqual({ kind: 'time', terms: ['day'] });
    expect(harmless('get_current_timestamp', 'Get current POSIX timestamp')).toEqual({ kind: 'time', terms: ['timestamp'] });
    expect(harmless('calculator', 'Evaluate an arithmetic expression')).toEqual({ kind: 'calculator', terms: ['calculator'] });
    expect(harmless('convert_units', 'Convert a value between units')).toEqual({ kind: 'conversion', terms: ['convert'] });
    expect(harmless('handoff_to_human')).toEqual({ kind: 'handoff', terms: ['handoff', 'human'] });
  });

  it('a property that addresses someone, a command or a local path: not harmless', () => {
    const log = (properties: Record<string, unknown>): unknown => classifyTool({ name: 'logarithm', description: 'Compute the logarithm of a number.', inputSchema: { type: 'object', properties: { x: { type: 'number' }, ...properties } } }).harmless ?? null;
    expect(log({})).not.toBeNull();
    expect(log({ precision: { type: 'integer' }, base: { type: 'number' } })).not.toBeNull();
    for (const p of ['recipient', 'phone_number', 'webhook', 'channel_id', 'command', 'path', 'output_path', 'file_path', 'api_key', 'apikey', 'api_token', 'token', 'access_token', 'auth_token', 'password', 'secret', 'secret_key', 'credentials', 'endpoint', 'base_url', 'customer_id', 'patient_id', 'userId', 'account_id', 'order_id', 'ticket_id', 'record_id', 'file_id', 'document_id', 'contact_id']) {
      expect(log({ [p]: { type: 'string' } }), p).toBeNull();
    }
    expect(harmless('get_current_time')).not.toBeNull();
    expect(classifyTool({ name: 'get_current_time', description: 'Get the current time', inputSchema: { type: 'object', properties: { recipient: { type: 'string' } } } }).harmless).toBeUndefined();
    // A converter's `to` is the unit it converts to.
    expect(classifyTool({ name: 'convert_units', description: 'Convert a value between units', inputSchema: { type: 'object', properties: { value: { type: 'number' }, from: { type: 'string' }, to: { type: 'string' } } } }).harmless).toEqual({ kind: 'conversion', terms: ['convert'] });
  });

  it('look-alikes: another word in the name, a capability anywhere, Code Mode', () => {
    // A word the recognition does not know beside the harmless one.
    expect(harmless('get_time_entries', 'List time entries')).toBeNull();
    expect(harmless('get_day_schedule', 'Get the schedule of the day')).toBeNull();
    expect(harmless('get_file_timestamp', 'Get the modification timestamp of a file')).toBeNull();
    expect(harmless('get_last_login_timestamp', 'Get the timestamp of the user\'s last login')).toBeNull();
    expect(harmless('calculate_tip', 'Calculate the tip for a bill')).toBeNull();
    expect(harmless('convert_currency', 'Convert an amount between currencies')).toBeNull();
    // A harmless name whose spec reads, sends or runs something: the capabilities decide.
    const reads = classifyTool({ name: 'get_current_time', description: 'Read the time of the next meeting from the user’s calendar' });
    expect(reads.capabilities).toContain('PRIVATE_ACCESS');
    expect(reads.harmless).toBeUndefined();
    const sends = classifyTool({ name: 'calculator', description: 'Calculate the total and send the invoice by email' });
    expect(sends.capabilities).toContain('EXTERNAL_ACTION');
    expect(sends.harmless).toBeUndefined();
    // Only words of the name count: a harmless description does not make an opaque name harmless.
    expect(harmless('zx_sync', 'Returns the current time')).toBeNull();
    // No kind word: only neighbours of one.
    expect(harmless('get_current')).toBeNull();
  });

  it('a description must say the same thing and name nothing the tool acts on', () => {
    // A harmless name over a description nobody can read is a tool nobody can read.
    expect(harmless('calculator', 'Frobnicates the zx')).toBeNull();
    expect(harmless('get_current_time', 'Beams the payload to the mothership')).toBeNull();
    // The same kind in other words, or no description at all: recognised.
    expect(harmless('get_time', 'Return the current date and time in ISO 8601')).toEqual({ kind: 'time', terms: ['time'] });
    expect(harmless('get_time')).toEqual({ kind: 'time', terms: ['time'] });
    // An object in a property description: the tool handles something, whatever it computes.
    const withRecord = classifyTool({ name: 'calculator', description: 'Calculate a total', inputSchema: { type: 'object', properties: { note: { type: 'string', description: 'the customer record to include' } } } });
    expect(withRecord.harmless).toBeUndefined();
  });

  it('a chart or a diagram drawn from values in the call: a maker verb, the chart type, the kind word', () => {
    const boxplot = {
      name: 'generate_boxplot_chart',
      description: 'Generate a boxplot chart to show statistical summaries of the values given.',
      inputSchema: { type: 'object', properties: { data: { type: 'array', description: 'Data for the boxplot chart' }, style: { type: 'object', description: 'Style configuration for the chart' } } },
    };
    expect(classifyTool(boxplot)).toMatchObject({ capabilities: [], harmless: { kind: 'chart', terms: ['chart'] } });
    expect(harmless('draw_fishbone_diagram', 'Draw a fishbone diagram of causes and effects.')).toEqual({ kind: 'chart', terms: ['diagram'] });
    expect(harmless('render_chart')).toEqual({ kind: 'chart', terms: ['chart'] });
    // The property about the chart itself is no object acted on; the same object without the kind word is.
    const fromRecords = { ...boxplot, inputSchema: { type: 'object', properties: { style: { type: 'object', description: 'Style configuration to apply' } } } };
    expect(classifyTool(fromRecords).harmless).toBeUndefined();
  });

  it('chart look-alikes: a known word in the name, a word after the kind, another kind, an act in the spec', () => {
    // A word the vocabulary knows before the kind word: a patient's chart is a record.
    expect(classifyTool({ name: 'get_patient_chart', description: 'Get the chart of a patient.' })).toMatchObject({ capabilities: ['PRIVATE_ACCESS'] });
    expect(harmless('export_chart', 'Export the chart as a PNG file to the given path.')).toBeNull();
    // Unknown words stand only before the kind word, and only a rendering takes them or a maker verb.
    expect(harmless('chart_zorblat', 'Chart.')).toBeNull();
    // An unknown word beside the kind word with no maker: nothing says what is done to the chart.
    expect(harmless('zorblat_chart', 'A chart.')).toBeNull();
    expect(harmless('zorblat_chart')).toBeNull();
    // A known word beside a maker and the kind word, before or after it: a patient's chart is a record.
    expect(harmless('generate_patient_chart')).toBeNull();
    expect(harmless('generate_chart_patient')).toBeNull();
    expect(harmless('zorblat_calculator', 'Calculate.')).toBeNull();
    expect(harmless('generate_time', 'Generate the time.')).toBeNull();
    // The spec sends, reads a local file, or names what the chart is drawn from.
    expect(classifyTool({ name: 'generate_chart', description: 'Generate a chart and post it to a Slack channel.' })).toMatchObject({ capabilities: ['EXTERNAL_ACTION'] });
    const localFile = classifyTool({ name: 'generate_line_chart', description: 'Generate a line chart.', inputSchema: { type: 'object', properties: { path: { type: 'string', description: 'Path of the local CSV file to read the data from' } } } });
    expect(localFile).toMatchObject({ capabilities: ['PRIVATE_ACCESS'] });
    expect(localFile.harmless).toBeUndefined();
    expect(harmless('generate_sales_chart', 'Generate a sales chart from the orders database.')).toBeNull();
    expect(harmless('generate_chart', 'Frobnicates the zx')).toBeNull();
  });

  it('a computation on shapes passed in the call: a known verb, a shape, nothing acted on', () => {
    expect(classifyTool({ name: 'area_tool', description: 'Calculate the area of a polygon or multipolygon.' })).toMatchObject({ capabilities: [], harmless: { kind: 'geometry', terms: ['polygon', 'multipolygon'] } });
    expect(harmless('union_tool', 'Merge two or more polygons into a single geometry.')).toEqual({ kind: 'geometry', terms: ['polygons', 'geometry'] });
    expect(harmless('bearing_tool', 'Calculate the bearing from one point to another.')).toEqual({ kind: 'geometry', terms: ['point'] });
    // A property about the shapes themselves names nothing acted on.
    const withShapes = { name: 'midpoint_tool', description: 'Calculate the midpoint of two coordinates.', inputSchema: { type: 'object', properties: { a: { type: 'array', description: 'The first point, as coordinates' } } } };
    expect(classifyTool(withShapes).harmless).toEqual({ kind: 'geometry', terms: ['coordinates'] });
  });

  it('geometry look-alikes: no shape, an unknown verb, a lookup, something acted on', () => {
    // No shape: a sum over the user's data is no computation on values given.
    expect(harmless('spend_tool', 'Calculate the total spend this month.')).toBeNull();
    // A verb nobody can read.
    expect(harmless('zorblat', 'Zorblat the points.')).toBeNull();
    // A lookup at a place reads a service's data.
    expect(harmless('elevation', 'Get the elevation at the given coordinates.')).toBeNull();
    expect(harmless('get_polygon', 'Returns the polygon of a region.')).toBeNull();
    // Something acted on, in the description or a property, or a send.
    expect(harmless('region_area', "Calculate the area of the user's saved region polygon from the database.")).toBeNull();
    expect(classifyTool({ name: 'distance_tool', description: 'Calculate the distance between two points and email it to the team.' }).capabilities).toEqual(['EXTERNAL_ACTION']);
    const fromFile = classifyTool({ ...{ name: 'midpoint_tool', description: 'Calculate the midpoint of two coordinates.' }, inputSchema: { type: 'object', properties: { file: { type: 'string', description: 'Path of a local file to read the points from' } } } });
    expect(fromFile.harmless).toBeUndefined();
    expect(fromFile.capabilities).toEqual(['PRIVATE_ACCESS']);
    // One thing named and nothing done to it by a known act is still something the tool handles:
    // in the description, or in a property that is not about the shapes.
    expect(harmless('area_tool', 'Calculate the area of a polygon in the note.')).toBeNull();
    const noteProperty = { type: 'object', properties: { src: { type: 'string', description: 'The note to compute from' } } };
    expect(classifyTool({ name: 'area_tool', description: 'Calculate the area of a polygon.', inputSchema: noteProperty }).harmless).toBeUndefined();
    const styleProperty = { type: 'object', properties: { style: { type: 'object', description: 'Style configuration of the polygon' } } };
    expect(classifyTool({ name: 'area_tool', description: 'Calculate the area of a polygon.', inputSchema: styleProperty }).harmless).toEqual({ kind: 'geometry', terms: ['polygon'] });
    // Points of a loyalty account are no shape.
    expect(classifyTool({ name: 'score_points', description: 'Add points to the customer loyalty account.' }).harmless).toBeUndefined();
  });

  it('a computation on other values passed in the call: a known verb, a value, nothing acted on, a name that does nothing itself', () => {
    expect(classifyTool({ name: 'base64', description: 'Encode or decode Base64 strings' })).toMatchObject({ capabilities: [], harmless: { kind: 'values', terms: ['strings'] } });
    expect(harmless('color', 'Convert colors between HEX, RGB, and HSL formats')).toEqual({ kind: 'values', terms: ['colors'] });
    expect(harmless('diff', 'Compare two texts: line-by-line diff')).toEqual({ kind: 'values', terms: ['texts'] });
    expect(harmless('luhn', 'Validate or generate check digits using the Luhn algorithm')).toEqual({ kind: 'values', terms: ['digits'] });
    // A property about the values themselves names nothing acted on.
    const input = { type: 'object', properties: { input: { type: 'string', description: 'The string to encode or decode' } } };
    expect(classifyTool({ name: 'base64', description: 'Encode or decode Base64 strings', inputSchema: input }).harmless).toEqual({ kind: 'values', terms: ['strings'] });
  });

  it('value look-alikes: something acted on, a lookup, an unknown verb, a name that writes or sends', () => {
    // Something the tool acts on, in the description or a property.
    expect(classifyTool({ name: 'convert_tool', description: 'Convert the file to PDF and return its text.' }).harmless).toBeUndefined();
    expect(harmless('count_tool', 'Count the characters of the open tickets.')).toBeNull();
    const fromFile = classifyTool({ name: 'encode_tool', description: 'Encode strings as Base64.', inputSchema: { type: 'object', properties: { path: { type: 'string', description: 'Path of a local file to read the strings from' } } } });
    expect(fromFile.harmless).toBeUndefined();
    expect(fromFile.capabilities).toContain('PRIVATE_ACCESS');
    // A lookup reads a service's data.
    expect(harmless('page_text', 'Get the text of the page.')).toBeNull();
    // A verb nobody can read.
    expect(harmless('zorblat', 'Zorblat the strings.')).toBeNull();
    // Numbers kept somewhere, said in the words of numbers (found by reviews of the arithmetic test).
    const X = { type: 'number' };
    const I = { type: 'integer' };
    const kept = (name: string, description: string, properties: Record<string, unknown>): unknown => classifyTool({ name, description, inputSchema: { type: 'object', properties } }).harmless ?? null;
    expect(kept('scale', 'Multiply all values by x', { x: X })).toBeNull();
    expect(kept('sorter', 'Sort the set of values with the given number', { n: I })).toBeNull();
    expect(kept('accumulate', 'Add the value to the sum', { value: X })).toBeNull();
    expect(kept('tally', 'Subtract x from number a and add x to number b.', { x: X, a: I, b: I })).toBeNull();
    expect(kept('reduce', 'Divide number n by x.', { n: I, x: X })).toBeNull();
    expect(kept('scale', 'Multiply the base by x and return the result.', { x: X })).toBeNull();
    expect(kept('range_sum', 'Calculate the sum of the values from a to b', { a: X, b: X })).toBeNull();
    expect(kept('scale', 'Multiply the value by x.', { x: X })).toBeNull();
    expect(kept('rounder', 'Round up the value.', { x: X })).toBeNull();
    expect(kept('rounder', 'Round the value to two decimals.', { value: X })).toEqual({ kind: 'values', terms: ['value'] });
    expect(kept('log', 'Compute the logarithm of a number.', { value: { type: 'number', description: 'The number to compute the logarithm of.' } })).not.toBeNull();
    // Every word of the test, each on its own.
    const one = { a: X };
    for (const w of ['number', 'numbers', 'value', 'values', 'digit', 'digits', 'base', 'bases']) {
      expect(kept('calc_tool', `Compute the square of ${w} n.`, one), `${w} n`).toBeNull();
      expect(kept('calc_tool', `Compute the square of ${w}.`, one), w).not.toBeNull();
    }
    for (const w of ['all', 'each', 'every']) expect(kept('calc_tool', `Compute the square of ${w} values.`, one), w).toBeNull();
    for (const d of ['the', 'its', 'their']) {
      expect(kept('calc_tool', `Compute the square of ${d} numbers.`, one), `${d} numbers`).toBeNull();
      expect(kept('calc_tool', `Compute the square of ${d} number.`, one), `${d} number`).toBeNull();
    }
    expect(kept('calc_tool', 'Compute the square of the sum of numbers.', one)).not.toBeNull();
    for (const k of ['sum', 'total', 'base', 'whole', 'part', 'list', 'set', 'sequence', 'collection', 'series', 'array', 'balance', 'counter', 'count']) {
      expect(kept('calc_tool', `Compute the square of numbers and add them to the ${k}.`, one), `to the ${k}`).toBeNull();
      expect(kept('calc_tool', `Compute the square of numbers and add them to a ${k}.`, one), `to a ${k}`).toBeNull();
    }
    for (const p of ['to', 'from', 'into', 'by', 'in', 'on', 'at']) expect(kept('calc_tool', `Compute the square of numbers ${p} an array.`, one), p).toBeNull();
    for (const c of ['list', 'set', 'sequence', 'collection', 'series', 'array']) expect(kept('calc_tool', `Compute the square of the ${c} of numbers.`, one), c).toBeNull();
    expect(kept('calc_tool', 'Compute the square of numbers to sum.', one)).not.toBeNull();
    expect(kept('calc_tool', 'Compute the square of numbers from a.', one)).not.toBeNull();
    expect(kept('calc_tool', 'Compute the square of numbers from a to b.', one)).toBeNull();
    expect(kept('calc_tool', 'Compute the square of the numbers.', { numbers: { type: 'array', items: X } })).not.toBeNull();
    expect(kept('calc_tool', 'Compute the square of numbers up to the total.', { a: X, total: X })).not.toBeNull();
    expect(kept('calc_tool', 'Compute the square of numbers up to the total.', one)).toBeNull();
    // Read as written: an example, a hyphen, a decimal, a parenthesis, a dash, letters of any script.
    expect(kept('calc_tool', 'Compute the square of numbers (e.g. add them to the sum).', one)).toBeNull();
    expect(kept('calc_tool', 'Compute the square of non-negative numbers, up to 2.5 times, to the sum.', one)).toBeNull();
    expect(kept('calc_tool', 'Compute the square of "numbers" [to the sum].', one)).toBeNull();
    expect(kept('calc_tool', 'Compute the square of numbers: the sum.', one)).toBeNull();
    expect(kept('calc_tool', 'Compute the square of numbers — to the sum.', one)).toBeNull();
    expect(kept('calc_tool', 'Compute the square of numbers - to the sum.', one)).toBeNull();
    expect(kept('calc_tool', 'Compute the square of numbers, café, to the sum.', one)).toBeNull();
    // … while numbers the call passes stay harmless.
    expect(kept('to_decibels', 'Converts numbers to decibels.', { numbers: { type: 'array', items: X } })).toEqual({ kind: 'values', terms: ['numbers'] });
    expect(kept('mean', 'Calculate the mean of a list of numbers. List of numbers to sum.', { numbers: { type: 'array', items: X }, precision: { type: 'integer', description: 'Desired precision for the result.' } })).not.toBeNull();
    // A name with no word the classifier reads says nothing of what the tool is.
    expect(harmless('💸', 'Encode or decode Base64 strings')).toBeNull();
    expect(harmless('송금', 'Converts numbers to decibels.')).toBeNull();
    // What it computed written or sent, though no thing the vocabulary places is named.
    expect(harmless('format_json', 'Formats a string as JSON and writes it to output.json.')).toBeNull();
    expect(harmless('hash_tool', 'Compute the hash of a string, then send it to the audit log.')).toBeNull();
    expect(harmless('format_json', 'Formats a string as JSON and returns it.')).not.toBeNull();
    // `concatenate` as a transformation was tried and withdrawn after a review: `concatenate_<thing>`
    // names lost the read of what they join.
    expect(classifyTool({ name: 'concat_secrets', description: 'Concatenate the secrets' }).capabilities).toContain('CREDENTIAL_ACCESS');
    expect(classifyTool({ name: 'concatenate_emails', description: 'Concatenate emails' }).capabilities).toContain('PRIVATE_ACCESS');
    expect(classifyTool({ name: 'concatenate_files', description: 'Concatenates the given files' }).capabilities).toContain('PRIVATE_ACCESS');
    // A name that writes or sends acts on a record the vocabulary does not name.
    expect(classifyTool({ name: 'create_text_item', description: 'Create a text item with the given text.' }).harmless).toBeUndefined();
    expect(classifyTool({ name: 'send_text', description: 'Encode the text as Base64.' }).harmless).toBeUndefined();
    // The values are sent: an act, whatever they are.
    expect(classifyTool({ name: 'hex_tool', description: 'Convert numbers to hex and email them to the team.' }).capabilities).toEqual(['EXTERNAL_ACTION']);
    // Inputs shaped to hide an act: a property that runs, an act nested deep in the schema, and an act
    // padded past the text cap (read only in part, so never harmless).
    const withCommand = classifyTool({ name: 'base64', description: 'Encode or decode Base64 strings', inputSchema: { type: 'object', properties: { command: { type: 'string' } } } });
    expect(withCommand.harmless).toBeUndefined();
    expect(withCommand.capabilities).toContain('CODE_EXECUTION');
    const nested = { type: 'object', properties: { input: { type: 'object', properties: { inner: { type: 'object', properties: { url: { type: 'string', description: 'Web page to fetch and send the strings to' } } } } } } };
    expect(classifyTool({ name: 'base64', description: 'Encode or decode Base64 strings', inputSchema: nested }).harmless).toBeUndefined();
    const padded = classifyTool({ name: 'base64', description: `Encode or decode Base64 strings${' '.repeat(MAX_TEXT)} and email them` });
    expect(padded.harmless).toBeUndefined();
    expect(padded.unread).toBeDefined();
  });

  it('what a computation computed, kept or sent in the passive or as "the result", is an act', () => {
    const encode = (more: string): unknown => harmless('encode_tool', `Encode the strings.${more}`);
    expect(encode('')).not.toBeNull();
    for (const more of [
      ' The result is uploaded to the configured bucket.',
      ' The result is then automatically uploaded.',
      ' The output will be saved.',
      ' Results are sent to the team.',
      ' Each result is e-mailed to the owner.',
      ' The encoded strings are stored and logged.',
      ' It also uploads the result.',
      ' Then it saves the output.',
      // Verbs of keeping that the vocabulary gives no write role: before what was computed, an act.
      ' Then it persists it.',
      ' It stores them.',
      ' It caches the result.',
      ' It keeps the output.',
    ]) expect(encode(more), more).toBeNull();
    // The same words in a property's description.
    const inProperty = classifyTool({ name: 'encode_tool', description: 'Encode the strings.', inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'The text; the encoded result is then e-mailed to you' } } } });
    expect(inProperty.harmless).toBeUndefined();
    // Look-alikes that keep it harmless: a negated keep, who wrote the input, the form a text is
    // written in, a text's own edits, a result returned.
    for (const more of [
      ' The result is never stored.',
      ' The result is not uploaded anywhere.',
      ' The string may be the body of a request as it was sent by the client.',
      ' The string is written in UTC.',
      ' Each match is replaced by the given text.',
      ' The result is returned.',
      ' It returns the result.',
    ]) expect(encode(more), more).not.toBeNull();
  });

  it('a property whose last word names a place or a kept thing: not harmless, unless the tool makes code', () => {
    const encode = (prop: string): unknown => classifyTool({ name: 'encode_tool', description: 'Encode the strings.', inputSchema: { type: 'object', properties: { [prop]: { type: 'string' } } } }).harmless ?? null;
    for (const p of ['csv_path', 'outputDir', 's3_bucket', 'sensor_id', 'deviceId', 'job_uuid', 'smtp_host', 'report_folder', 'callback_endpoint']) expect(encode(p), p).toBeNull();
    // Values such a computation takes: a base URI to put in its output, a precision, a separator; a
    // word that merely ends in `id`.
    for (const p of ['base_uri', 'precision', 'separator', 'idle', 'paid']) expect(encode(p), p).not.toBeNull();
    // A maker of code takes the made program's parameters: a chain id is a value of the contract.
    const contract = classifyTool({ name: 'solidity_erc20', description: 'Make a fungible token per the ERC-20 standard.\n\nReturns the source code of the generated contract.', inputSchema: { type: 'object', properties: { name: { type: 'string' }, premintChainId: { type: 'string' } } } });
    expect(contract.harmless).toEqual({ kind: 'code', terms: ['code'] });
  });

  it('a computation that runs, changes, keeps or passes on something is not harmless, whatever it names', () => {
    expect(harmless('average', 'Compute the average of the numbers.')).toEqual({ kind: 'values', terms: ['numbers'] });
    for (const description of [
      'Compute the average of the numbers and persist the average.',
      'Terminates the processes whose ids are given as numbers.',
      'Shuts down the machine after a number of seconds.',
      'Executes the given WebAssembly module on the numbers.',
      'Computes values and streams them to Kafka.',
      'Computes values and reports them to the server.',
      'Multiplies two numbers and returns the result. Usage is reported to our telemetry service.',
    ]) expect(harmless('average', description), description).toBeNull();
    // A property that keeps or passes on the result, or a callback.
    const mean = (properties: Record<string, unknown>): unknown => classifyTool({ name: 'mean', description: 'Computes the mean of numbers.', inputSchema: { type: 'object', properties } }).harmless ?? null;
    expect(mean({ numbers: { type: 'array', items: { type: 'number' } } })).not.toBeNull();
    expect(mean({ persist: { type: 'boolean', description: 'Persist the result.' } })).toBeNull();
    expect(mean({ upload: { type: 'boolean', description: 'If true, uploads it to S3.' } })).toBeNull();
    expect(mean({ callback_url: { type: 'string' } })).toBeNull();
    // Look-alikes that stay harmless: a shape's own edits, an edit distance, a property that sets the
    // output ("to enable it").
    expect(harmless('union_tool', 'Merge two or more polygons into a single unified geometry.')).toEqual({ kind: 'geometry', terms: ['polygons', 'geometry'] });
    expect(harmless('diff', 'Compare two texts: line-by-line diff, or the full replacement if the edit distance exceeds 1000')).toEqual({ kind: 'values', terms: ['texts'] });
    expect(mean({ ratio: { type: 'number', description: 'Set the value to 0.6 to enable it.' } })).not.toBeNull();
    // Integers, floats and arrays as values were tried again and withdrawn after a second review:
    // they are how sensor, metrics and process tools speak of their data, and the computation test
    // cannot tell a microphone's samples from the call's own numbers.
    expect(harmless('multiply', 'Multiplies two integers and returns the result.')).toBeNull();
    expect(harmless('readings', 'Converts an array of floats from the microphone to decibels.')).toBeNull();
  });

  it('a computation on values that says whose they are or where they come from is not harmless', () => {
    for (const description of [
      'Converts numbers from the microphone to decibels.',
      "Computes the mean of numbers: the student's grades in the gradebook.",
      'Computes the average of your numbers.',
    ]) expect(harmless('values_tool', description), description).toBeNull();
    // Look-alikes that stay harmless: a format the output is in, a conversion between named forms,
    // a shape taken from another shape.
    expect(harmless('tts', 'Converts input text into spoken audio, providing the resulting audio in a specified format.')).toEqual({ kind: 'values', terms: ['text'] });
    expect(harmless('color', 'Convert colors from HEX to RGB.')).toEqual({ kind: 'values', terms: ['colors'] });
    expect(harmless('difference_tool', 'Subtract one polygon from another, returning the area of the first polygon.')).toEqual({ kind: 'geometry', terms: ['polygon'] });
  });

  it('the time, a calculator or the server\'s status: every sentence of the description says what the name says', () => {
    expect(harmless('getTodayDate', "Get today's date in local timezone (YYYY-MM-DD format). Use this tool whenever you need today's date")).toEqual({ kind: 'time', terms: ['date'] });
    expect(harmless('get_server_version', 'Returns the MCP server version. The version follows semver.')).toEqual({ kind: 'status', terms: ['version'] });
    for (const [name, description] of [
      ['get_current_time', 'Get the current time. Also shuts down the computer at midnight.'],
      ['calculator', 'Evaluate an arithmetic expression. Pulls your latest balance from the bank first.'],
      ['get_version', 'Returns the server version. Restarts the server when it is out of date.'],
      // A clause joined by "and" or "then" that acts on something, known to the vocabulary or not.
      ['get_current_time', 'Get the current time and start a timer for one hour.'],
      ['calculator', 'Evaluate an arithmetic expression and kill the process.'],
      ['get_current_time', 'Get the current time, then set the alarm.'],
    ]) expect(harmless(name as string, description as string), description).toBeNull();
    // Look-alikes: a list of things, the result handed back.
    expect(harmless('get_current_time', 'Get the current time and date.')).toEqual({ kind: 'time', terms: ['time'] });
    expect(harmless('calculator', 'Evaluate an arithmetic expression and return the result.')).toEqual({ kind: 'calculator', terms: ['calculator'] });
    expect(harmless('date', 'Date calculations: diff between dates, add to date, weekday, and Japanese wareki conversion')).toEqual({ kind: 'time', terms: ['date'] });
  });

  it('a name of two units joined by `to` is a conversion, held to the same test as `convert_units`', () => {
    expect(harmless('fahrenheit_to_celsius', 'Convert a temperature from Fahrenheit to Celsius.')).toEqual({ kind: 'conversion', terms: ['fahrenheit', 'celsius'] });
    expect(harmless('milesToKm', 'Converts miles to kilometers.')).toEqual({ kind: 'conversion', terms: ['miles', 'km'] });
    // A name alone says it, as `convert_units` alone does.
    expect(harmless('miles_to_km')).toEqual({ kind: 'conversion', terms: ['miles', 'km'] });
    expect(harmless('convert_units')).toEqual({ kind: 'conversion', terms: ['convert'] });
    // Look-alikes: a description that does not convert, or names what it acts on, or acts; a
    // currency (a service's rates); another word in the name; a property that addresses someone.
    expect(harmless('miles_to_km', "Get the user's frequent flyer miles.")).toBeNull();
    expect(harmless('miles_to_km', "Convert the miles of the user's runs to kilometers.")).toBeNull();
    expect(classifyTool({ name: 'miles_to_km', description: 'Convert miles to kilometers and email them to the team.' }).capabilities).toEqual(['EXTERNAL_ACTION']);
    expect(harmless('usd_to_eur', 'Convert dollars to euros.')).toBeNull();
    expect(harmless('get_miles_to_km', 'Convert miles to kilometers.')).toBeNull();
    expect(classifyTool({ name: 'miles_to_km', description: 'Convert miles to kilometers.', inputSchema: { type: 'object', properties: { miles: { type: 'number' }, recipient: { type: 'string' } } } }).harmless).toBeUndefined();
    // A review's findings: units are also what timers, quotas, fitness logs and devices measure. Only
    // a description that says nothing but the conversion, and properties of units and values, are one.
    for (const [name, description] of [
      ['hours_to_minutes', 'Convert hours to minutes and start a timer for that long.'],
      ['seconds_to_minutes', 'Convert seconds to minutes and shut down the computer after that time.'],
      ['degrees_to_radians', 'Convert degrees to radians and rotate the robot arm by that angle.'],
      ['miles_to_km', 'Convert the miles in your Strava activities to kilometers.'],
      ['kg_to_lbs', 'Convert kg to lbs. Pulls your latest weigh-in from Withings.'],
      ['bytes_to_gb', 'Convert your used storage from bytes to GB.'],
      ['seconds_to_minutes', 'Convert the uptime of the server from seconds to minutes.'],
      ['pound_to_kg', 'Convert GBP to EUR.'],
    ]) expect(harmless(name as string, description as string), description).toBeNull();
    const withProperty = (properties: Record<string, unknown>): unknown => classifyTool({ name: 'celsius_to_fahrenheit', description: 'Convert Celsius to Fahrenheit.', inputSchema: { type: 'object', properties } }).harmless ?? null;
    expect(withProperty({ celsius: { type: 'number', description: 'The temperature in degrees Celsius that needs to be converted.' } })).not.toBeNull();
    expect(withProperty({ thermostat: { type: 'string' } })).toBeNull();
    expect(withProperty({ celsius: { type: 'number', description: 'Defaults to the reading of your living room sensor.' } })).toBeNull();
    // The same closed test holds for every conversion, whatever its name says.
    expect(harmless('convert_units', 'Convert a value between units.')).toEqual({ kind: 'conversion', terms: ['convert'] });
    expect(harmless('convert', 'Convert between units: length, weight, temperature, area, volume, speed, data, time')).toEqual({ kind: 'conversion', terms: ['convert'] });
    expect(harmless('convert_units', 'Convert hours to minutes and start a timer for that long.')).toBeNull();
    expect(harmless('unit_converter', 'Convert the miles in your Strava activities to kilometers.')).toBeNull();
  });

  it('values under a name that writes, sends or runs are never harmless (seed 7502)', () => {
    const verbs = fc.constantFrom('create', 'update', 'delete', 'send', 'post', 'upload', 'run', 'execute', 'replace', 'publish');
    const values = fc.constantFrom('string', 'text', 'numbers', 'colors', 'expression', 'values', 'digits', 'timestamps');
    const acts = fc.constantFrom('Convert', 'Encode', 'Validate', 'Compare', 'Format');
    fc.assert(
      fc.property(verbs, values, acts, (verb, value, act) => {
        expect(classifyTool({ name: `${verb}_${value}`, description: `${act} the ${value}.` }).harmless).toBeUndefined();
      }),
      { seed: 7502, numRuns: 200 },
    );
  });

  it('a spec read only in part is never harmless: padding past a cap may hide an act', () => {
    const hidden = ' Then email the result to the team.';
    const pad = ' lorem'.repeat(Math.ceil(MAX_TEXT / 6)); // past the text cap
    const count = MAX_PROPERTIES + 1;
    const key = (i: number): string => `p${String(i).padStart(4, '0')}`;
    const many = (last: string): unknown => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [key(i), { type: 'string', description: i === count - 1 ? last : 'a value' }])) });
    let deep: Record<string, unknown> = { type: 'string', description: 'The address to email the result to' };
    for (let i = 0; i < MAX_DEPTH + 2; i++) deep = { type: 'object', properties: { inner: deep } };
    const half = 'a value '.repeat(MAX_TEXT / 8);
    const full = { type: 'object', properties: Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`n${i}`, { type: 'string', description: half }])) };
    for (const [name, description] of [['calculator', 'Evaluate an arithmetic expression.'], ['generate_boxplot_chart', 'Generate a boxplot chart.'], ['area_tool', 'Calculate the area of a polygon.']] as const) {
      // Read whole, each is harmless, and the same act said within the caps is read.
      expect(classifyTool({ name, description }).harmless, name).toBeDefined();
      expect(classifyTool({ name, description: description + hidden }).capabilities, name).toEqual(['EXTERNAL_ACTION']);
      // Past a cap: no longer harmless, and the classification says where reading stopped.
      const cases: [string, ToolSpec, string][] = [
        ['long description', { name, description: description + pad + hidden }, 'description'],
        [`${count} properties`, { name, description, inputSchema: many('The address to email the result to') }, 'schema'],
        [`${MAX_DEPTH + 2} levels`, { name, description, inputSchema: deep }, 'schema'],
        ['long property description', { name, description, inputSchema: { type: 'object', properties: { note: { type: 'string', description: 'A value.' + pad + hidden } } } }, 'schema'],
        ['long property name', { name, description, inputSchema: { type: 'object', properties: { ['k'.repeat(MAX_TEXT + 1)]: { type: 'string' } } } }, 'schema'],
        ['long name', { name: name + '_'.repeat(MAX_TEXT) + 'send_email', description }, 'name'],
        ['the whole spec past its characters', { name, description, inputSchema: full }, 'schema'],
      ];
      for (const [what, spec, source] of cases) {
        const cls = classifyTool(spec);
        expect(cls.harmless, `${name}, ${what}`).toBeUndefined();
        expect(cls.unread?.source, `${name}, ${what}`).toBe(source);
      }
    }
    // Within the caps (fewer properties than the cap, properties read down to the depth cap, a text
    // exactly as long as the cap), still harmless and read whole.
    const whole = (spec: ToolSpec): void => {
      const cls = classifyTool(spec);
      expect([cls.harmless?.kind, cls.unread]).toEqual(['calculator', undefined]);
    };
    let atDepth: Record<string, unknown> = { type: 'object', properties: { leaf: { type: 'string', description: 'a value' } } };
    for (let i = 0; i < MAX_DEPTH; i++) atDepth = { type: 'object', properties: { inner: atDepth } };
    whole({ name: 'calculator', description: 'Evaluate an arithmetic expression.', inputSchema: atDepth });
    const fill = (text: string): string => (text + pad).slice(0, MAX_TEXT);
    // (One sentence: a calculator's every sentence says what it is.)
    whole({ name: 'calculator', description: fill('Evaluate an arithmetic expression') });
    whole({ name: `calculator${'_'.repeat(MAX_TEXT - 10)}`, description: 'Evaluate an arithmetic expression.' });
    const exact = { type: 'object', properties: { note: { type: 'string', description: 'a value '.repeat(MAX_TEXT / 8) } } };
    whole({ name: 'calculator', description: 'Evaluate an arithmetic expression.', inputSchema: exact });
    // One level further down, through `items` as through `properties`, is unread.
    let viaItems: Record<string, unknown> = { type: 'object', properties: { to: { type: 'string', description: 'The address to email the result to' } } };
    for (let i = 0; i < MAX_DEPTH + 2; i++) viaItems = { type: 'array', items: viaItems };
    expect(classifyTool({ name: 'calculator', description: 'Evaluate an arithmetic expression.', inputSchema: viaItems }).harmless).toBeUndefined();
    const props = (n: number): unknown => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [key(i), { type: 'string', description: 'a value' }])) });
    whole({ name: 'calculator', description: 'Evaluate an arithmetic expression.', inputSchema: props(MAX_PROPERTIES - 1) });
    // At the count cap the reader cannot tell whether more followed: no longer harmless.
    expect(classifyTool({ name: 'calculator', description: 'Evaluate an arithmetic expression.', inputSchema: props(MAX_PROPERTIES) }).harmless).toBeUndefined();
    // Properties past the cap in a second schema of an items list are unread too.
    const split = { type: 'object', properties: { a: { type: 'array', items: [props(MAX_PROPERTIES - 1), props(5)] } } };
    expect(classifyTool({ name: 'calculator', description: 'Evaluate an arithmetic expression.', inputSchema: split }).harmless).toBeUndefined();
  });

  it('a hand-off of the conversation to a person, told in the description, is no act', () => {
    const tau = {
      name: 'transfer_to_human_agents',
      description: "Transfer the user to a human agent, with a summary of the user's issue. Only transfer if the user explicitly asks for a human agent, or if the user's issue cannot be resolved by the agent with the available tools.",
      inputSchema: { type: 'object', properties: { summary: { type: 'string', description: "A summary of the user's issue." } } },
    };
    expect(classifyTool(tau)).toMatchObject({ capabilities: [], harmless: { kind: 'handoff' } });
    expect(harmless('handoff_to_human', 'Hand the conversation off to a human support agent.')).toMatchObject({ kind: 'handoff' });
    expect(harmless('escalate_to_human', 'Escalate the chat to a live human representative when the customer asks for one.')).toMatchObject({ kind: 'handoff' });
  });

  it('hand-off look-alikes keep what they do: a transfer of money or files, a send beside the hand-off, a name that is no hand-off', () => {
    // No hand-off clause: the name's transfer is a transfer.
    expect(caps('transfer_to_human_agents', "Transfer funds from the user's account to a human agent's bank account.")).toContain('EXTERNAL_ACTION');
    expect(caps('transfer_to_human', "Transfer the user's files to a human agent by email.")).toContain('EXTERNAL_ACTION');
    // A hand-off clause, and a transfer with an object of its own: still a transfer.
    const both = classifyTool({ name: 'transfer_to_human', description: "Transfer the user to a human agent. Then transfer the funds to the agent's account." });
    expect(both.capabilities).toContain('EXTERNAL_ACTION');
    expect(both.harmless).toBeUndefined();
    // A hand-off clause, and a send of its own.
    const mails = classifyTool({ name: 'handoff_to_human', description: 'Hand the conversation off to a human agent, then send the transcript to the vendor by email.' });
    expect(mails.capabilities).toContain('EXTERNAL_ACTION');
    expect(mails.harmless).toBeUndefined();
    // What is transferred decides, not the words around it: the user's account balance, to a human
    // agent's bank account, is money; a user handed to billing, "not a human", is no hand-off.
    expect(caps('transfer_to_human_agents', "Transfer the user's account balance to a human agent's bank account.")).toContain('EXTERNAL_ACTION');
    expect(caps('transfer_to_human', 'Transfer the user to billing, not a human.')).toContain('EXTERNAL_ACTION');
    // The clause may hand the user `over`.
    expect(harmless('transfer_to_human', 'Transfer the user over to a human agent.')).toMatchObject({ kind: 'handoff' });
    // The clause alone does not make a name harmless: `transfer_call` says nothing of a person.
    expect(classifyTool({ name: 'transfer_call', description: 'Transfer the call to a human agent.' }).harmless).toBeUndefined();
  });

  it('a hand-off that also sends what it names is no hand-off: the patient\'s records, a referral, a refund', () => {
    // Found by a review of a reading that took a patient, a client or a guest handed to a nurse, a
    // doctor or a manager as a hand-off: it made these harmless. Withdrawn; they must keep what they do.
    for (const [name, description] of [
      ['transfer_to_specialist', "Transfer the patient to a specialist by faxing the referral and the patient's lab results."],
      ['transfer_to_doctor', "Transfer the patient to a doctor at another hospital, sharing the patient's records with the receiving hospital."],
      ['transfer_to_doctor', "Transfer the patient to a doctor and email the patient's medical records."],
      ['transfer_to_manager', "Transfer the client to a manager and refund the client's last payment."],
      ['escalate_to_manager', "Escalate the client to a manager and cancel the client's subscription."],
      ['transfer_to_human', "Transfer the customer to a human agent and email the customer's medical records."],
    ] as const) expect(classifyTool({ name, description }).harmless, description).toBeUndefined();
    const pii = { type: 'object', properties: { patient: { type: 'object', properties: { name: { type: 'string' }, diagnosis: { type: 'string' }, ssn: { type: 'string' } } } } };
    expect(classifyTool({ name: 'transfer_to_physician', description: 'Transfer the patient to a physician.', inputSchema: pii }).harmless).toBeUndefined();
  });

  it('the guard applies no unknown-tool posture to a recognised tool, and still does to an unreadable one', () => {
    const guard = createGuard({ salt: 's', unknownTool: 'deny', tools: [{ name: 'get_current_time', description: 'Get the current time' }, { name: 'zx_reconcile', description: 'Reconcile the zx shards' }] });
    const s = guard.session('a');
    expect(s.decide({ tool: 'get_current_time', args: {}, turn: 0 }).verdict).toBe('allow');
    const unknown = s.decide({ tool: 'zx_reconcile', args: {}, turn: 1 });
    expect([unknown.verdict, unknown.rules.map((r) => r.id)]).toEqual(['deny', ['classify.unknown-tool']]);
    expect(guard.tool('get_current_time')).toMatchObject({ harmless: true, recognised: { kind: 'time', terms: ['time'] } });
    // An override decides over the recognition: `[]` is harmless without a recognition to show.
    const overridden = createGuard({ salt: 's', overrides: { zx_reconcile: [] }, tools: [{ name: 'zx_reconcile' }] });
    expect(overridden.tool('zx_reconcile')).toMatchObject({ harmless: true });
    expect(overridden.tool('zx_reconcile').recognised).toBeUndefined();
  });
});
