import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ToonPickerError } from '../src/errors.js';
import { flatten, normaliseKeys } from '../src/flatten.js';
import { checkReason, checkText, inArray, inObject, mixed, nest } from './helpers.js';

const fl = (input, expected) => checkText(flatten, input, expected);

test('4.4 merge and 4.8 depth-first input order', () => {
  fl('{"a":{"b":1}}', '{"a.b":1}');
  fl('{"a":{"b":{"c":1}}}', '{"a.b.c":1}');
  fl('{"z":1,"a":{"y":2,"b":{"x":3}},"m":4}', '{"z":1,"a.y":2,"a.b.x":3,"m":4}');
});

test('4.2 every dot becomes an underscore, at every level', () => {
  fl('{"a.b.c":1}', '{"a_b_c":1}');
  fl('{".":1}', '{"_":1}');
  fl('{"..":{"x.y":1}}', '{"__.x_y":1}');
  fl('{"l":[{"p.q":1}]}', '{"l":[{"p_q":1}]}');
  fl('[{"a.b":{"c.d":[{"e.f":1}]}}]', '[{"a_b.c_d":[{"e_f":1}]}]');
});

test('4.9 flatten is not idempotent', () => {
  const once = flatten({ a: { b: 1 } });
  assert.equal(JSON.stringify(once), '{"a.b":1}');
  assert.equal(JSON.stringify(flatten(once)), '{"a_b":1}');
});

test('4.5 empty objects stay, 4.7 arrays and scalars unchanged', () => {
  fl('{"a":{}}', '{"a":{}}');
  fl('{"a":{"b":{}}}', '{"a.b":{}}');
  fl('{}', '{}');
  fl('[]', '[]');
  fl('[{}]', '[{}]');
  fl('{"a":[]}', '{"a":[]}');
  fl('1', '1');
  fl('"s"', '"s"');
  fl('null', 'null');
  fl('true', 'true');
  fl('[1,"x",null,[2,{"a":{"b":3}}]]', '[1,"x",null,[2,{"a.b":3}]]');
  fl('{"a":{"b":[{"c":{"d":1}},{"e":{}}]}}', '{"a.b":[{"c.d":1},{"e":{}}]}');
});

test('4.6 a "" member name gives an empty segment', () => {
  fl('{"":{"b":1}}', '{".b":1}');
  fl('{"a":{"":1}}', '{"a.":1}');
  fl('{"":1}', '{"":1}');
  fl('{"":{"":{"":2}}}', '{"..":2}');
  fl('{"":{"":{}}}', '{".":{}}');
});

test('prototype-like names are ordinary data', () => {
  fl('{"__proto__":{"x":1},"constructor":{"y":2},"toString":3}',
    '{"__proto__.x":1,"constructor.y":2,"toString":3}');
  const r = flatten(JSON.parse('{"__proto__":{}}'));
  assert.ok(Object.hasOwn(r, '__proto__'));
  assert.equal(JSON.stringify(r), '{"__proto__":{}}');
  fl('{"__proto__":1}', '{"__proto__":1}');
  fl('{"a":{"__proto__":{"polluted":1}}}', '{"a.__proto__.polluted":1}');
  // "constructor" and "toString" must not be mistaken for existing keys (no false collision).
  fl('{"constructor":1,"hasOwnProperty":2,"valueOf":{}}', '{"constructor":1,"hasOwnProperty":2,"valueOf":{}}');
  assert.equal({}.polluted, undefined);
  assert.equal(Object.prototype.x, undefined);
});

test('unicode and spaces in names', () => {
  fl('{"café":{"naïve key":1},"😀":{"a b":[]}}', '{"café.naïve key":1,"😀.a b":[]}');
});

test('4.3 key collisions: leaf, merge, empty object, inside array', () => {
  checkReason(flatten, { 'a.b': 1, a_b: 2 }, 'key-collision'); // leaves
  checkReason(flatten, { a_b: { c: 1 }, 'a.b': { c: 2 } }, 'key-collision'); // merged objects
  checkReason(flatten, { a_b: { c: 1 }, 'a.b': { d: 2 } }, 'key-collision'); // disjoint subkeys still collide
  checkReason(flatten, { 'a.b': {}, a_b: 1 }, 'key-collision'); // empty object vs leaf
  checkReason(flatten, { 'a.b': {}, a_b: {} }, 'key-collision');
  checkReason(flatten, { l: [1, { 'x.y': 1, x_y: 2 }] }, 'key-collision'); // inside array
  checkReason(flatten, { o: { p: { 'q.r': 1, q_r: 1 } } }, 'key-collision'); // nested object
  checkReason(flatten, { '.': 1, _: 2 }, 'key-collision');
  // Not collisions: different objects, or prefixes that only look alike.
  fl('{"a":{"b_c":1},"a_b":{"c":2}}', '{"a.b_c":1,"a_b.c":2}');
  fl('[{"a.b":1},{"a_b":2}]', '[{"a_b":1},{"a_b":2}]');
  fl('{"a":{"b":1},"a.b":2}', '{"a.b":1,"a_b":2}');
});

