/** A JSON value as it goes on the wire. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The edges generators forget, one list for every fuzzer (what an outside probe found, and the classic probes):
 * lone UTF-16 surrogates and NUL bytes (text Postgres cannot store), integers past the database's range, huge,
 * negative and fractional numbers, very long strings, wrong types, deep nesting, injection and traversal strings.
 */
export const HOSTILE_VALUES: readonly Json[] = [
  '\ud800',
  'a\udfffb',
  '\u0000',
  'x'.repeat(10_000),
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1,
  -0,
  0.5,
  '',
  ' ',
  true,
  null,
  [],
  {},
  [[[[[[[[[[]]]]]]]]]],
  { $ne: '' },
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
];
