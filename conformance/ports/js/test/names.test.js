// Spec 1.1: member names such as __proto__, constructor, toString and hasOwnProperty are
// ordinary names in every operation. JSON.parse stores them as own data properties; so must
// every object the port builds, and no check may mistake an inherited property for a member.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { flatten, normaliseKeys } from '../src/flatten.js';
import { stringifyJson } from '../src/json.js';
import { inspectPayload } from '../src/payload.js';
import { jsonEqual, pick, readsBack, toon, untoon } from '../src/pick.js';
import { unflatten } from '../src/unflatten.js';
import { checkReason } from './helpers.js';

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__', 'toJSON'];

/** Assert `obj` has `name` as an own, enumerable, writable data property. */
function ownData(obj, name, where) {
  const d = Object.getOwnPropertyDescriptor(obj, name);
  assert.ok(d !== undefined, `${where}: no own ${name}`);
  assert.ok('value' in d && d.enumerable && d.writable, `${where}: ${name} is not plain data`);
  return d.value;
}

/** Every object in `v` has Object.prototype or null as prototype, never a payload value. */
function prototypesUntouched(v, where) {
  const stack = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === null || typeof x !== 'object') continue;
    const proto = Object.getPrototypeOf(x);
    assert.ok(proto === null || proto === Object.prototype || proto === Array.prototype, `${where}: prototype changed`);
    stack.push(...Object.values(x));
  }
}

function notPolluted() {
  for (const name of ['x', 'y', 'polluted', 'a', 'b']) assert.equal(Object.prototype[name], undefined, name);
  assert.equal(typeof Object.prototype.toString, 'function');
  assert.equal(typeof Object.prototype.hasOwnProperty, 'function');
}

test('payload checks: the names are members, not inherited properties', () => {
  for (const name of NAMES) {
    const v = JSON.parse(`{${JSON.stringify(name)}:{"x":[1]}}`);
    assert.equal(inspectPayload(v).maxDepth, 3, name);
    // a value of depth 21 under such a name is found
    let deep = 1;
    for (let i = 0; i < 20; i++) deep = [deep];
    checkReason(flatten, JSON.parse(`{${JSON.stringify(name)}:${JSON.stringify(deep)}}`), 'depth-exceeded');
    // a bad value under such a name is found too
    checkReason(flatten, { q: Object.defineProperty({}, name, { value: NaN, enumerable: true }) }, 'invalid-payload');
  }
  notPolluted();
});

test('flatten output: own data properties, merged through and kept as leaves', () => {
  const v = JSON.parse('{"__proto__":{"x":1,"constructor":{"y":2}},"toString":{},"hasOwnProperty":[{"__proto__":{"z":3}}],"valueOf":"v"}');
  const out = flatten(v);
  assert.equal(JSON.stringify(out), '{"__proto__.x":1,"__proto__.constructor.y":2,"toString":{},"hasOwnProperty":[{"__proto__.z":3}],"valueOf":"v"}');
  ownData(out, 'toString', 'flatten');
  ownData(out, 'valueOf', 'flatten');
  ownData(ownData(out, 'hasOwnProperty', 'flatten')[0], '__proto__.z', 'flatten');
  // a bare __proto__ leaf
  const leaf = flatten(JSON.parse('{"__proto__":{},"constructor":1}'));
  assert.deepEqual(Object.keys(leaf), ['__proto__', 'constructor']);
  assert.equal(JSON.stringify(ownData(leaf, '__proto__', 'flatten')), '{}');
  assert.equal(ownData(leaf, 'constructor', 'flatten'), 1);
  prototypesUntouched(out, 'flatten');
  // normalise_keys and collisions: no false collision with inherited names
  assert.equal(JSON.stringify(normaliseKeys(JSON.parse('{"__proto__":{"a.b":1},"toString":2}'))), '{"__proto__":{"a_b":1},"toString":2}');
  checkReason(flatten, JSON.parse('{"__proto__.x":1,"__proto___x":2}'), 'key-collision');
  checkReason((x) => flatten(x, { dots: 'refuse' }), JSON.parse('{"__proto__":{"a.b":1}}'), 'dotted-name');
  assert.equal(JSON.stringify(flatten(JSON.parse('{"constructor":{"prototype":{"x":1}}}'), { dots: 'refuse' })), '{"constructor.prototype.x":1}');
  notPolluted();
});

