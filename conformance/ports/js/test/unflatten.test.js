import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flatten, normaliseKeys } from '../src/flatten.js';
import { unflatten } from '../src/unflatten.js';
import { checkReason, checkText, inArray, nest } from './helpers.js';

const un = (input, expected) => checkText(unflatten, input, expected);
const chain = (n) => Array(n).fill('a').join('.');

test('5.1/5.2 split on dots, first-appearance order', () => {
  un('{"a.b":1}', '{"a":{"b":1}}');
  un('{"a.b.c":1,"x":2,"a.d":3,"a.b.e":4}', '{"a":{"b":{"c":1,"e":4},"d":3},"x":2}');
  un('{"z.y":1,"a":2,"z.b":3}', '{"z":{"y":1,"b":3},"a":2}');
});

test('5.1 empty segments', () => {
  un('{".b":1}', '{"":{"b":1}}');
  un('{"a.":1}', '{"a":{"":1}}');
  un('{".":1}', '{"":{"":1}}');
  un('{"":1}', '{"":1}');
  un('{"..":2}', '{"":{"":{"":2}}}');
  un('{"a..b":1}', '{"a":{"":{"b":1}}}');
});

test('5.2/5.3 {} leaves, arrays, scalars, any root', () => {
  un('{"a":{}}', '{"a":{}}');
  un('{"a.b":{}}', '{"a":{"b":{}}}');
  un('{}', '{}');
  un('[]', '[]');
  un('7', '7');
  un('"a.b"', '"a.b"');
  un('null', 'null');
  un('[{"a.b":1},[{"c.d":2}],3]', '[{"a":{"b":1}},[{"c":{"d":2}}],3]');
  un('{"l":[{"x.y":[{"p.q":{}}]}]}', '{"l":[{"x":{"y":[{"p":{"q":{}}}]}}]}');
});

test('prototype-like names are ordinary data, no pollution', () => {
  const r = unflatten(JSON.parse('{"__proto__.polluted":1,"constructor.prototype.polluted":2,"toString":3}'));
  assert.equal(JSON.stringify(r), '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"toString":3}');
  assert.ok(Object.hasOwn(r, '__proto__'));
  assert.equal({}.polluted, undefined);
  assert.equal(Object.prototype.polluted, undefined);
  un('{"__proto__":{}}', '{"__proto__":{}}');
  un('{"a.__proto__":1,"a.b":2}', '{"a":{"__proto__":1,"b":2}}');
});

test('5.4 path-conflict', () => {
  checkReason(unflatten, JSON.parse('{"a":1,"a.b":2}'), 'path-conflict');
  checkReason(unflatten, JSON.parse('{"a.b":2,"a":1}'), 'path-conflict');
  checkReason(unflatten, JSON.parse('{"a":{},"a.b":1}'), 'path-conflict');
  checkReason(unflatten, JSON.parse('{"a.b.c":1,"a.b":[]}'), 'path-conflict');
  checkReason(unflatten, JSON.parse('{"":1,".x":2}'), 'path-conflict');
  checkReason(unflatten, JSON.parse('{"a":null,"a.":2}'), 'path-conflict');
  checkReason(unflatten, JSON.parse('[1,{"l":[{"p":1,"p.q":2}]}]'), 'path-conflict');
  // shared prefixes without a leaf are fine
  un('{"a.b":1,"a.c":2,"ab":3}', '{"a":{"b":1,"c":2},"ab":3}');
});

test('5.4 not-flat', () => {
  checkReason(unflatten, JSON.parse('{"a":{"b":1}}'), 'not-flat');
  checkReason(unflatten, JSON.parse('[{"x":1},{"a":{"b":1}}]'), 'not-flat');
  checkReason(unflatten, JSON.parse('{"l":[[{"a":{"":null}}]]}'), 'not-flat');
});

test('5.4 depth-exceeded: 20 passes, 21 fails', () => {
  un(JSON.stringify({ [chain(20)]: 1 }), JSON.stringify(nest(20, 1, (v) => ({ a: v }))));
  checkReason(unflatten, { [chain(21)]: 1 }, 'depth-exceeded');
  assert.doesNotThrow(() => unflatten({ [chain(20)]: {} }));
  checkReason(unflatten, { [chain(20)]: [1] }, 'depth-exceeded');
  assert.doesNotThrow(() => unflatten({ [chain(20)]: [] }));
  assert.doesNotThrow(() => unflatten({ [chain(19)]: [] }));
  assert.doesNotThrow(() => unflatten(nest(20, 1, inArray)));
  checkReason(unflatten, nest(21, 1, inArray), 'depth-exceeded');
  assert.doesNotThrow(() => unflatten(nest(19, { [chain(1)]: 1 }, inArray)));
  checkReason(unflatten, nest(19, { 'a.b': 1 }, inArray), 'depth-exceeded');
  checkReason(unflatten, { [chain(10)]: [{ [chain(10)]: 1 }] }, 'depth-exceeded');
  assert.doesNotThrow(() => unflatten({ [chain(10)]: [{ [chain(9)]: 1 }] }));
  checkReason(unflatten, JSON.parse('['.repeat(100000) + ']'.repeat(100000)), 'depth-exceeded');
});

