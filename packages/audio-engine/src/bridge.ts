// Main-thread bridge to the worker: one comlink proxy, every call cancellable with an AbortSignal
// (the worker finishes the call, the caller stops waiting). destroy() is idempotent.
import * as Comlink from 'comlink';
import type { WorkerApi } from './worker-api.js';

export interface EngineBridge {
  call<K extends keyof WorkerApi>(
    name: K,
    args: Parameters<WorkerApi[K]>,
    signal?: AbortSignal,
  ): Promise<Awaited<ReturnType<WorkerApi[K]>>>;
  destroy(): void;
}

export function createEngineBridge(worker: Worker): EngineBridge {
  const remote = Comlink.wrap<WorkerApi>(worker);
  let destroyed = false;
  return {
    call(name, args, signal) {
      if (destroyed) return Promise.reject(new Error('audio-engine bridge is destroyed'));
      if (signal?.aborted) return Promise.reject(signal.reason);
      const fn = remote[name] as unknown as (...a: unknown[]) => Promise<never>;
      const p = fn(...args);
      if (!signal) return p;
      return new Promise((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
