import type { ExamNavigation } from '@auscura/contracts';

/**
 * The Previous and Next buttons' targets. The server's prevId is the newer neighbour and nextId
 * the older; the spec keeps the as-built mapping (clinician-portal §2.12): Previous goes to
 * nextId and Next goes to prevId. A null target disables its button.
 */
export function examNavigationTargets(navigation: ExamNavigation): { previous: string | null; next: string | null } {
  return { previous: navigation.nextId, next: navigation.prevId };
}

/** 'N of M': the exam's place in its list. */
export function examPositionText(navigation: ExamNavigation): string {
  return `${navigation.examSequenceNumber} of ${navigation.totalExams}`;
}
