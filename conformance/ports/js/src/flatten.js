// Dot-flatten, spec 1.0 section 4. Results are null-prototype objects so that member names
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

/**
 * flatten(value): depth is checked over the whole input first (4.1, so depth-exceeded wins
 * over key-collision); after that recursion is at most MAX_DEPTH + 1 frames deep.
 */
export function flatten(value) {
  assertDepth(value);
  return flattenChecked(value);
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
