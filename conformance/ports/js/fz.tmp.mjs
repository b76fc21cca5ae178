import fs from 'node:fs';
import { pick, toon, untoon, readsBack } from './src/pick.js';
import { flatten } from './src/flatten.js';
const dir = '../../cases/pick';
let n = 0, mism = [];
for (const f of fs.readdirSync(dir)) {
  const cases = JSON.parse(fs.readFileSync(`${dir}/${f}`, 'utf8')).cases;
  for (const c of cases) {
    const r = pick(c.input, { candidates: ['toon-flatten', 'toon'], verify: true });
    n++;
    for (const [k, v] of Object.entries(r.dropped)) if (v === 'decode-mismatch') mism.push([c.id, k, c.level]);
  }
}
console.log('corpus pick cases', n, 'mismatches', mism);
// random payloads
let seed = 5;
const rnd = (k) => { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; return Math.floor(seed / 2 ** 32 * k); };
const strs = ['', ' ', 'a', 'a b', ' a', 'a ', 'true', 'null', '1', '-0', '1e5', '05', '-', '- a', '[1]', '{x}', 'a:b', 'a,b', '"', '\\', '\n', '\t', '\u0085', '\u00a0', '\ufeff', '\u2028', '#', 'é', '😀', 'a|b', '\u0000', '\u001f', '\u007f', '0.5', '.5', '5.', '1_000', 'Infinity', 'NaN', '[]', '{}', '- ', 'x\r\ny'];
const keys = ['a', 'b', 'a.b', '', ' ', '1', '01', 'x y', 'a:b', '-', '#', '[0]', '__proto__', 'constructor', 'toString', 'é', 'a,b', '"q"', 'k\n', 'null', 'true', '10', '2'];
const nums = [0, -0, 1, -1, 1.5, 1e-7, 1e21, 2 ** 53, 2 ** 60, 123456789.123, 5e-324, -1e-6];
function gen(d) {
  const k = d > 4 ? rnd(3) : rnd(6);
  if (k === 0) return strs[rnd(strs.length)];
  if (k === 1) return nums[rnd(nums.length)];
  if (k === 2) return [null, true, false][rnd(3)];
  if (k === 3) return Array.from({ length: rnd(4) }, () => gen(d + 1));
  if (k === 4) { // uniform rows
    const ks = Array.from({ length: 1 + rnd(3) }, () => keys[rnd(keys.length)]);
    return Array.from({ length: 1 + rnd(3) }, () => { const o = {}; for (const kk of ks) Object.defineProperty(o, kk, { value: rnd(2) ? gen(5) : strs[rnd(strs.length)], enumerable: true, writable: true, configurable: true }); return o; });
  }
  const o = {};
  for (let i = rnd(4); i > 0; i--) Object.defineProperty(o, keys[rnd(keys.length)], { value: gen(d + 1), enumerable: true, writable: true, configurable: true });
  return o;
}
const seen = new Map();
let total = 0;
for (let i = 0; i < 30000; i++) {
  const v = gen(0);
  const r = pick(v, { candidates: ['toon-flatten', 'toon'], verify: true });
  total++;
  for (const [k, why] of Object.entries(r.dropped)) if (why === 'decode-mismatch') {
    const t = k === 'toon' ? toon(v) : toon(flatten(v));
    const key = k + ' ' + JSON.stringify(v).slice(0, 80);
    if (seen.size < 12 && !seen.has(key)) { let back; try { back = JSON.stringify(untoon(t)); } catch (e) { back = 'THROWS ' + e.message; } seen.set(key, [JSON.stringify(t), back]); }
  }
}
console.log('random', total, 'mismatch samples:');
for (const [k, v] of seen) console.log(k, '\n   text', v[0], '\n   back', v[1]);
