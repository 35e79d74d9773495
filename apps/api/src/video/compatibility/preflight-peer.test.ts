import { describe, expect, it } from 'vitest';
import { createEchoBudget } from './preflight-peer.js';

describe('the echo budget of the bitrate test', () => {
  it('lets through at most the budget in one second, and the full budget again in the next', () => {
    let now = 0;
    const allow = createEchoBudget(1000, () => now);
    expect(allow(600)).toBe(true);
    expect(allow(400)).toBe(true);
    expect(allow(1)).toBe(false);
    now = 999;
    expect(allow(1)).toBe(false);
    now = 1000;
    expect(allow(1000)).toBe(true);
    expect(allow(1)).toBe(false);
  });

  it('never lets through a message larger than the budget', () => {
    const allow = createEchoBudget(100, () => 0);
    expect(allow(101)).toBe(false);
    expect(allow(100)).toBe(true);
  });
});
