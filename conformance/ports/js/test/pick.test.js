import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ToonPickerError } from '../src/errors.js';
import {
  jsonEqual, normaliseCandidates, pick, pickWith, readsBack, toon, untoon,
} from '../src/pick.js';
import { inArray, inObject, nest } from './helpers.js';

// Expected texts and byte counts below were counted by hand.
const p = (value, options) => pick(value, options);

test('6.2 TOON encoder settings', () => {
  assert.equal(toon({ a: 1 }), 'a: 1');
  assert.equal(toon({ a: { b: 1 } }), 'a:\n  b: 1');
  assert.equal(toon({ l: [1, 2] }), 'l[2]: 1,2');
  assert.equal(toon({}), '');
});

test('6.4 toon-flatten wins when smaller; sizes are UTF-8 bytes', () => {
  const r = p({ v: 1e-6 });
  assert.deepEqual(r, { strategy: 'toon-flatten', text: 'v: 0.000001', sizes: { json: 14, 'toon-flatten': 11 }, dropped: {} });
  // JSON {"é":"ü"} = 11 bytes; TOON quotes the non-ASCII key: "é": ü = 8 bytes
  const u = p({ 'é': 'ü' });
  assert.deepEqual(u.sizes, { json: 11, 'toon-flatten': 8 });
  assert.equal(u.text, '"é": ü');
});

test('6.4 ties go to the earlier candidate (json)', () => {
  // JSON {"a":"\b","b":1} and TOON a: "\u0008"\nb: 1 are both 16 bytes
  const r = p({ a: '\b', b: 1 });
  assert.deepEqual(r, { strategy: 'json', text: '{"a":"\\b","b":1}', sizes: { json: 16, 'toon-flatten': 16 }, dropped: {} });
  // toon-flatten and toon equal size: the earlier in the given order wins
  const both = p({ a: 1 }, { candidates: ['toon', 'toon-flatten'] });
  assert.equal(both.strategy, 'toon');
  assert.deepEqual(Object.keys(both.sizes), ['json', 'toon', 'toon-flatten']);
  assert.equal(p({ a: 1 }, { candidates: ['toon-flatten', 'toon'] }).strategy, 'toon-flatten');
});

test('6.5 min_saving: size <= (1 - r) * json_size', () => {
  // {"abcd":123} = 12 bytes, abcd: 123 = 9 bytes; 0.75 * 12 = 9 exactly
  const v = { abcd: 123 };
  assert.equal(p(v, { minSaving: 0 }).strategy, 'toon-flatten');
  assert.equal(p(v, { minSaving: 0.25 }).strategy, 'toon-flatten');
  assert.equal(p(v, { minSaving: 0.2500001 }).strategy, 'json');
  assert.equal(p(v, { minSaving: 0.25 }).text, 'abcd: 123');
  assert.deepEqual(p(v, { minSaving: 0.9 }).sizes, { json: 12, 'toon-flatten': 9 });
  // a candidate that fails the threshold never beats a later one that passes
  const nested = { items: [{ a: { b: 1 } }, { a: { b: 2 } }] }; // json 39, toon 23, toon-flatten 22
  assert.deepEqual(p(nested, { candidates: ['toon', 'toon-flatten'] }).sizes, { json: 39, toon: 23, 'toon-flatten': 22 });
  assert.equal(p(nested, { candidates: ['toon', 'toon-flatten'], minSaving: 0.4 }).strategy, 'toon-flatten');
  assert.equal(p(nested, { candidates: ['toon', 'toon-flatten'], minSaving: 0.5 }).strategy, 'json');
  for (const bad of [-0.1, 1, 2, NaN, '0.1', null]) {
    assert.throws(() => p(v, { minSaving: bad }), (e) => e instanceof ToonPickerError && e.reason === 'invalid-options');
  }
});

test('6.1 candidates: json first, order kept, unknown/repeated rejected', () => {
  assert.deepEqual(normaliseCandidates(['toon']), ['json', 'toon']);
  assert.deepEqual(normaliseCandidates(['toon', 'json', 'toon-flatten']), ['json', 'toon', 'toon-flatten']);
  assert.deepEqual(normaliseCandidates([]), ['json']);
  assert.deepEqual(p({ a: 1 }, { candidates: [] }), { strategy: 'json', text: '{"a":1}', sizes: { json: 7 }, dropped: {} });
  for (const bad of [['yaml'], ['toon', 'toon'], ['json', 'json'], 'toon', [1]]) {
    assert.throws(() => p({ a: 1 }, { candidates: bad }), (e) => e instanceof ToonPickerError && e.reason === 'invalid-options');
  }
});

