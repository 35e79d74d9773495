// Comlink Web Worker entry (default export not needed: the worker is loaded by URL).
// WASM is fetched and compiled lazily, once, on the first call (CONVENTIONS rule 10).
import * as Comlink from 'comlink';
import { Engine } from './engine.js';
import { createWorkerApi } from './worker-api.js';

const WASM_URL = new URL('../build/engine.wasm', import.meta.url);
let engine: Promise<Engine> | undefined;

function getEngine(): Promise<Engine> {
  engine ??= fetch(WASM_URL)
    .then((r) => {
      if (!r.ok) throw new Error(`audio-engine: cannot load ${WASM_URL.href} (${r.status})`);
      return r.arrayBuffer();
    })
    .then((b) => Engine.fromBytes(b));
  return engine;
}

Comlink.expose(createWorkerApi(getEngine));
