import type { CalendarRange } from './search-virtual-exams.ts';

/** The one query-key family of virtual exams: every key starts with 'virtual-exams'. */
export const virtualExamKeys = {
  all: ['virtual-exams'] as const,
  detail: (id: string) => ['virtual-exams', 'detail', id] as const,
  exam: (id: string) => ['virtual-exams', 'detail', id, 'exam'] as const,
  /** Every calendar range of the signed-in provider. */
  calendars: ['virtual-exams', 'calendar'] as const,
  calendar: (range: CalendarRange) => ['virtual-exams', 'calendar', range] as const,
};