test('4.1 depth: 20 passes, 21 fails (object chains)', () => {
  const ok = flatten(nest(20, 1, inObject));
  assert.equal(JSON.stringify(ok), JSON.stringify({ [Array(20).fill('a').join('.')]: 1 }));
  checkReason(flatten, nest(21, 1, inObject), 'depth-exceeded');
});

test('4.1 depth: array chains', () => {
  assert.equal(JSON.stringify(flatten(nest(20, 1, inArray))), '['.repeat(20) + '1' + ']'.repeat(20));
  checkReason(flatten, nest(21, 1, inArray), 'depth-exceeded');
  // an object inside an array chain: the member value is one deeper
  assert.equal(JSON.stringify(flatten(nest(19, { b: 1 }, inArray))), '['.repeat(19) + '{"b":1}' + ']'.repeat(19));
  checkReason(flatten, nest(20, { b: 1 }, inArray), 'depth-exceeded');
});

test('4.1 depth: mixed chains', () => {
  assert.doesNotThrow(() => flatten(nest(20, 'x', mixed)));
  checkReason(flatten, nest(21, 'x', mixed), 'depth-exceeded');
  checkReason(flatten, nest(21, 'x', (v, i) => (i % 2 ? [v] : { a: v })), 'depth-exceeded');
});

test('4.1 depth: empty containers at the boundary', () => {
  for (const empty of [[], {}]) {
    for (const shape of [inObject, inArray, mixed]) {
      assert.doesNotThrow(() => flatten(nest(20, empty, shape)));
      checkReason(flatten, nest(21, empty, shape), 'depth-exceeded');
    }
  }
  assert.equal(JSON.stringify(flatten(nest(20, {}, inObject))),
    JSON.stringify({ [Array(20).fill('a').join('.')]: {} }));
  // a non-empty container at depth 20 has members at 21
  checkReason(flatten, nest(20, [1], inObject), 'depth-exceeded');
  checkReason(flatten, nest(20, { b: null }, inObject), 'depth-exceeded');
});

test('4.1 depth is checked over the whole input before collisions', () => {
  checkReason(flatten, { 'a.b': 1, a_b: 2, deep: nest(21, 1, inArray) }, 'depth-exceeded');
  checkReason(flatten, { deep: nest(21, 1, inArray), 'a.b': 1, a_b: 2 }, 'depth-exceeded');
  checkReason(flatten, [{ 'x.y': 1, x_y: 2 }, nest(20, 1, inObject)], 'depth-exceeded');
});

test('very deep and invalid input give clean errors, never a stack overflow', () => {
  checkReason(flatten, JSON.parse('['.repeat(100000) + ']'.repeat(100000)), 'depth-exceeded');
  checkReason(flatten, JSON.parse('{"a":'.repeat(100000) + '1' + '}'.repeat(100000)), 'depth-exceeded');
  const cyclic = { a: {} };
  cyclic.a.b = cyclic;
  checkReason(flatten, cyclic, 'invalid-payload');
  checkReason(flatten, { a: Infinity }, 'invalid-payload');
  checkReason(flatten, { a: NaN }, 'invalid-payload');
  checkReason(flatten, { a: new Date(0) }, 'invalid-payload');
  checkReason(flatten, { a: undefined }, 'invalid-payload');
  // invalid-payload comes before depth-exceeded
  checkReason(flatten, [nest(30, 1, inArray), NaN], 'invalid-payload');
});

test('integer-like names: host order, no crash', () => {
  const out = flatten(JSON.parse('{"b":1,"2":{"x":1},"1":{"y":2}}'));
  assert.deepEqual(Object.keys(out).sort(), ['1.y', '2.x', 'b']);
  assert.equal(out['2.x'], 1);
});

test('normaliseKeys', () => {
  checkText(normaliseKeys, '{"a.b":{"c.d":[{"e.f":{}}]}}', '{"a_b":{"c_d":[{"e_f":{}}]}}');
});

// ---- spec 1.1: dots option ----

