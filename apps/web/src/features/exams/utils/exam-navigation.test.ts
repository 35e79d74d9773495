import { describe, expect, it } from 'vitest';
import { examNavigationTargets, examPositionText } from './exam-navigation.ts';

const newer = '00000000-0000-4000-8000-000000000001';
const older = '00000000-0000-4000-8000-000000000003';

describe('the exam navigation', () => {
  it('sends Previous to the older exam (nextId) and Next to the newer one (prevId), as built', () => {
    expect(examNavigationTargets({ prevId: newer, nextId: older, totalExams: 3, examSequenceNumber: 2 })).toEqual({
      previous: older,
      next: newer,
    });
  });

  it('has no Next target on the newest exam and no Previous target on the oldest', () => {
    expect(
      examNavigationTargets({ prevId: null, nextId: older, totalExams: 3, examSequenceNumber: 1 }).next,
    ).toBeNull();
    expect(
      examNavigationTargets({ prevId: newer, nextId: null, totalExams: 3, examSequenceNumber: 3 }).previous,
    ).toBeNull();
  });

  it("reads 'N of M'", () => {
    expect(examPositionText({ prevId: null, nextId: older, totalExams: 42, examSequenceNumber: 1 })).toBe('1 of 42');
  });
});
