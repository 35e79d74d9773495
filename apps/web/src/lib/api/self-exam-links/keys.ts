/** The one query-key family of standing self-exam links (one per patient). */
export const selfExamLinkKeys = {
  all: ['self-exam-links'] as const,
  ofPatient: (patientProfileId: string) => ['self-exam-links', 'patient', patientProfileId] as const,
};
