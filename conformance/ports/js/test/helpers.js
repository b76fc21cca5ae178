// Shared test helpers: inputs and expectations are written as JSON text, and results are
// compared as JSON.stringify text, which checks member order and survives null prototypes.
import assert from 'node:assert/strict';
import { ToonPickerError } from '../src/errors.js';

/** n nested wrappers around `leaf`: `leaf` ends up at depth n. `shape(x)` wraps once. */
export function nest(n, leaf, shape) {
  let v = leaf;
  for (let i = 0; i < n; i++) v = shape(v, i);
  return v;
}
export const inObject = (v) => ({ a: v });
export const inArray = (v) => [v];
export const mixed = (v, i) => (i % 2 === 0 ? [v] : { a: v });

/** Run fn on JSON.parse(inputText) and compare JSON.stringify(result) with expectedText. */
export function checkText(fn, inputText, expectedText) {
  assert.equal(JSON.stringify(fn(JSON.parse(inputText))), expectedText, `input ${inputText}`);
}

/** Assert fn throws a ToonPickerError with the given reason. */
export function checkReason(fn, value, reason) {
  assert.throws(() => fn(value), (err) => {
    assert.ok(err instanceof ToonPickerError, `expected ToonPickerError, got ${err}`);
    assert.equal(err.reason, reason, `message: ${err.message}`);
    assert.equal(typeof err.path, 'string');
    assert.ok(err.path.startsWith('$'));
    return true;
  });
}
