import { describe, expect, it } from 'vitest';
import { applyWrite, auscultationRequestsKept, emptyStoredState, WriteRefused } from './rules.js';
import type { StoredState } from './rules.js';

const provider = { virtualExamId: 'exam-1', id: 'hp-1', name: 'Dr. Lovelace', role: 'HealthcareProvider' as const };
const request = (status: string) => ({ auscultationPoint: 'h1', status });

/** Issue 36, item 10: the auscultation requests in a live exam's state are bounded. */
describe('the auscultation requests a live exam keeps', () => {
  it(`keeps at most ${auscultationRequestsKept}, pushing out the oldest finished ones`, () => {
    let state: StoredState = emptyStoredState();
    for (let n = 0; n < 91; n++) {
      state = applyWrite(state, provider, `auscultationRequests/r${n}`, request('complete'));
      expect(Object.keys(state.auscultationRequests).length).toBeLessThanOrEqual(auscultationRequestsKept);
    }
    const kept = Object.keys(state.auscultationRequests);
    expect(kept).toHaveLength(auscultationRequestsKept);
    // The newest stay.
    expect(kept.at(-1)).toBe('r90');
    expect(kept[0]).toBe(`r${91 - auscultationRequestsKept}`);
    expect(JSON.stringify(state).length).toBeLessThan(24_000);
  });

  it('refuses a new request when every kept one is still open, and still updates the kept ones', () => {
    let state: StoredState = emptyStoredState();
    for (let n = 0; n < auscultationRequestsKept; n++) {
      state = applyWrite(state, provider, `auscultationRequests/open${n}`, request('pending'));
    }
    expect(() => applyWrite(state, provider, 'auscultationRequests/one-more', request('pending'))).toThrow(
      WriteRefused,
    );
    const updated = applyWrite(state, provider, 'auscultationRequests/open0/status', 'cancelled');
    expect(updated.auscultationRequests.open0!.status).toBe('cancelled');
    // With one finished, a new one takes its place.
    const next = applyWrite(updated, provider, 'auscultationRequests/one-more', request('pending'));
    expect(Object.keys(next.auscultationRequests)).toHaveLength(auscultationRequestsKept);
    expect(next.auscultationRequests.open0).toBeUndefined();
  });
});
