// Payload validation and depth measurement (spec 2.1-2.3), done with an explicit stack so
// that no input depth can overflow the JS call stack.
import { ToonPickerError, formatPath } from './errors.js';

export const MAX_DEPTH = 20;

/** True for the object shapes JSON.parse produces (or our null-prototype results). */
export function isPlainObject(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

/** Rebuild the path of a stack frame from its parent chain (only done on error). */
export function framePath(frame) {
  const steps = [];
  for (let f = frame; f.parent !== null; f = f.parent) steps.push(f.key);
  return formatPath(steps.reverse());
}

/**
 * Walk the whole value once, depth-first in input order.
 * Throws invalid-payload (any non-JSON value, non-finite number, cycle) before anything else.
 * Returns the maximum depth and the path of the first value deeper than `limit` (or null).
 */
export function inspectPayload(value, limit = MAX_DEPTH) {
  let maxDepth = 0;
  let tooDeepPath = null;
  const onPath = new Set(); // containers on the current root->node path: cycle detection
  const EXIT = 1;
  const root = { value, depth: 0, parent: null, key: null, kind: 0 };
  const stack = [root];
  while (stack.length > 0) {
    const frame = stack.pop();
    if (frame.kind === EXIT) {
      onPath.delete(frame.value);
      continue;
    }
    const v = frame.value;
    const d = frame.depth;
    if (d > maxDepth) maxDepth = d;
    if (d > limit && tooDeepPath === null) tooDeepPath = framePath(frame);
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) {
        throw new ToonPickerError('invalid-payload', framePath(frame), `non-finite number ${v}`);
      }
      continue;
    }
    const isArray = Array.isArray(v);
    if (!isArray && !isPlainObject(v)) {
      const what = typeof v === 'object' ? (v.constructor?.name ?? 'object') : typeof v;
      throw new ToonPickerError('invalid-payload', framePath(frame), `not a JSON value: ${what}`);
    }
    if (onPath.has(v)) throw new ToonPickerError('invalid-payload', framePath(frame), 'cycle');
    onPath.add(v);
    stack.push({ value: v, kind: EXIT });
    if (isArray) {
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push({ value: v[i], depth: d + 1, parent: frame, key: i, kind: 0 });
      }
    } else {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push({ value: v[keys[i]], depth: d + 1, parent: frame, key: keys[i], kind: 0 });
      }
    }
  }
  return { maxDepth, tooDeepPath };
}

/** Throw depth-exceeded when any value sits deeper than MAX_DEPTH (after payload checks). */
export function assertDepth(value) {
  const { tooDeepPath } = inspectPayload(value);
  if (tooDeepPath !== null) {
    throw new ToonPickerError('depth-exceeded', tooDeepPath, `value deeper than ${MAX_DEPTH}`);
  }
}
