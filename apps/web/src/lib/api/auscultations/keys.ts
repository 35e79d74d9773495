/** The one query-key family of auscultations (the recordings' bytes are not queries: get-recording.ts). */
export const auscultationKeys = {
  all: ['auscultations'] as const,
  detail: (id: string) => ['auscultations', 'detail', id] as const,
  report: (beatawareId: string) => ['auscultations', 'report', beatawareId] as const,
  earlier: (id: string) => ['auscultations', 'earlier', id] as const,
};