test('5.4 precedence: not-flat > path-conflict > depth-exceeded, over the whole input', () => {
  const deep = { [chain(21)]: 1 };
  checkReason(unflatten, [deep, { a: 1, 'a.b': 2 }, { x: { y: 1 } }], 'not-flat');
  checkReason(unflatten, [{ x: { y: 1 } }, deep], 'not-flat');
  checkReason(unflatten, [deep, { a: 1, 'a.b': 2 }], 'path-conflict');
  checkReason(unflatten, { [chain(21)]: 1, p: 1, 'p.q': 1 }, 'path-conflict');
  checkReason(unflatten, { a: 1, 'a.b': 2, c: { d: 1 } }, 'not-flat');
});

test('5.5 and 4.9 laws on generated payloads', () => {
  // High bits of the state: the low bits of this generator repeat with a short period (the
  // old `seed % n` never picked some names, __proto__ among them).
  let seed = 12345;
  const rnd = (n) => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return Math.floor((seed / 2 ** 32) * n);
  };
  const names = ['a', 'b', 'a.b', '', '.', 'x.y.z', '__proto__', 'constructor', 'toString', 'é', 'k k'];
  const gen = (d) => {
    const kind = d >= 6 ? rnd(4) : rnd(7);
    if (kind === 0) return rnd(100) - 50;
    if (kind === 1) return ['s', '', 'a.b', null, true, 1.5][rnd(6)];
    if (kind === 2) return null;
    if (kind === 3) return {};
    if (kind === 4) return Array.from({ length: rnd(3) }, () => gen(d + 1));
    const o = {};
    for (let i = rnd(4); i > 0; i--) {
      // own data property, as JSON.parse makes it (`o.__proto__ = v` would set the prototype)
      Object.defineProperty(o, names[rnd(names.length)], { value: gen(d + 1), enumerable: true, writable: true, configurable: true });
    }
    return o;
  };
  let checked = 0;
  let withProto = 0;
  for (let i = 0; i < 2000; i++) {
    const x = gen(0);
    if (JSON.stringify(x).includes('"__proto__"')) withProto++;
    let f;
    try {
      f = flatten(x);
    } catch (err) {
      assert.equal(err.reason, 'key-collision');
      continue;
    }
    assert.equal(JSON.stringify(unflatten(f)), JSON.stringify(normaliseKeys(x)));
    assert.equal(JSON.stringify(flatten(unflatten(f))), JSON.stringify(f));
    checked++;
  }
  assert.ok(checked > 1000, `only ${checked} payloads checked`);
  assert.ok(withProto > 100, `only ${withProto} payloads with a __proto__ member`);
});

test('1.1 precedence is over the whole input, values of conflicting members included', () => {
  // the note's examples: the not-flat value sits inside the value of a conflicting member
  checkReason(unflatten, JSON.parse('{"a.b":2,"a":[{"d":{"e":1}}]}'), 'not-flat');
  checkReason(unflatten, JSON.parse('{"a":[{"d":{"e":1}}],"a.b":2}'), 'not-flat');
  // deeper: arrays inside arrays inside the conflicting member
  checkReason(unflatten, JSON.parse('{"a":1,"a.b":[[{"x":{"y":1}}]]}'), 'not-flat');
  checkReason(unflatten, JSON.parse('{"a.b":[[1,[{"x":{"":null}}]]],"a":1}'), 'not-flat');
  checkReason(unflatten, JSON.parse('[{"p":1,"p.q":[{"r":[{"s":{"t":1}}]}]}]'), 'not-flat');
  checkReason(unflatten, JSON.parse('{"a.b":[{"c":{"d":1}}],"a.b.c":1}'), 'not-flat');
  // a conflict inside a conflicting member's value is still path-conflict
  checkReason(unflatten, JSON.parse('{"a":1,"a.b":[{"p":1,"p.q":2}]}'), 'path-conflict');
  // depth inside a conflicting member does not hide the conflict
  checkReason(unflatten, { a: 1, 'a.b': [{ [chain(25)]: 1 }] }, 'path-conflict');
  checkReason(unflatten, { a: 1, 'a.b': nest(30, 1, inArray) }, 'path-conflict');
  checkReason(unflatten, { [chain(25)]: [{ a: 1, 'a.b': 1 }] }, 'path-conflict');
});