test('6.3 dropped: empty-text, encode-failed, key-collision, depth-exceeded', () => {
  assert.deepEqual(p({}), { strategy: 'json', text: '{}', sizes: { json: 2 }, dropped: { 'toon-flatten': 'empty-text' } });
  assert.deepEqual(p({}, { candidates: ['toon'] }).dropped, { toon: 'empty-text' });
  // {"a":{}} flattens to itself; TOON "a:" (2 bytes) is not empty
  assert.deepEqual(p({ a: {} }).sizes, { json: 8, 'toon-flatten': 2 });
  const lone = p({ a: '\ud800' }, { candidates: ['toon-flatten', 'toon'] });
  assert.deepEqual(lone, {
    strategy: 'json', text: '{"a":"\\ud800"}', sizes: { json: 14 },
    dropped: { 'toon-flatten': 'encode-failed', toon: 'encode-failed' },
  });
  const coll = p({ 'a.b': 1, a_b: 2 }, { candidates: ['toon-flatten', 'toon'] });
  assert.deepEqual(coll, {
    strategy: 'toon', text: 'a.b: 1\na_b: 2', sizes: { json: 17, toon: 13 },
    dropped: { 'toon-flatten': 'key-collision' },
  });
  const deep = p(nest(21, 1, inObject), { candidates: ['toon-flatten', 'toon'] });
  assert.equal(deep.strategy, 'json');
  assert.deepEqual(deep.dropped, { 'toon-flatten': 'depth-exceeded', toon: 'depth-exceeded' });
  assert.equal(deep.text, '{"a":'.repeat(21) + '1' + '}'.repeat(21));
  // depth 20 is fine for both
  assert.deepEqual(p(nest(20, 1, inArray), { candidates: ['toon'] }).dropped, {});
  // depth wins over collision for toon-flatten; toon is only dropped for depth
  const both = p({ 'a.b': 1, a_b: 2, d: nest(20, 1, inArray) }, { candidates: ['toon-flatten', 'toon'] });
  assert.deepEqual(both.dropped, { 'toon-flatten': 'depth-exceeded', toon: 'depth-exceeded' });
});

test('lone surrogate in a member name; __proto__ member in plain TOON', () => {
  assert.deepEqual(p({ '\udc00': 1 }, { candidates: ['toon'] }).dropped, { toon: 'encode-failed' });
  const r = p(JSON.parse('{"__proto__":{"x":1}}'), { candidates: ['toon-flatten', 'toon'] });
  assert.equal(r.text, '__proto__.x: 1'); // 14 bytes; TOON "__proto__:\n  x: 1" is 17
  assert.deepEqual(r.sizes, { json: 21, 'toon-flatten': 14, toon: 17 });
});

test('scalar and array roots', () => {
  assert.deepEqual(p([1]), { strategy: 'json', text: '[1]', sizes: { json: 3, 'toon-flatten': 6 }, dropped: {} });
  // TOON x (1 byte) beats JSON "x" (3 bytes)
  assert.deepEqual(p('x'), { strategy: 'toon-flatten', text: 'x', sizes: { json: 3, 'toon-flatten': 1 }, dropped: {} });
  assert.equal(p(null).strategy, 'json'); // null vs null: tie
});

test('never raises for a valid payload, even very deep', () => {
  const v = JSON.parse('['.repeat(100000) + ']'.repeat(100000));
  const r = p(v, { candidates: ['toon', 'toon-flatten'] });
  assert.equal(r.strategy, 'json');
  assert.equal(r.sizes.json, 200000);
  assert.equal(r.text, '['.repeat(100000) + ']'.repeat(100000));
});

test('invalid payloads raise invalid-payload', () => {
  assert.throws(() => p({ a: Infinity }), (e) => e.reason === 'invalid-payload');
});

// ---- spec 1.1: dots option ----

test('1.1 dots "refuse": toon-flatten dropped with dotted-name; json and toon keep names', () => {
  // JSON {"a.b":1,"c":{"d":2}} 21 bytes; toon "a.b: 1\nc:\n  d: 2" 16 bytes
  const v = { 'a.b': 1, c: { d: 2 } };
  assert.deepEqual(p(v), { strategy: 'toon-flatten', text: 'a_b: 1\nc.d: 2', sizes: { json: 21, 'toon-flatten': 13 }, dropped: {} });
  assert.deepEqual(p(v, { dots: 'refuse' }), { strategy: 'json', text: '{"a.b":1,"c":{"d":2}}', sizes: { json: 21 }, dropped: { 'toon-flatten': 'dotted-name' } });
  assert.deepEqual(p(v, { dots: 'refuse', candidates: ['toon-flatten', 'toon'] }), {
    strategy: 'toon', text: 'a.b: 1\nc:\n  d: 2', sizes: { json: 21, toon: 16 }, dropped: { 'toon-flatten': 'dotted-name' },
  });
  // a dotted name deep inside arrays counts too
  assert.deepEqual(p({ l: [[{ 'x.y': 1 }]] }, { dots: 'refuse' }).dropped, { 'toon-flatten': 'dotted-name' });
  // no dotted names: refuse changes nothing
  const plain = { items: [{ a: { b: 1 } }, { a: { b: 2 } }] };
  assert.deepEqual(p(plain, { dots: 'refuse' }), p(plain));
  assert.deepEqual(p(plain, { dots: 'rename' }), p(plain));
});

