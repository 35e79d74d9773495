/** The one query-key family of self-exam requests. */
export const selfExamRequestKeys = {
  all: ['self-exam-requests'] as const,
  list: (params: { search: string; pageNumber: number }) => ['self-exam-requests', 'search', params] as const,
  /** The shell's question which self exams arrived (it keeps its own cursor). */
  arrivals: ['self-exam-requests', 'arrivals'] as const,
};