test('unflatten output: own data properties at every level', () => {
  const out = unflatten(JSON.parse('{"__proto__.x":1,"__proto__.toString":2,"constructor.prototype.y":3,"hasOwnProperty":{},"l":[{"__proto__":[]}]}'));
  assert.equal(JSON.stringify(out), '{"__proto__":{"x":1,"toString":2},"constructor":{"prototype":{"y":3}},"hasOwnProperty":{},"l":[{"__proto__":[]}]}');
  const proto = ownData(out, '__proto__', 'unflatten');
  assert.equal(ownData(proto, 'toString', 'unflatten'), 2);
  ownData(ownData(ownData(out, 'constructor', 'unflatten'), 'prototype', 'unflatten'), 'y', 'unflatten');
  assert.deepEqual(ownData(ownData(out, 'l', 'unflatten')[0], '__proto__', 'unflatten'), []);
  prototypesUntouched(out, 'unflatten');
  // conflicts are found between such names, and not with inherited ones
  checkReason(unflatten, JSON.parse('{"__proto__":1,"__proto__.x":2}'), 'path-conflict');
  checkReason(unflatten, JSON.parse('{"toString":{"a":1}}'), 'not-flat');
  assert.equal(JSON.stringify(unflatten(JSON.parse('{"a.toString":1,"a.valueOf":2}'))), '{"a":{"toString":1,"valueOf":2}}');
  notPolluted();
});

test('JSON and TOON texts write the names like any other', () => {
  const v = JSON.parse('{"__proto__":{"constructor":1},"toString":[{"hasOwnProperty":1,"__proto__":2},{"hasOwnProperty":3,"__proto__":4}],"toJSON":"x"}');
  assert.equal(stringifyJson(v), '{"__proto__":{"constructor":1},"toString":[{"hasOwnProperty":1,"__proto__":2},{"hasOwnProperty":3,"__proto__":4}],"toJSON":"x"}');
  const plain = toon(v);
  assert.equal(plain, '__proto__:\n  constructor: 1\ntoString[2]{hasOwnProperty,__proto__}:\n  1,2\n  3,4\ntoJSON: x');
  assert.equal(toon(flatten(v)), '__proto__.constructor: 1\ntoString[2]{hasOwnProperty,__proto__}:\n  1,2\n  3,4\ntoJSON: x');
  // the decoder stores them as own data too, so verify finds its way back
  const back = untoon(plain);
  ownData(back, '__proto__', 'decode');
  ownData(ownData(back, 'toString', 'decode')[1], '__proto__', 'decode');
  assert.ok(jsonEqual(back, v));
  prototypesUntouched(back, 'decode');
  const r = pick(v, { candidates: ['toon-flatten', 'toon'], verify: true });
  assert.deepEqual(r.dropped, {});
  assert.equal(r.strategy, 'toon-flatten');
  assert.ok(readsBack('toon-flatten', r.text, v));
  // a member named toJSON is data, not a serialisation hook (JSON and TOON alike)
  assert.equal(stringifyJson(JSON.parse('{"toJSON":{"a":1}}')), '{"toJSON":{"a":1}}');
  assert.equal(toon(JSON.parse('{"toJSON":{"a":1}}')), 'toJSON:\n  a: 1');
  notPolluted();
});

test('the names survive the protocol both ways', () => {
  const port = fileURLToPath(new URL('../port.js', import.meta.url));
  const requests = [
    '{"cmd":"run","seq":1,"op":"flatten","input":{"__proto__":{"x":{"constructor":1}},"toString":2}}',
    '{"cmd":"run","seq":2,"op":"unflatten","input":{"__proto__.hasOwnProperty":1}}',
    '{"cmd":"run","seq":3,"op":"pick","input":{"__proto__":{"a":1},"constructor":{"b":2}},"options":{"verify":true}}',
  ];
  const res = spawnSync(process.execPath, [port], { input: requests.join('\n') + '\n', encoding: 'utf8' });
  assert.deepEqual(res.stdout.split('\n'), [
    '{"seq":1,"ok":{"__proto__.x.constructor":1,"toString":2}}',
    '{"seq":2,"ok":{"__proto__":{"hasOwnProperty":1}}}',
    '{"seq":3,"ok":{"strategy":"toon-flatten","text":"__proto__.a: 1\\nconstructor.b: 2","sizes":{"json":43,"toon-flatten":31}}}',
    '',
  ]);
});