test('1.1 drop order: depth-exceeded, dotted-name, key-collision', () => {
  const coll = p({ 'a.b': 1, a_b: 2 }, { candidates: ['toon-flatten', 'toon'], dots: 'refuse' });
  assert.deepEqual(coll, {
    strategy: 'toon', text: 'a.b: 1\na_b: 2', sizes: { json: 17, toon: 13 },
    dropped: { 'toon-flatten': 'dotted-name' },
  });
  const deep = p({ 'a.b': 1, d: nest(21, 1, inObject) }, { candidates: ['toon-flatten', 'toon'], dots: 'refuse' });
  assert.deepEqual(deep.dropped, { 'toon-flatten': 'depth-exceeded', toon: 'depth-exceeded' });
  // toon is never dropped for a dotted name
  assert.deepEqual(p({ 'a.b': 1 }, { candidates: ['toon'], dots: 'refuse' }).dropped, {});
  // encode-failed comes after dotted-name
  assert.deepEqual(p({ 'a.b': '\ud800' }, { dots: 'refuse', candidates: ['toon-flatten', 'toon'] }).dropped,
    { 'toon-flatten': 'dotted-name', toon: 'encode-failed' });
});

test('1.1 pick usage errors: dots, unknown option names', () => {
  const bad = (options) => assert.throws(() => p({ a: 1 }, options), (e) => e instanceof ToonPickerError && e.reason === 'invalid-options', JSON.stringify(options));
  for (const dots of ['keep', 'Refuse', null, false, 0]) bad({ dots });
  bad({ min_saving: 0.1 }); // the protocol's spelling is not the library's
  bad({ colour: 'blue' });
  bad(null);
  bad([]);
  assert.throws(() => p({ a: NaN }, { dots: 'x' }), (e) => e.reason === 'invalid-options'); // options first
});

// ---- spec 1.1: verify option ----

test('1.1 jsonEqual: objects as mappings, numbers by value, types strict', () => {
  assert.ok(jsonEqual(JSON.parse('{"a":1,"b":[1,{"c":null}]}'), JSON.parse('{"b":[1.0,{"c":null}],"a":1e0}')));
  assert.ok(jsonEqual(0, -0));
  assert.ok(jsonEqual(2 ** 60, JSON.parse('1152921504606847000'))); // the JS reading of 2**60
  assert.ok(jsonEqual({}, Object.create(null)));
  for (const [a, b] of [[1, '1'], [true, 1], [null, {}], [null, 0], [[], {}], [[1, 2], [2, 1]], [{ a: 1 }, { a: 1, b: 2 }],
    [{ a: 1, b: 2 }, { a: 1 }], [{ a: 1 }, { b: 1 }], ['a', 'a '], [[1], [1, 1]], [{ a: [] }, { a: {} }]]) {
    assert.ok(!jsonEqual(a, b), JSON.stringify([a, b]));
    assert.ok(!jsonEqual(b, a), JSON.stringify([b, a]));
  }
  // an inherited name is not a member
  assert.ok(!jsonEqual(JSON.parse('{"toString":1}'), JSON.parse('{"x":1}')));
  assert.ok(!jsonEqual(JSON.parse('{"x":1}'), JSON.parse('{"toString":1}')));
});

test('1.1 readsBack: toon against the payload, toon-flatten against normalise_keys(payload)', () => {
  assert.ok(readsBack('toon', 'a: 1', { a: 1 }));
  assert.ok(!readsBack('toon', 'a: 2', { a: 1 }));
  assert.ok(!readsBack('toon', 'a: "1"', { a: 1 }));
  assert.ok(readsBack('toon', 'a.b: 1', { 'a.b': 1 })); // TOON never expands dotted keys
  assert.ok(!readsBack('toon', 'a_b: 1', { 'a.b': 1 }));
  assert.ok(readsBack('toon-flatten', 'a_b: 1\nc.d: 2', { 'a.b': 1, c: { d: 2 } }));
  assert.ok(!readsBack('toon-flatten', 'a.b: 1\nc.d: 2', { 'a.b': 1, c: { d: 2 } }));
  assert.ok(readsBack('toon-flatten', 'c.d: 2\na_b: 1', { 'a.b': 1, c: { d: 2 } })); // order ignored
  // texts the decoder or unflatten rejects do not read back
  assert.ok(!readsBack('toon', 'a[2]: 1', { a: [1] })); // strict: wrong length
  assert.ok(!readsBack('toon-flatten', 'a: 1\na.b: 2', { a: 1 })); // path-conflict
  assert.ok(!readsBack('toon', 'a: "x', { a: 'x' }));
});

