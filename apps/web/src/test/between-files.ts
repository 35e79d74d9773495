// The shared project's files run one after another in one module graph per worker
// (vitest.config.ts): after each file, undo what a file can leave behind for the next.
import { cleanup } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // Files with `@vitest-environment node` have no DOM.
  if (typeof document === 'undefined') return;
  cleanup();
  document.body.innerHTML = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
});
