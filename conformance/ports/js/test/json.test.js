import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stringifyIterative, stringifyJson } from '../src/json.js';

test('3.2/3.3 JSON candidate texts (hand-written expectations)', () => {
  const cases = [
    [1e-6, '0.000001'], [1e-7, '1e-7'], [1e16, '10000000000000000'], [1e21, '1e+21'],
    [1.5e21, '1.5e+21'], [1.0, '1'], [-0, '0'], [5e-324, '5e-324'], [0.1 + 0.2, '0.30000000000000004'],
    ['\b\f\n\r\t', '"\\b\\f\\n\\r\\t"'], ['\u0001\u001f', '"\\u0001\\u001f"'], ['"\\', '"\\"\\\\"'],
    ['\u2028\u2029\u007f', '"\u2028\u2029\u007f"'], ['\ud800', '"\\ud800"'], ['\udc00x', '"\\udc00x"'],
    ['😀', '"😀"'], [{ a: [1, { b: null }], c: true }, '{"a":[1,{"b":null}],"c":true}'],
  ];
  for (const [value, text] of cases) {
    assert.equal(stringifyJson(value), text);
    assert.equal(stringifyIterative(value), text);
  }
});

test('iterative writer equals JSON.stringify on generated payloads', () => {
  let seed = 7;
  const rnd = (n) => { // high bits: the low bits of this generator have a short period
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return Math.floor((seed / 2 ** 32) * n);
  };
  const scalars = [0, -1, 1.5, 1e-7, 123456789012, '', 'a"b', '\u0000', '\ud83d', 'é', true, false, null];
  const gen = (d) => {
    const k = d > 4 ? 0 : rnd(3);
    if (k === 0) return scalars[rnd(scalars.length)];
    if (k === 1) return Array.from({ length: rnd(4) }, () => gen(d + 1));
    const o = Object.create(rnd(2) ? null : Object.prototype);
    for (let i = rnd(4); i > 0; i--) {
      const name = ['a', '__proto__', '2', '1', 'x y', '\n', 'toJSON', 'constructor'][rnd(8)];
      Object.defineProperty(o, name, { value: gen(d + 1), enumerable: true, writable: true, configurable: true });
    }
    return o;
  };
  for (let i = 0; i < 1000; i++) {
    const v = gen(0);
    assert.equal(stringifyIterative(v), JSON.stringify(v));
  }
});

test('depths where JSON.stringify overflows still work', () => {
  const n = 200000;
  const v = JSON.parse('{"a":'.repeat(n) + '[]' + '}'.repeat(n));
  assert.throws(() => JSON.stringify(v), RangeError); // the reason the fallback exists
  assert.equal(stringifyJson(v).length, 5 * n + 2 + n);
});
