// The picker, spec 1.0 section 6 with the 1.1 options: JSON vs TOON(flatten(value)) vs
// TOON(value), the smallest size in the chosen measure (UTF-8 bytes by default, or tokens)
// wins, ties to the earlier candidate, json always first and always eligible.
import { decode, encode } from '@toon-format/toon';
import { ToonPickerError } from './errors.js';
import {
  checkDots, checkOptionNames, DEFAULT_DOTS, firstDottedName, flattenChecked, normaliseKeys,
} from './flatten.js';
import { stringifyJson } from './json.js';
import { DEFAULT_MEASURE, MEASURES, sizeOf, utf8Size } from './measure.js';
import { inspectPayload, isPlainObject, MAX_DEPTH } from './payload.js';
import { unflatten } from './unflatten.js';

export const KNOWN_CANDIDATES = Object.freeze(['json', 'toon-flatten', 'toon']);
export const DEFAULT_CANDIDATES = Object.freeze(['json', 'toon-flatten']);

/** 6.2: TOON spec 4.x encoder, indent 2, delimiter `,` (no key folding exists in 4.x). */
export function toon(value) {
  return encode(value, { indentSize: 2, delimiter: ',' });
}

/** The official TOON decoder, with the encoder's indentation; strict (the decoder's default). */
export function untoon(text) {
  return decode(text, { indentSize: 2, strict: true });
}

/**
 * Payload equality of 1.1 `verify`: JSON values of the same type with equal contents, objects
 * as mappings (member order ignored), numbers by value (0 equals -0). Iterative.
 */
export function jsonEqual(a, b) {
  const stack = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop();
    if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') {
      if (x !== y) return false; // scalars: same type and value (=== has 0 === -0)
      continue;
    }
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x)) {
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], y[i]]);
      continue;
    }
    if (!isPlainObject(x) || !isPlainObject(y)) return false;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(y, key)) return false;
      stack.push([x[key], y[key]]);
    }
  }
  return true;
}

/**
 * 1.1 `verify`: does the candidate's text read back as the payload? `toon`: decode(text)
 * equals the payload; `toon-flatten`: unflatten(decode(text)) equals normalise_keys(payload).
 * A text the decoder (or unflatten) rejects does not read back.
 */
export function readsBack(name, text, value, decodeText = untoon) {
  let back;
  try {
    back = decodeText(text);
    if (name === 'toon-flatten') back = unflatten(back);
  } catch {
    return false;
  }
  return jsonEqual(back, name === 'toon-flatten' ? normaliseKeys(value) : value);
}

/** 1.1: verify is a boolean. */
export function checkVerify(verify) {
  if (typeof verify !== 'boolean') {
    throw new ToonPickerError('invalid-options', '$', `verify must be true or false, got ${JSON.stringify(verify)}`);
  }
  return verify;
}

/** 6.1: validate names; `json` is moved/prepended to the front, the rest keep their order. */
export function normaliseCandidates(candidates) {
  if (!Array.isArray(candidates)) {
    throw new ToonPickerError('invalid-options', '$', 'candidates must be a list of names');
  }
  const seen = new Set();
  for (const name of candidates) {
    if (typeof name !== 'string' || !KNOWN_CANDIDATES.includes(name)) {
      throw new ToonPickerError('invalid-options', '$', `unknown candidate ${JSON.stringify(name)}`);
    }
    if (seen.has(name)) {
      throw new ToonPickerError('invalid-options', '$', `repeated candidate ${JSON.stringify(name)}`);
    }
    seen.add(name);
  }
  return ['json', ...candidates.filter((n) => n !== 'json')];
}

/** 6.5: 0 <= r < 1. */
export function checkMinSaving(r) {
  if (typeof r !== 'number' || !Number.isFinite(r) || r < 0 || r >= 1) {
    throw new ToonPickerError('invalid-options', '$', `min_saving must be a number in [0, 1), got ${JSON.stringify(r)}`);
  }
  return r;
}

/** 1.1: "bytes" (spec 3.5), "o200k_base" or "cl100k_base". */
export function checkMeasure(measure) {
  if (typeof measure !== 'string' || !MEASURES.includes(measure)) {
    throw new ToonPickerError('invalid-options', '$',
      `unknown measure ${JSON.stringify(measure)} (known: ${MEASURES.join(', ')})`);
  }
  return measure;
}

export { utf8Size };

/** Option names of the library call (the protocol spells min_saving with an underscore). */
export const PICK_OPTION_NAMES = Object.freeze(['candidates', 'minSaving', 'measure', 'dots', 'verify']);

/**
 * pick(value, {candidates, minSaving, measure, dots, verify}) -> {strategy, text, sizes, dropped}.
 * `sizes` are in the unit of `measure`. Throws only for invalid options (checked first) or
 * an invalid payload, never for a valid payload with valid options.
 */
export function pick(value, options = {}) {
  return pickWith({ decode: untoon }, value, options);
}

/** pick with the TOON decoder of `verify` replaced (tests use it to force a mismatch). */
export function pickWith(hooks, value, options = {}) {
  checkOptionNames(options, PICK_OPTION_NAMES, 'pick');
  const {
    candidates = DEFAULT_CANDIDATES, minSaving = 0, measure = DEFAULT_MEASURE, dots = DEFAULT_DOTS,
    verify = false,
  } = options;
  const names = normaliseCandidates(candidates);
  const r = checkMinSaving(minSaving);
  const unit = checkMeasure(measure);
  const refuseDots = checkDots(dots) === 'refuse';
  const verifying = checkVerify(verify);
  const { tooDeepPath } = inspectPayload(value); // invalid-payload raises here
  const tooDeep = tooDeepPath !== null;

  const texts = new Map();
  const dropped = {};
  for (const name of names) {
    if (name === 'json') {
      texts.set(name, stringifyJson(value));
      continue;
    }
    // 4.1 / 6.2: both TOON candidates are subject to MAX_DEPTH so hosts agree.
    if (tooDeep) {
      dropped[name] = 'depth-exceeded';
      continue;
    }
    let input = value;
    if (name === 'toon-flatten') {
      // 7.2 order: depth-exceeded (above), dotted-name, key-collision
      if (refuseDots && firstDottedName(value) !== null) {
        dropped[name] = 'dotted-name';
        continue;
      }
      try {
        input = flattenChecked(value);
      } catch (err) {
        if (err instanceof ToonPickerError) {
          dropped[name] = err.reason; // key-collision
          continue;
        }
        throw err;
      }
    }
    let text;
    try {
      text = toon(input);
    } catch {
      dropped[name] = 'encode-failed'; // e.g. a lone surrogate
      continue;
    }
    if (text === '') {
      dropped[name] = 'empty-text'; // 6.3: e.g. an empty root object
      continue;
    }
    if (verifying && !readsBack(name, text, value, hooks.decode)) {
      dropped[name] = 'decode-mismatch'; // 1.1: the last code of 7.2
      continue;
    }
    texts.set(name, text);
  }

  const sizes = {};
  for (const [name, text] of texts) sizes[name] = sizeOf(text, unit);
  const jsonSize = sizes.json;
  let strategy = 'json';
  for (const name of texts.keys()) {
    if (name === 'json') continue;
    // 6.4 strict < keeps ties with the earlier candidate; 6.5 exactly this double expression.
    if (sizes[name] < sizes[strategy] && sizes[name] <= (1 - r) * jsonSize) strategy = name;
  }
  return { strategy, text: texts.get(strategy), sizes, dropped };
}

export { MAX_DEPTH };
