// Unflatten, spec 1.0 section 5. Errors are checked in precedence order over the whole
// input, each with an explicit stack: not-flat > path-conflict > depth-exceeded.
import { ToonPickerError, pathStep } from './errors.js';
import { framePath, inspectPayload, isPlainObject, MAX_DEPTH } from './payload.js';

function isNonEmptyObject(v) {
  return isPlainObject(v) && Object.keys(v).length > 0;
}

/**
 * Visit every flat map (key space) in the input: the root object, and every object that is
 * an array element at any level. `visit(obj, frame)` is called in depth-first input order.
 * Member values that are arrays are descended into; `{}` member values are leaves.
 */
function forEachFlatMap(value, visit) {
  const stack = [{ value, parent: null, key: null }];
  while (stack.length > 0) {
    const frame = stack.pop();
    const v = frame.value;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], parent: frame, key: i });
    } else if (isPlainObject(v)) {
      visit(v, frame);
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const child = v[keys[i]];
        if (Array.isArray(child)) stack.push({ value: child, parent: frame, key: keys[i] });
      }
    }
  }
}

function checkNotFlat(value) {
  forEachFlatMap(value, (obj, frame) => {
    for (const key of Object.keys(obj)) {
      if (isNonEmptyObject(obj[key])) {
        throw new ToonPickerError('not-flat', framePath(frame) + pathStep(key),
          'member value is a non-empty object');
      }
    }
  });
}

function checkPathConflicts(value) {
  forEachFlatMap(value, (obj, frame) => {
    // Trie of segments; a node is a leaf when a key ends there. A conflict is a key that
    // ends at a node with children, or passes through a leaf node.
    const root = { leaf: false, children: new Map() };
    for (const key of Object.keys(obj)) {
      let node = root;
      for (const seg of key.split('.')) {
        if (node.leaf) {
          throw new ToonPickerError('path-conflict', framePath(frame) + pathStep(key),
            `key ${JSON.stringify(key)} extends a leaf key`);
        }
        let next = node.children.get(seg);
        if (next === undefined) {
          next = { leaf: false, children: new Map() };
          node.children.set(seg, next);
        }
        node = next;
      }
      if (node.leaf || node.children.size > 0) {
        throw new ToonPickerError('path-conflict', framePath(frame) + pathStep(key),
          `key ${JSON.stringify(key)} is both a leaf and a prefix of another key`);
      }
      node.leaf = true;
    }
  });
}

/** The result's depth: a key with n segments puts its value n levels below its flat map. */
function checkResultDepth(value) {
  const stack = [{ value, depth: 0, parent: null, key: null }];
  while (stack.length > 0) {
    const frame = stack.pop();
    const { value: v, depth } = frame;
    if (depth > MAX_DEPTH) {
      throw new ToonPickerError('depth-exceeded', framePath(frame),
        `result would have a value deeper than ${MAX_DEPTH}`);
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push({ value: v[i], depth: depth + 1, parent: frame, key: i });
      }
    } else if (isPlainObject(v)) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const segments = keys[i].split('.').length;
        stack.push({ value: v[keys[i]], depth: depth + segments, parent: frame, key: keys[i] });
      }
    }
  }
}

export function unflatten(value) {
  inspectPayload(value, Infinity); // invalid-payload first (section 7)
  checkNotFlat(value);
  checkPathConflicts(value);
  checkResultDepth(value);
  return build(value); // recursion now bounded by MAX_DEPTH
}

function build(value) {
  if (Array.isArray(value)) return value.map(build);
  if (!isPlainObject(value)) return value;
  const out = Object.create(null);
  for (const key of Object.keys(value)) {
    const segments = key.split('.');
    let node = out;
    for (let i = 0; i < segments.length - 1; i++) {
      const seg = segments[i];
      if (!Object.hasOwn(node, seg)) node[seg] = Object.create(null);
      node = node[seg];
    }
    const leaf = value[key];
    node[segments[segments.length - 1]] = isPlainObject(leaf) ? Object.create(null) : build(leaf);
  }
  return out;
}
