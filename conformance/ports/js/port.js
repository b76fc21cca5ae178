#!/usr/bin/env node
// Entry point of the JavaScript conformance port: `node port.js [--oneshot]`.
import { main } from './src/protocol.js';

main(process.argv.slice(2));
