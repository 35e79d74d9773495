// Public API shared by every host. Host-specific entries: ./node, ./worker, ./worklets/*.
export * from './engine.js';
export * from './presets.js';
export * from './wav.js';
export * from './heart/analyze.js';
export * from './heart/annotations.js';
export * from './analysis.js';
