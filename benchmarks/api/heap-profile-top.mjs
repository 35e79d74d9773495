// Reads a sampling heap profile (bench:api's BENCH_HEAP_PROF, or DevTools' .heapprofile) and prints
// where the bytes were allocated: per function (self) and per function with everything it called
// (inclusive), as bytes per request when the request count is given.
//   node benchmarks/api/heap-profile-top.mjs <file.heapprofile> [requests] [rows]
import fs from 'node:fs';
import path from 'node:path';

const [file, requestsArg, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: heap-profile-top.mjs <file.heapprofile> [requests] [rows]');
const requests = Number(requestsArg ?? 1);
const rows = Number(rowsArg ?? 40);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

const name = (frame) =>
  `${frame.functionName || '(anonymous)'} ${path.basename(frame.url || '(native)')}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
const self = new Map();
const inclusive = new Map();
let total = 0;
/** Inclusive bytes count a function once per stack, however deep it recurses. */
function walk(node, onStack) {
  const key = name(node.callFrame);
  const added = !onStack.has(key);
  if (added) onStack.add(key);
  let below = node.selfSize;
  for (const child of node.children) below += walk(child, onStack);
  self.set(key, (self.get(key) ?? 0) + node.selfSize);
  if (added) {
    inclusive.set(key, (inclusive.get(key) ?? 0) + below);
    onStack.delete(key);
  }
  total += node.selfSize;
  return below;
}
walk(profile.head, new Set());
const show = (title, map) => {
  console.log(`\n${title} (bytes per request; ${requests} requests; all: ${Math.round(total / requests)})`);
  for (const [key, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${String(Math.round(bytes / requests)).padStart(9)}  ${key}`);
};
show('self', self);
show('inclusive', inclusive);