test('1.1 verify: texts that read back keep their candidates', () => {
  const rows = { items: [{ id: 1, stats: { runs: 10, reads: 5 } }, { id: 2, stats: { runs: 20, reads: 8 } }] };
  for (const v of [rows, { v: 1e-6 }, { 'a.b': { 'c.d': [1, { 'e.f': {} }] } }, [{}, [], ''], 'x', { a: {} }, { n: 2 ** 60 }]) {
    const options = { candidates: ['toon-flatten', 'toon'] };
    assert.deepEqual(p(v, { ...options, verify: true }), p(v, options), JSON.stringify(v));
    assert.deepEqual(p(v, { ...options, verify: false }), p(v, options));
  }
});

test('1.1 verify: a mismatch drops the candidate with decode-mismatch, last in the drop order', () => {
  const wrong = () => ({ something: 'else' });
  const v = { items: [{ a: { b: 1 } }, { a: { b: 2 } }] }; // json 39, toon 23, toon-flatten 22
  const all = { candidates: ['toon', 'toon-flatten'], verify: true };
  assert.deepEqual(pickWith({ decode: wrong }, v, all), {
    strategy: 'json', text: '{"items":[{"a":{"b":1}},{"a":{"b":2}}]}', sizes: { json: 39 },
    dropped: { toon: 'decode-mismatch', 'toon-flatten': 'decode-mismatch' },
  });
  // a decoder that throws is a mismatch too
  const boom = () => { throw new SyntaxError('nope'); };
  assert.deepEqual(pickWith({ decode: boom }, v, all).dropped, { toon: 'decode-mismatch', 'toon-flatten': 'decode-mismatch' });
  // only the candidate that does not read back is dropped
  const onlyFlat = (text) => (text.includes('a.b') ? wrong() : untoon(text));
  const r = pickWith({ decode: onlyFlat }, v, all);
  assert.deepEqual(r, { strategy: 'toon', text: toon(v), sizes: { json: 39, toon: 23 }, dropped: { 'toon-flatten': 'decode-mismatch' } });
  // without verify the decoder is never called
  assert.equal(pickWith({ decode: boom }, v, { candidates: ['toon'] }).strategy, 'toon');
  // earlier codes win: empty-text, encode-failed, key-collision, dotted-name, depth-exceeded
  const drops = (value, options) => pickWith({ decode: wrong }, value, { candidates: ['toon-flatten', 'toon'], verify: true, ...options }).dropped;
  assert.deepEqual(drops({}), { 'toon-flatten': 'empty-text', toon: 'empty-text' });
  assert.deepEqual(drops({ a: '\ud800' }), { 'toon-flatten': 'encode-failed', toon: 'encode-failed' });
  assert.deepEqual(drops({ 'a.b': 1, a_b: 2 }), { 'toon-flatten': 'key-collision', toon: 'decode-mismatch' });
  assert.deepEqual(drops({ 'a.b': 1 }, { dots: 'refuse' }), { 'toon-flatten': 'dotted-name', toon: 'decode-mismatch' });
  assert.deepEqual(drops(nest(21, 1, inArray)), { 'toon-flatten': 'depth-exceeded', toon: 'depth-exceeded' });
});

test('1.1 verify works with token measures and min_saving', () => {
  const v = { a: { b: 1 } };
  assert.deepEqual(p(v, { measure: 'o200k_base', verify: true }), p(v, { measure: 'o200k_base' }));
  const r = pickWith({ decode: () => null }, v, { measure: 'o200k_base', verify: true, minSaving: 0.1 });
  assert.deepEqual(r, { strategy: 'json', text: '{"a":{"b":1}}', sizes: { json: 7 }, dropped: { 'toon-flatten': 'decode-mismatch' } });
});

test('1.1 verify must be a boolean', () => {
  for (const verify of [1, 0, 'true', null, [], {}]) {
    assert.throws(() => p({ a: 1 }, { verify }), (e) => e instanceof ToonPickerError && e.reason === 'invalid-options', JSON.stringify(verify));
  }
});
