// Size measures of pick (spec 1.1 `measure`): UTF-8 bytes (spec 3.5, the default) or the
// number of tokens of a tiktoken encoding, counted with ORDINARY encoding: special-token
// texts such as "<|endoftext|>" inside a text are plain text, never the special token.
//
// Tokens are counted with npm `js-tiktoken` (pinned in package.json) and the rank files it
// bundles, so no network is needed. Each encoder is built on first use, once per process
// (building o200k_base takes about 0.7 s); the rank data itself is only loaded then too.
//
// One correction: js-tiktoken 1.0.21 ships its own JavaScript spelling of tiktoken's
// pre-tokenisation patterns, and it differs from tiktoken in two ways that change counts:
// - `\s` in JavaScript includes U+FEFF and excludes U+0085; tiktoken's `\s` (Rust regex) is
//   Unicode White_Space, which is the other way round. So "\ufeff'll" is 2 cl100k tokens for
//   stock js-tiktoken and 3 for tiktoken.
// - tiktoken's contractions are case-insensitive `(?i:'s|...)`, which also matches U+017F
//   (long s, whose case fold is `s`); js-tiktoken spells them out as `'s|'S|...` only.
// We therefore hand js-tiktoken the patterns below (tiktoken's, written for JavaScript) with
// the bundled ranks. The possessive quantifiers of tiktoken's cl100k pattern are written
// greedy: in each place no backtracking can change the match, so the pieces are the same.
import { createRequire } from 'node:module';
import { Tiktoken } from 'js-tiktoken/lite';

const require = createRequire(import.meta.url);

export const BYTES = 'bytes';
export const TOKEN_MEASURES = Object.freeze(['o200k_base', 'cl100k_base']);
export const MEASURES = Object.freeze([BYTES, ...TOKEN_MEASURES]);
export const DEFAULT_MEASURE = BYTES;

/**
 * sha256 of the uncompressed `.tiktoken` rank file each encoding must use (spec 1.1 note).
 * test/measure.test.js rebuilds that file from the bundled ranks and checks these.
 */
export const RANK_FILE_SHA256 = Object.freeze({
  o200k_base: '446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d',
  cl100k_base: '223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7',
});

/** The bundled rank data of a token measure: {pat_str, special_tokens, bpe_ranks}. */
export function rankData(measure) {
  if (!TOKEN_MEASURES.includes(measure)) throw new RangeError(`not a token measure: ${measure}`);
  // The CommonJS builds of the rank modules load synchronously and only when asked for.
  return require(`js-tiktoken/ranks/${measure}`);
}

const WS = '\\p{White_Space}';
const NOT_WS = '\\P{White_Space}';
const CONTRACTION = "'(?:[sS\u017f]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD])";

/** tiktoken's pre-tokenisation patterns (tiktoken_ext/openai_public.py), for JavaScript `u`. */
export const PATTERNS = Object.freeze({
  // '(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s
  cl100k_base: [
    "'(?:[sdmtSDMT\u017f]|[lL][lL]|[vV][eE]|[rR][eE])",
    '[^\\r\\n\\p{L}\\p{N}]?\\p{L}+',
    '\\p{N}{1,3}',
    ` ?[^${WS}\\p{L}\\p{N}]+[\\r\\n]*`,
    `${WS}+$`,
    `${WS}*[\\r\\n]`,
    `${WS}+(?!${NOT_WS})`,
    WS,
  ].join('|'),
  // [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
  // |[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
  // |\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
  o200k_base: [
    `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?:${CONTRACTION})?`,
    `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?:${CONTRACTION})?`,
    '\\p{N}{1,3}',
    ` ?[^${WS}\\p{L}\\p{N}]+[\\r\\n/]*`,
    `${WS}*[\\r\\n]+`,
    `${WS}+(?!${NOT_WS})`,
    `${WS}+`,
  ].join('|'),
});

const encoders = new Map();

/** The js-tiktoken encoder of a token measure, built once. */
export function encoderFor(measure) {
  let enc = encoders.get(measure);
  if (enc === undefined) {
    enc = new Tiktoken({ ...rankData(measure), pat_str: PATTERNS[measure] });
    encoders.set(measure, enc);
  }
  return enc;
}

/** Token ids of `text` with ordinary encoding (no special tokens allowed or disallowed). */
export function encodeOrdinary(text, measure) {
  // allowedSpecial [] and disallowedSpecial []: special-token texts are neither turned into
  // their special ids nor rejected; they are split and merged like any other text.
  return encoderFor(measure).encode(text, [], []);
}

export function utf8Size(text) {
  return Buffer.byteLength(text, 'utf8');
}

/** The size of `text` in the unit of `measure` (bytes or tokens). */
export function sizeOf(text, measure = DEFAULT_MEASURE) {
  if (measure === BYTES) return utf8Size(text);
  return encodeOrdinary(text, measure).length;
}
