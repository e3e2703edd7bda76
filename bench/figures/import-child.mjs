// Run by start-up.ts as `node --expose-gc bench/figures/import-child.mjs SPECIFIER`: imports one
// module into a fresh process and prints one JSON line: how long the import took, and how much
// heap (after a full collection) and resident memory it added.
const specifier = process.argv[2];
const heap = () => {
  for (let i = 0; i < 3; i++) globalThis.gc();
  return process.memoryUsage().heapUsed;
};
const heapBefore = heap();
const rssBefore = process.memoryUsage().rss;
const started = performance.now();
await import(specifier);
const ms = performance.now() - started;
console.log(JSON.stringify({ ms, heap: heap() - heapBefore, rss: process.memoryUsage().rss - rssBefore }));
