import { toon, untoon, readsBack } from './src/pick.js';
import { flatten } from './src/flatten.js';
const vs = [[{}], [[]], {a:[{}]}, [{a:{}}], {a:[[{}]]}, [{a:[]},{a:[]}], [{'':1}], {a:[{b:[{c:1}]}]}, [{a:{},b:1}], [{a:{b:{}}}], [[{a:1}],[{a:2}]], {'':{'':{}}}, [{a:[1,2],b:3}], [{a:1},{b:2}], [{a:[{}]}], '', ' ', [''], [' '], {a:''}, [{a:''},{a:' '}], [[1,[2]]], [{'a b':{c:1}}], {a:[{'x.y':1,'x_z':{}}]}, [{a:null},{a:{}}], {x:[{a:{b:1}},{a:{b:2}}]}, [{a:{b:1},c:[]},{a:{b:2},c:[]}], [{a:[{}],b:1}], {'[x]':1}, {'a[1]':[1]}, {'a{b}':1}, [-0], {a:-0}, '\ufeffx', [[[]]], {a:[[]]}, [[], []], [{}, {}], [1, {}], [1, [], {}]];
for (const v of vs) {
  for (const name of ['toon', 'toon-flatten']) {
    let t; try { t = name === 'toon' ? toon(v) : toon(flatten(v)); } catch (e) { console.log('ENC FAIL', name, JSON.stringify(v)); continue; }
    if (t === '') continue;
    if (!readsBack(name, t, v)) { let b; try { b = JSON.stringify(untoon(t)); } catch (e) { b = 'THROWS ' + e.message; } console.log('MISMATCH', name, JSON.stringify(v), JSON.stringify(t), b); }
  }
}
console.log('done');
