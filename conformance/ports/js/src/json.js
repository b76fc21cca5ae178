// The JSON candidate (spec 3): exactly ECMAScript JSON.stringify(value).
// V8's JSON.stringify is recursive and throws RangeError around depth 4-5k; spec 2.3 says any
// depth either works or raises PayloadError, so on RangeError we fall back to an iterative
// writer that emits the same text (scalars and member names still go through JSON.stringify).

const RAW = 0;
const VALUE = 1;

export function stringifyIterative(root) {
  const out = [];
  const stack = [[VALUE, root]];
  while (stack.length > 0) {
    const [kind, x] = stack.pop();
    if (kind === RAW) {
      out.push(x);
    } else if (x === null || typeof x !== 'object') {
      out.push(JSON.stringify(x));
    } else if (Array.isArray(x)) {
      stack.push([RAW, ']']);
      for (let i = x.length - 1; i >= 0; i--) {
        stack.push([VALUE, x[i]]);
        if (i > 0) stack.push([RAW, ',']);
      }
      stack.push([RAW, '[']);
    } else {
      const keys = Object.keys(x); // same order as JSON.stringify's EnumerableOwnProperties
      stack.push([RAW, '}']);
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push([VALUE, x[keys[i]]]);
        stack.push([RAW, (i > 0 ? ',' : '') + JSON.stringify(keys[i]) + ':']);
      }
      stack.push([RAW, '{']);
    }
  }
  return out.join('');
}

/** JSON.stringify for a validated JSON value, at any depth. */
export function stringifyJson(value) {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (err instanceof RangeError) return stringifyIterative(value);
    throw err;
  }
}