const refuse = (v) => flatten(v, { dots: 'refuse' });
const dottedAt = (inputText, path) => {
  assert.throws(() => refuse(JSON.parse(inputText)), (err) => {
    assert.ok(err instanceof ToonPickerError, String(err));
    assert.equal(err.reason, 'dotted-name', err.message);
    assert.equal(err.path, path);
    return true;
  }, inputText);
};

test('1.1 dots "rename" is the default and spec 1.0 behaviour', () => {
  checkText((v) => flatten(v, { dots: 'rename' }), '{"a.b":{"c.d":1},"e":{"f":[{"g.h":2}]}}', '{"a_b.c_d":1,"e.f":[{"g_h":2}]}');
  checkText((v) => flatten(v, {}), '{"a.b":1}', '{"a_b":1}');
  checkReason((v) => flatten(v, { dots: 'rename' }), { 'a.b': 1, a_b: 2 }, 'key-collision');
});

test('1.1 dots "refuse": no dotted name -> same result as rename', () => {
  checkText(refuse, '{"a":{"b":1},"c":[{"d":{"e":{}}}]}', '{"a.b":1,"c":[{"d.e":{}}]}');
  checkText(refuse, '{"":{"x":1},"v":"x.y","w":["a.b"]}', '{".x":1,"v":"x.y","w":["a.b"]}');
  checkText(refuse, '[1,"a.b",{}]', '[1,"a.b",{}]');
  checkText(refuse, '"a.b"', '"a.b"');
  checkText(refuse, '{"a_b":1,"a":{"b":2}}', '{"a_b":1,"a.b":2}');
});

test('1.1 dots "refuse": dotted-name at the first dotted member name in document order', () => {
  dottedAt('{"a.b":1}', '$["a.b"]');
  dottedAt('{".":1}', '$["."]');
  dottedAt('{"x":1,"a.":{}}', '$["a."]');
  dottedAt('{"l":[1,{"x.y":1}]}', '$.l[1]["x.y"]');
  dottedAt('[[{"p":{"q.r":null}}]]', '$[0][0].p["q.r"]');
  // document order: a member's name comes before the names inside its value,
  // and earlier members (with everything inside them) before later ones
  dottedAt('{"a.b":{"c.d":1}}', '$["a.b"]');
  dottedAt('{"a":{"b":{"c.d":1}},"e.f":2}', '$.a.b["c.d"]');
  dottedAt('{"x":[{"p":1},{"q.r":1}],"s.t":1}', '$.x[1]["q.r"]');
  dottedAt('{"x":[],"y":{"z":[{"w":[[{"1.5":0}]]}]},"u.v":1}', '$.y.z[0].w[0][0]["1.5"]');
});

test('1.1 flatten precedence: invalid-payload, depth-exceeded, dotted-name, key-collision', () => {
  checkReason(refuse, { 'a.b': 1, a_b: 2 }, 'dotted-name'); // not key-collision
  checkReason(refuse, { x: [{ 'a.b': 1, a_b: 2 }] }, 'dotted-name');
  checkReason(refuse, { 'a.b': 1, d: nest(21, 1, inObject) }, 'depth-exceeded');
  checkReason(refuse, { d: nest(21, 1, inArray), 'a.b': 1 }, 'depth-exceeded');
  checkReason(refuse, { 'a.b': 1, d: nest(30, NaN, inArray) }, 'invalid-payload');
  checkReason(refuse, { 'a.b': Infinity }, 'invalid-payload');
  // depth inside a colliding member (either option)
  checkReason(flatten, { 'a.b': 1, a_b: nest(21, 1, inObject) }, 'depth-exceeded');
  checkReason(flatten, { a_b: { c: nest(20, [], inArray) }, 'a.b': { c: 1 } }, 'depth-exceeded');
  checkReason(refuse, { 'a.b': nest(21, 1, inObject), a_b: 1 }, 'depth-exceeded');
});

test('1.1 flatten usage errors: invalid-options, checked before the payload', () => {
  for (const dots of ['Rename', 'REFUSE', 'keep', '', null, true, 1, ['refuse']]) {
    checkReason((v) => flatten(v, { dots }), { a: 1 }, 'invalid-options');
  }
  checkReason((v) => flatten(v, { dot: 'refuse' }), { a: 1 }, 'invalid-options');
  checkReason((v) => flatten(v, { candidates: [] }), { a: 1 }, 'invalid-options');
  checkReason((v) => flatten(v, null), { a: 1 }, 'invalid-options');
  checkReason((v) => flatten(v, { dots: 'nope' }), { a: NaN }, 'invalid-options');
  assert.equal(JSON.stringify(flatten({ a: { b: 1 } }, { dots: undefined })), '{"a.b":1}');
});
