// A client of a Node process's inspector (Chrome DevTools Protocol over WebSocket) that runs a
// profiler around a stretch of work: V8's sampling heap profiler with the objects the collector
// has freed included (every allocation, not only what is alive at the end, which is all that
// node --heap-prof keeps), or the CPU profiler. bench:api's BENCH_HEAP_PROF and BENCH_RUN_CPU_PROF.
import fs from 'node:fs';
import path from 'node:path';

/**
 * bench:api's switches for its server: BENCH_CPU_PROF=<folder> (node --cpu-prof, the whole process,
 * start-up and fill included, written at exit); BENCH_RUN_CPU_PROF=<folder> (the CPU profile of each
 * measured run only); BENCH_HEAP_PROF=<folder> (every allocation of each measured run, the objects
 * freed since included; BENCH_HEAP_SAMPLING_BYTES, 8192 by default); BENCH_SERVER_NODE_FLAGS, more
 * flags (e.g. --trace-gc, whose lines BENCH_SERVER_STDOUT=<file> keeps). Read the profiles with
 * heap-profile-top.mjs or Chrome's DevTools. Answers the server's flags (its inspector on `port`),
 * connect() once it runs, and start()/stop() around each run, which do nothing without a profile.
 */
export function profilerFromEnv(port) {
  const heap = process.env.BENCH_HEAP_PROF;
  const folder = heap ?? process.env.BENCH_RUN_CPU_PROF;
  let profiler;
  return {
    nodeFlags: [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      ...(folder ? [`--inspect=127.0.0.1:${port}`] : []),
      ...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    ],
    /** Once the server runs. */
    async connect() {
      if (!folder) return;
      profiler = await connectProfiler({
        port,
        folder,
        kind: heap ? 'heap' : 'cpu',
        heapSamplingBytes: Number(process.env.BENCH_HEAP_SAMPLING_BYTES ?? 8192),
      });
    },
    start: async () => profiler?.start(),
    /** Answers undefined when not profiling. */
    stop: async (label, requests) => profiler?.stop(label, requests),
    close: () => profiler?.close(),
  };
}

/**
 * Connects to the inspector on `port` (node --inspect=127.0.0.1:<port>); `kind` 'heap' or 'cpu'.
 * start() begins a profile; stop(label, requests) writes it to <folder>/<label>.heapprofile or
 * .cpuprofile and answers the file with the bytes allocated (heap) or busy µs (cpu) per request.
 */
export async function connectProfiler({ port, folder, kind, heapSamplingBytes = 8192 }) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 1;
  const pending = new Map();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(JSON.stringify(message.error)));
    else waiter.resolve(message.result);
  });
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  fs.mkdirSync(folder, { recursive: true });
  if (kind === 'cpu') {
    await call('Profiler.enable');
    await call('Profiler.setSamplingInterval', { interval: 200 });
    return {
      start: () => call('Profiler.start'),
      /** Writes the run's CPU profile; answers its file and the busy (not idle) µs per request. */
      async stop(label, requests) {
        const { profile } = await call('Profiler.stop');
        const file = path.join(folder, `${label}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(profile));
        const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((n) => n.id));
        let busy = 0;
        profile.samples.forEach((id, i) => {
          if (!idle.has(id)) busy += profile.timeDeltas[i + 1] ?? 0;
        });
        return { file, busyUsPerRequest: Math.round(busy / requests) };
      },
      close: () => socket.close(),
    };
  }
  return {
    start: () =>
      call('HeapProfiler.startSampling', {
        samplingInterval: heapSamplingBytes,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      }),
    /** Writes the run's profile; answers its file and the sampled bytes allocated per request. */
    async stop(label, requests) {
      const { profile } = await call('HeapProfiler.stopSampling');
      const file = path.join(folder, `${label}.heapprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
      let bytes = 0;
      const walk = (node) => {
        bytes += node.selfSize;
        node.children.forEach(walk);
      };
      walk(profile.head);
      return { file, bytesPerRequest: Math.round(bytes / requests) };
    },
    close: () => socket.close(),
  };
}
