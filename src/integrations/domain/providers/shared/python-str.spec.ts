import { pyRstrip, pyStrip } from '../../../../shared/message-content';
import { pythonFloatRepr, pythonNumber, pythonRepr, pythonStr, pythonStringRepr } from './python-str';

describe("Python's spelling of JSON values", () => {
  it.each([
    [2.5, '2.5'],
    [100, '100.0'],
    [-0.5, '-0.5'],
    [0, '0.0'],
    [-0, '-0.0'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [123456789012345.6, '123456789012345.6'],
    [1234567890123456.8, '1234567890123456.8'],
    [1e16, '1e+16'],
    [1.5e300, '1.5e+300'],
    [5e-324, '5e-324'],
  ])('writes the float %p as %p', (value, expected) => {
    expect(pythonFloatRepr(value)).toBe(expected);
  });

  it('takes integral numbers below 1e21 for ints', () => {
    expect([pythonNumber(2473545728), pythonNumber(1e16), pythonNumber(1e21), pythonNumber(0.1)]).toEqual([
      '2473545728',
      '10000000000000000',
      '1e+21',
      '0.1',
    ]);
  });

  it('writes strings unquoted with str, quoted and escaped with repr', () => {
    expect(pythonStr('plain')).toBe('plain');
    expect(pythonStringRepr("it's")).toBe('"it\'s"');
    expect(pythonStringRepr('say "it\'s"\n\t\u0001\u2028é')).toBe("'say \"it\\'s\"\\n\\t\\x01\\u2028é'");
  });

  it('writes lists, dicts and the constants as Python literals', () => {
    expect(pythonRepr({ a: [1, 'x', null], b: { c: true, d: false } })).toBe("{'a': [1, 'x', None], 'b': {'c': True, 'd': False}}");
    expect(pythonStr([])).toBe('[]');
  });

  it('strips what Python counts as whitespace, and only that', () => {
    expect(pyStrip('\u3000\x1c text \x85\n')).toBe('text');
    expect(pyRstrip('text\ufeff')).toBe('text\ufeff');
    expect(pyRstrip('  text \t\n')).toBe('  text');
  });
});
