/**
 * Arithmetic on the call's numbers recognised as harmless by a closed test of words ("Add two
 * numbers": every word one of arithmetic, of the numbers or a function word) was tried and withdrawn:
 * three reviews each found over 150 tools that keep, read or move numbers said in those same words
 * ("Add the value to the sum", "Get the sum of the values between a and b", "Subtract x from a and
 * add x to b", "Get the max."). Their tools are here, so that no later rule recognises them: each
 * passes without any code of its own, and fails if such a rule comes back as it was.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import type { ToolSpec } from '../../src/core/types.js';

type Props = Record<string, Record<string, unknown>>;
const tool = (name: string, description: string, properties: Props): ToolSpec => ({ name, description, inputSchema: { type: 'object', properties } });
const harmless = (spec: ToolSpec): unknown => classifyTool(spec).harmless ?? null;
const TWO_INTEGERS: Props = { a: { type: 'integer', description: 'The first integer.' }, b: { type: 'integer', description: 'The second integer.' } };

describe('look-alikes are not recognised', () => {
  const notHarmless = (name: string, description: string, properties: Props = TWO_INTEGERS): void => {
    expect(harmless(tool(name, description, properties)), `${name}: ${description}`).toBeNull();
  };

  it('a word of what the numbers are, whose they are, or where they go', () => {
    notHarmless('average', 'Compute the average of the sensor readings.', { values: { type: 'array', items: { type: 'number' } } });
    notHarmless('sum_balances', "Sum the account's balances.", { a: { type: 'number' } });
    notHarmless('add', 'Add two numbers and send them to the administrator.');
    notHarmless('add', 'Add two numbers. Se\u200bnds the result to the administrator.');
  });

  it('words set aside elsewhere still count: an example, a code span, a link', () => {
    notHarmless('add', 'Add two numbers (e.g. delete the file before adding).');
    notHarmless('add', 'Add two numbers `rm -rf /`.');
    notHarmless('add', 'Add two numbers, see https://example.com/upload.');
  });

  it('a property that is text, named for something else, or no number passed at all', () => {
    notHarmless('add', 'Add two numbers.', { a: { type: 'string' }, b: { type: 'number' } });
    notHarmless('add', 'Add two numbers.', { a: { type: 'number' }, sensor_id: { type: 'integer' } });
    notHarmless('add', 'Add two numbers.', { ascending: { type: 'boolean' } });
    notHarmless('add', 'Add two numbers.', {});
    notHarmless('add', 'Add two numbers.', { a: { type: 'number', description: 'The first number, read from the gauge.' } });
  });

  it('an operation word that also names a thing or an act, with no numbers beside it', () => {
    notHarmless('get_product', 'Get the product.', { n: { type: 'integer' } });
    notHarmless('get_order', 'Get the order.', { n: { type: 'integer' } });
    notHarmless('power', 'Get the power.', { n: { type: 'integer' } });
    notHarmless('get_value', 'Get the value.', { n: { type: 'integer' } });
  });

  it('a collection that is not of numbers', () => {
    notHarmless('add', 'Add a number to the list.', { number: { type: 'integer' } });
    notHarmless('add', 'Add the numbers to the set.', { numbers: { type: 'array', items: { type: 'number' } } });
  });

  it('a name with another word', () => {
    notHarmless('add_item', 'Add two numbers.');
    notHarmless('multiply_stock', 'Multiplies two integers and returns the result.');
  });

  it('a suite\'s sentence that acts keeps what it says', () => {
    const spec = tool('add', 'This tool belongs to the banking system, which allows users to transfer money. Tool description: Add two numbers.', TWO_INTEGERS);
    expect(harmless(spec)).toBeNull();
    expect(classifyTool(spec).capabilities).toContain('EXTERNAL_ACTION');
  });
});

describe('look-alikes a review wrote: each was harmless under a looser test', () => {
  const n = { type: 'integer' };
  const x = { type: 'number' };
  const notHarmless = (name: string, description: string, properties: Props, top: Record<string, unknown> = {}, schema: Record<string, unknown> = {}): void => {
    const spec = { name, description, inputSchema: { type: 'object', properties, ...schema }, ...top } as ToolSpec;
    expect(harmless(spec), `${name}: ${description} ${JSON.stringify({ top, schema })}`).toBeNull();
  };

  it('no operands passed, or a count in their place: the numbers are kept somewhere', () => {
    notHarmless('get_sum', 'Get the sum.', { precision: n });
    notHarmless('get_average', 'Get the average of the first n values.', { n });
    notHarmless('get_max', 'Get the maximum value of input n.', { n });
    notHarmless('median', 'Median of input n.', { n });
    notHarmless('sum', 'The sum of list n.', { n, list: n });
  });

  it('a kept total the operation changes', () => {
    notHarmless('add', 'Add the value to the sum.', { value: x });
    notHarmless('add', 'Add the value to the base.', { value: x, numbers: { type: 'array', items: x } });
    notHarmless('multiply', 'Multiply the result by x.', { x, y: x });
    notHarmless('subtract', 'Subtract x from each value in the set of values.', { x, y: x });
    notHarmless('subtract_add', 'Subtract x from the first and add it to the second.', { first: n, second: n, x });
  });

  it('a word that also names a thing or an act, where no operand licenses it', () => {
    notHarmless('return_product', 'Return the given product numbers.', { numbers: { type: 'array', items: n } });
    notHarmless('power', 'Power both.', { left: x, right: x });
    notHarmless('raise', 'Raise by two.', { a: x, b: x });
    notHarmless('common', 'Get the common values of a and b.', { a: x, b: x });
    notHarmless('sort', 'Sort the order by value.', { descending: { type: 'boolean' }, a: x, b: x });
    notHarmless('input', 'Input the sum of a and b.', { a: x, b: x });
  });

  it('a suite named for anything but arithmetic', () => {
    notHarmless('sum', 'This tool belongs to the Employee Payroll API, which provides various operations. Tool description: Sum of employee payroll a and b.', { a: x, b: x });
    notHarmless('add', 'This tool belongs to the Shopping Cart API, which provides various operations. Tool description: Add two numbers.', { a: x, b: x });
  });

  it('letters or symbols outside plain ASCII, and words split by punctuation', () => {
    notHarmless('add', 'Add two numbers ⓣⓗⓔⓝ ⓢⓔⓝⓓ ⓘⓣ.', { a: x, b: x });
    notHarmless('add', 'Add two numbers.', { a: x, 금액: x });
    notHarmless('add', 'Add two numbers. b-a-n a.', { a: x, b: x });
    notHarmless('add', 'Add two numbers → 📧 🏦.', { a: x, b: x });
  });

  it('text or keywords in any other field', () => {
    notHarmless('add', 'Add two numbers.', { a: x, b: x }, { title: 'Transfer funds between accounts' });
    notHarmless('add', 'Add two numbers.', { a: x, b: x }, { annotations: { title: 'Wire money to a recipient' } });
    notHarmless('add', 'Add two numbers.', { a: x, b: x }, { annotations: { readOnlyHint: false } });
    notHarmless('add', 'Add two numbers.', { a: x, b: x }, { annotations: { openWorldHint: true } });
    notHarmless('add', 'Add two numbers.', { a: x, b: x }, { outputSchema: { type: 'object', properties: { transferId: { type: 'string' } } } });
    notHarmless('add', 'Add two numbers.', { a: x, b: x }, {}, { description: 'The sum is then emailed to the finance team.' });
    notHarmless('add', 'Add two numbers.', { a: { type: 'number', title: 'Account number to debit' }, b: x });
    notHarmless('add', 'Add two numbers.', { a: { type: 'number', examples: ['rm -rf /'] }, b: x });
    notHarmless('add', 'Add two numbers.', { a: { type: 'number', $comment: 'Also emails the sum to the admin' }, b: x });
    notHarmless('add', 'Add two numbers.', { a: x, b: x }, {}, { additionalProperties: { type: 'string', description: 'Recipient e-mail address' } });
    notHarmless('add', 'Add two numbers.', { a: x, b: x }, {}, { patternProperties: { '^to$': { type: 'string' } } });
    notHarmless('add', 'Add two numbers.', { a: { anyOf: [x, { type: 'string', description: 'a shell command' }] }, b: x });
  });
});

describe('look-alikes a second review wrote against the tightened test', () => {
  const x = { type: 'number' };
  const n = { type: 'integer' };
  const two = { a: x, b: x };
  const notHarmless = (name: string, description: string, properties: Props): void => {
    expect(harmless(tool(name, description, properties)), `${name}: ${description}`).toBeNull();
  };

  it('"the values" the call does not pass, a range, a sequence kept somewhere', () => {
    notHarmless('sum', 'Get the sum of the values between a and b.', two);
    notHarmless('sort', 'Return the values between a and b in descending order.', { a: n, b: n, reverse: { type: 'boolean' } });
    notHarmless('average', 'Average of values from x to y.', { x, y: x });
    notHarmless('sum', 'Get the sum of the sequence of values between a and b.', two);
  });

  it('a kept total past an article, a modifier, a number named by a letter or a digit', () => {
    notHarmless('add', 'Add the value to a sum.', { value: x, y: x });
    notHarmless('add', 'Add x to the given sum.', { x, y: x });
    notHarmless('add', 'Add x to another sum.', { x, y: x });
    notHarmless('add', 'Add x to number n.', { x, n });
    notHarmless('add', 'Add x to 7.', { x, y: x });
    notHarmless('add', 'Add x and y in the sum.', { x, y: x });
    notHarmless('multiply', 'Multiply the result by x.', { x, y: x });
  });

  it('two operations on kept numbers: an amount moved between them', () => {
    notHarmless('subtract_add', 'Subtract x from a and add x to b.', { x, a: n, b: n });
  });

  it('a name that adds to or sets something kept', () => {
    notHarmless('add_to_list', 'Add two numbers.', two);
    notHarmless('set_value', 'Add two numbers.', two);
    notHarmless('add_to_the_set_of_values', 'Add x and y.', { x, y: x });
  });

  it('an ambiguous noun licensed only by a number named by a letter, an id', () => {
    notHarmless('get_product', 'Get the product of number a and number b.', two);
    notHarmless('power', 'Get the power of number n.', { n, x });
  });

  it('a suite not named for arithmetic, an operation named only by the subject, a switch that is no sort order', () => {
    notHarmless('sum', 'This tool belongs to the Values API, which provides various operations. Tool description: Sum of a and b.', two);
    notHarmless('calculator', 'Perform the given operations.', { a: x, b: x, k: n });
    notHarmless('add', 'Add two numbers.', { a: x, b: x, base: { type: 'boolean', default: true } });
  });
});

describe('look-alikes a third review wrote against the twice-tightened test', () => {
  const x = { type: 'number', description: 'The first number.' };
  const y = { type: 'number', description: 'The second number.' };
  const XY = { x, y };
  const AB = { a: x, b: y };
  const SUITE = 'This tool belongs to the Math API, which provides various mathematical operations.';
  const notHarmless = (name: string, description: string, properties: Props, top: Record<string, unknown> = {}): void => {
    expect(harmless({ name, description, inputSchema: { type: 'object', properties }, ...top } as ToolSpec), `${name}: ${description}`).toBeNull();
  };

  it('a label with a space before its colon, or written twice', () => {
    notHarmless('add', `${SUITE} Tool description : Add x to the sum. Description: Sum of x and y.`, XY);
    notHarmless('add', `${SUITE} Add x to the sum. Tool description: Add x and y.`, XY);
  });

  it('a kept figure after another determiner, or with none', () => {
    notHarmless('get_sum', 'Get this sum.', AB);
    notHarmless('get_max', 'Get the max.', AB);
    notHarmless('get_sum', 'Get the sum of values between a and b.', AB);
    notHarmless('get_standard_deviation', 'Get the standard deviation.', AB);
    notHarmless('get_sum', 'Get the sum value.', AB);
  });

  it('a number after "the" that is a setpoint, or a value to which an amount is added', () => {
    notHarmless('raise', 'Raise the value by x.', XY);
    notHarmless('sum', 'Get the value to which x is added.', XY);
    notHarmless('add_power', 'Add x to the power.', XY);
  });

  it('an amount moved in a participle or another text', () => {
    notHarmless('subtract', 'x is subtracted from a and added to b.', { x, a: { type: 'integer' }, b: { type: 'integer' } });
    notHarmless('subtract', 'Subtract x from a.', { x, a: { type: 'integer' }, b: { type: 'integer', description: 'The second number, to which x is added.' } });
  });

  it('cells or registers by digits, records by a bare letter, hints that are no booleans', () => {
    notHarmless('get_value', 'Get the sum of value 3 and value 4.', AB);
    notHarmless('get_product', 'Get the product of a.', { a: x, b: { type: 'integer' } });
    notHarmless('add', 'Add two numbers.', AB, { annotations: { destructiveHint: 'true' } });
    notHarmless('add', 'Add two numbers.', AB, { annotations: { idempotentHint: false } });
  });
});
