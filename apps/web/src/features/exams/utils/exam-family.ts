import { paths } from '../../../config/paths.ts';

/**
 * The route family an exam is opened in (clinician-portal §2.1): plain /exams, the organization's
 * 'My Exams' or its 'All'. Previous/Next stay within the family.
 */
export type ExamFamily = 'exam' | 'organization' | 'organization-all';

export function examHref(family: ExamFamily, id: string): string {
  if (family === 'organization') return paths.organizationExam.getHref(id);
  if (family === 'organization-all') return paths.organizationExamAll.getHref(id);
  return paths.exam.getHref(id);
}
