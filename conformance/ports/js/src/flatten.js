// Dot-flatten, spec 1.0 section 4, with the 1.1 option `dots` ("rename" or "refuse"). Results are null-prototype objects so that member names
// such as `__proto__`, `constructor` or `toString` are plain data (npm `flat` had a
// prototype-pollution CVE; the original dotFlatten had false collisions on `constructor`).
import { ToonPickerError, pathStep } from './errors.js';
import { assertDepth, isPlainObject, MAX_DEPTH } from './payload.js';

export { MAX_DEPTH };

/** 4.2: every `.` in a member name becomes `_`. */
export function normaliseName(name) {
  return name.replaceAll('.', '_');
}

function isNonEmptyObject(v) {
  return isPlainObject(v) && Object.keys(v).length > 0;
}

/** Every `.` in every member name at every level -> `_` (the left side of law 4.9). */
export function normaliseKeys(value) {
  assertDepth(value);
  return normaliseValue(value, '$');
}

function normaliseValue(value, path) {
  if (Array.isArray(value)) return value.map((el, i) => normaliseValue(el, path + pathStep(i)));
  if (!isPlainObject(value)) return value;
  const out = Object.create(null);
  for (const name of collisionCheckedNames(value, path)) {
    out[normaliseName(name)] = normaliseValue(value[name], path + pathStep(name));
  }
  return out;
}

/** 4.3: two members of one object with equal normalised names collide. */
function collisionCheckedNames(obj, path) {
  const names = Object.keys(obj);
  const seen = new Map();
  for (const name of names) {
    const norm = normaliseName(name);
    const earlier = seen.get(norm);
    if (earlier !== undefined) {
      throw new ToonPickerError(
        'key-collision',
        path + pathStep(name),
        `member names ${JSON.stringify(earlier)} and ${JSON.stringify(name)} both normalise to ${JSON.stringify(norm)}`,
      );
    }
    seen.set(norm, name);
  }
  return names;
}

export const DOTS_VALUES = Object.freeze(['rename', 'refuse']);
export const DEFAULT_DOTS = 'rename';

/** 1.1: `dots` is "rename" (every `.` -> `_`, spec 1.0) or "refuse" (fail on a dotted name). */
export function checkDots(dots) {
  if (typeof dots !== 'string' || !DOTS_VALUES.includes(dots)) {
    throw new ToonPickerError('invalid-options', '$',
      `dots must be "rename" or "refuse", got ${JSON.stringify(dots)}`);
  }
  return dots;
}

/**
 * The path of the first member name containing `.`, in document order (each member's name
 * before the members inside its value, members in input order), or null when there is none.
 */
export function firstDottedName(value) {
  // entries [name or null, value, path]; a member's name is looked at when it is popped,
  // before the entries of its value are pushed (in reverse, so they pop in input order)
  const stack = [[null, value, '$']];
  while (stack.length > 0) {
    const [name, v, path] = stack.pop();
    if (name !== null && name.includes('.')) return path;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([null, v[i], path + pathStep(i)]);
    } else if (isPlainObject(v)) {
      const names = Object.keys(v);
      for (let i = names.length - 1; i >= 0; i--) {
        stack.push([names[i], v[names[i]], path + pathStep(names[i])]);
      }
    }
  }
  return null;
}

const FLATTEN_OPTION_NAMES = Object.freeze(['dots']);

/**
 * flatten(value, {dots}): errors in the order of 7.3 (1.1): invalid-payload, depth-exceeded
 * (over the whole input, 4.1), dotted-name (dots "refuse"), key-collision. After the depth
 * check, recursion is at most MAX_DEPTH + 1 frames deep. Bad options are checked first.
 */
export function flatten(value, options = {}) {
  checkOptionNames(options, FLATTEN_OPTION_NAMES, 'flatten');
  const { dots = DEFAULT_DOTS } = options;
  checkDots(dots);
  assertDepth(value);
  if (dots === 'refuse') assertNoDottedName(value);
  return flattenChecked(value);
}

/** Throw dotted-name at the first member name that contains `.` (document order). */
export function assertNoDottedName(value) {
  const path = firstDottedName(value);
  if (path !== null) {
    throw new ToonPickerError('dotted-name', path, 'member name contains "." and dots is "refuse"');
  }
}

/** Usage error for an options argument that is not an object or has an unknown name. */
export function checkOptionNames(options, known, op) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ToonPickerError('invalid-options', '$', `${op} options must be an object`);
  }
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new ToonPickerError('invalid-options', '$', `unknown ${op} option ${JSON.stringify(key)}`);
    }
  }
}

/** flatten for a value already known to be a valid payload of depth <= MAX_DEPTH. */
export function flattenChecked(value) {
  return flattenValue(value, '$');
}

function flattenValue(value, path) {
  // 4.7: arrays stay arrays, each element flattened on its own (own key space).
  if (Array.isArray(value)) return value.map((el, i) => flattenValue(el, path + pathStep(i)));
  if (!isPlainObject(value)) return value; // scalars unchanged
  const out = Object.create(null);
  flattenInto(out, '', value, path);
  return out;
}

/** Write the members of `obj` into `out` under `prefix` (4.4 merge, 4.6 empty segments). */
function flattenInto(out, prefix, obj, path) {
  for (const name of collisionCheckedNames(obj, path)) {
    const key = prefix + normaliseName(name);
    const child = obj[name];
    const childPath = path + pathStep(name);
    if (isNonEmptyObject(child)) {
      flattenInto(out, key + '.', child, childPath);
    } else if (isPlainObject(child)) {
      out[key] = Object.create(null); // 4.5: an empty object member stays `{}`
    } else {
      out[key] = flattenValue(child, childPath);
    }
  }
}
