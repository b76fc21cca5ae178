// Typed errors: every failure carries a machine-readable reason code (the value the
// conformance corpus compares) and an informative JSON path (never compared).

/** Reason codes of spec 1.1 section 7, plus `invalid-options` for usage errors. */
export const REASONS = Object.freeze([
  'invalid-payload',
  'depth-exceeded',
  'dotted-name',
  'key-collision',
  'path-conflict',
  'not-flat',
  'invalid-options',
]);

export class ToonPickerError extends Error {
  /**
   * @param {string} reason one of REASONS
   * @param {string} path JSON path such as `$.data.items[3].score`
   * @param {string} message human-readable detail
   */
  constructor(reason, path, message) {
    super(`${reason} at ${path}: ${message}`);
    this.name = 'ToonPickerError';
    this.reason = reason;
    this.path = path;
  }
}

const BARE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** One path step: `.name` for identifier-like names, `["name"]` otherwise, `[i]` for elements. */
export function pathStep(key) {
  if (typeof key === 'number') return `[${key}]`;
  return BARE_NAME.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/** Join steps (member names as strings, element indexes as numbers) into a `$` path. */
export function formatPath(steps) {
  let out = '$';
  for (const step of steps) out += pathStep(step);
  return out;
}
