/**
 * Arithmetic on the call's numbers (`HARMLESS_NAMES.arithmetic`, harmless kind `calculator`): a closed
 * test. Every word of the name, the description and the properties' descriptions is one of arithmetic,
 * of the numbers or a function word; every property is a number or a boolean, named for a value; and
 * an operation is named. Anything else, and the tool is not recognised.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { createGuard } from '../../src/core/guard.js';
import type { ToolSpec } from '../../src/core/types.js';
import { HARMLESS_NAMES } from '../../src/core/vocabulary.js';

type Props = Record<string, Record<string, unknown>>;
const tool = (name: string, description: string, properties: Props): ToolSpec => ({ name, description, inputSchema: { type: 'object', properties } });
const harmless = (spec: ToolSpec): unknown => classifyTool(spec).harmless ?? null;
const TWO_INTEGERS: Props = { a: { type: 'integer', description: 'The first integer.' }, b: { type: 'integer', description: 'The second integer.' } };
const MATH_SUITE = 'This tool belongs to the Math API, which provides various mathematical operations. Tool description:';

/** Tools that only compute on the numbers they are passed, as public benchmarks describe them. */
const ARITHMETIC: readonly ToolSpec[] = [
  tool('add', 'Add two numbers.', { a: { type: 'number', description: 'First number.' }, b: { type: 'number', description: 'Second number.' } }),
  tool('multiply', 'Multiplies two integers and returns the result.', { a: { type: 'integer', description: 'The first integer to be multiplied.' }, b: { type: 'integer', description: 'The second integer to be multiplied.' } }),
  tool('sub', 'Subtracts one integer from another and returns the result.', { a: { type: 'integer', description: 'The first number from which the second number will be subtracted.' }, b: { type: 'integer', description: 'The second number to subtract from the first number.' } }),
  tool('math_gcd', 'Calculates the greatest common divisor (GCD) of two non-negative integers.', TWO_INTEGERS),
  tool('sort_array', 'Sorts an array of integers in ascending order.', { array: { type: 'array', items: { type: 'integer' }, description: 'The array of integers to be sorted.' }, reverse: { type: 'boolean', description: 'Determines if the array should be sorted in descending order. Defaults to false indicating ascending order.' } }),
  tool('max_value', `${MATH_SUITE} Find the maximum value in a list of numbers.`, { numbers: { type: 'array', items: { type: 'number' }, description: 'List of numbers to find the maximum from.' } }),
  tool('power', `${MATH_SUITE} Raise a number to a power.`, { base: { type: 'number', description: 'The base number.' }, exponent: { type: 'number', description: 'The exponent.' } }),
];

describe('arithmetic on the call\'s numbers is harmless', () => {
  it('recognises each, with the operation it names', () => {
    expect(ARITHMETIC.map((t) => [t.name, harmless(t)])).toEqual([
      ['add', { kind: 'calculator', terms: ['add'] }],
      ['multiply', { kind: 'calculator', terms: ['multiplies', 'multiply'] }],
      ['sub', { kind: 'calculator', terms: ['subtract', 'subtracts'] }],
      ['math_gcd', { kind: 'calculator', terms: ['common', 'divisor', 'gcd', 'greatest'] }],
      ['sort_array', { kind: 'calculator', terms: ['ascending', 'descending', 'order', 'sort', 'sorted', 'sorts'] }],
      ['max_value', { kind: 'calculator', terms: ['max', 'maximum'] }],
      ['power', { kind: 'calculator', terms: ['exponent', 'power', 'raise'] }],
    ]);
  });

  it('is allowed under unknownTool: deny', () => {
    const session = createGuard({ tools: [...ARITHMETIC], unknownTool: 'deny' }).session('s');
    for (const t of ARITHMETIC) expect(session.decide({ tool: t.name, args: {} }).verdict, t.name).toBe('allow');
  });
});

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

describe('any word outside the closed vocabulary, anywhere in the tool\'s own words, and the tool is not recognised', () => {
  const known = new Set<string>(Object.values(HARMLESS_NAMES.arithmetic).flat());
  const word = fc.stringMatching(/^[a-z]{2,9}$/u).filter((w) => !known.has(w));

  it('in the description or in a property\'s description (seed 41)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ARITHMETIC), word, fc.nat(), fc.boolean(), (t, w, at, inProperty) => {
        const props = (t.inputSchema as { properties: Props }).properties;
        const keys = Object.keys(props);
        // The suite's sentence names the suite in words of its own ("the Math API"): only the tool's
        // own words, after the label, are held to the closed test.
        const insert = (text: string): string => {
          const [suite, own] = text.startsWith(MATH_SUITE) ? [MATH_SUITE, text.slice(MATH_SUITE.length)] : ['', text];
          const words = own.split(' ');
          words.splice(at % (words.length + 1), 0, w);
          return suite + words.join(' ');
        };
        const key = keys[at % keys.length] as string;
        const spec = inProperty
          ? tool(t.name, t.description as string, { ...props, [key]: { ...props[key], description: insert(String(props[key]?.['description'] ?? '')) } })
          : tool(t.name, insert(t.description as string), props);
        return classifyTool(spec).harmless === undefined;
      }),
      { seed: 41, numRuns: 400 },
    );
  });
});
