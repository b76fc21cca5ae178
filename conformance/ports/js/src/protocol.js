// Conformance protocol 1 (issue 3): newline-delimited JSON requests on stdin, one reply
// line per request on stdout. Logs go to stderr only. Never exits on a bad case; exits 0 on
// `stop` or end of input. `--oneshot`: handle a single `run` request, reply once, exit.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { ToonPickerError } from './errors.js';
import { flatten } from './flatten.js';
import { MEASURES } from './measure.js';
import { pick } from './pick.js';
import { unflatten } from './unflatten.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const PROTOCOL = 1;
const OPS = ['flatten', 'unflatten', 'pick'];
// Protocol option name -> library option name, per op. Any other name is a usage error.
const OP_OPTIONS = {
  flatten: { dots: 'dots' },
  unflatten: {},
  pick: {
    candidates: 'candidates', min_saving: 'minSaving', measure: 'measure', dots: 'dots', verify: 'verify',
  },
};

function log(msg) {
  process.stderr.write(`[port-js] ${msg}\n`);
}

function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Translate protocol options to library options; unknown names -> invalid-options. */
function libraryOptions(op, options) {
  const names = OP_OPTIONS[op];
  const out = {};
  for (const key of Object.keys(options)) {
    if (!Object.hasOwn(names, key)) {
      throw new ToonPickerError('invalid-options', '$', `unknown ${op} option ${JSON.stringify(key)}`);
    }
    out[names[key]] = options[key];
  }
  return out;
}

function runOp(op, input, options) {
  const opts = libraryOptions(op, options);
  if (op === 'flatten') return flatten(input, opts);
  if (op === 'unflatten') return unflatten(input);
  const result = pick(input, opts);
  return { strategy: result.strategy, text: result.text, sizes: result.sizes };
}

function protocolError(seq, message) {
  return { seq, error: { kind: 'protocol', message } };
}

/** Reply to a `run` request; every failure becomes a reply, never an exception. */
function handleRun(req) {
  const seq = req.seq ?? null;
  if (!OPS.includes(req.op)) return { seq, skipped: 'unknown op' };
  if (!Object.hasOwn(req, 'input')) return protocolError(seq, 'run request without "input"');
  const options = req.options ?? {};
  if (!isObject(options)) return protocolError(seq, '"options" must be an object');
  try {
    return { seq, ok: runOp(req.op, req.input, options) };
  } catch (err) {
    if (err instanceof ToonPickerError) {
      return { seq, error: { kind: err.reason, message: err.message } };
    }
    log(`internal error on seq ${JSON.stringify(seq)}: ${err?.stack ?? err}`);
    return { seq, error: { kind: 'internal', message: String(err?.message ?? err) } };
  }
}

/** Returns [reply or null, stop?] for one input line. */
export function handleLine(line, { oneshot = false } = {}) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (err) {
    return [protocolError(null, `request is not JSON: ${err.message}`), false];
  }
  if (!isObject(req)) return [protocolError(null, 'request is not a JSON object'), false];
  const seq = typeof req.seq === 'number' || typeof req.seq === 'string' ? req.seq : null;
  switch (req.cmd) {
    case 'start':
      if (oneshot) return [null, false]; // oneshot has no handshake; tolerate one anyway
      if (req.protocol !== undefined && req.protocol !== PROTOCOL) {
        return [protocolError(seq, `unsupported protocol ${JSON.stringify(req.protocol)}`), false];
      }
      return [{
        ready: true,
        protocol: PROTOCOL,
        implementation: { name: pkg.name, version: pkg.version, language: 'javascript' },
        ops: OPS,
        measures: MEASURES,
      }, false];
    case 'run':
      return [handleRun(req), false];
    case 'stop':
      return [null, true];
    default:
      return [protocolError(seq, `unknown cmd ${JSON.stringify(req.cmd)}`), false];
  }
}

function serialise(reply) {
  try {
    return JSON.stringify(reply);
  } catch (err) {
    log(`cannot serialise reply: ${err?.message ?? err}`);
    return JSON.stringify({ seq: reply.seq ?? null, error: { kind: 'internal', message: 'reply not serialisable' } });
  }
}

function exit0() {
  // Flush stdout before exiting (writes to pipes are synchronous on Linux, but be safe).
  process.stdout.write('', () => process.exit(0));
}

export function main(argv) {
  const oneshot = argv.includes('--oneshot');
  process.stdout.on('error', (err) => {
    log(`stdout closed: ${err.code ?? err.message}`);
    process.exit(0);
  });
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  let done = false;
  rl.on('line', (line) => {
    if (done || line.trim() === '') return;
    let reply;
    let stop;
    try {
      [reply, stop] = handleLine(line, { oneshot });
    } catch (err) {
      log(`unexpected failure: ${err?.stack ?? err}`);
      [reply, stop] = [{ seq: null, error: { kind: 'internal', message: String(err?.message ?? err) } }, false];
    }
    if (reply !== null) process.stdout.write(serialise(reply) + '\n');
    if (stop || (oneshot && reply !== null)) {
      done = true;
      rl.close();
      exit0();
    }
  });
  rl.on('close', () => {
    if (!done && oneshot) log('oneshot: end of input before a request');
    if (!done) exit0();
  });
}
