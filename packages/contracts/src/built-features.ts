/**
 * Which screens of features still being built exist (issue 22: no link, text or email may send
 * anyone to a page that is not built). Every menu item, link and text that leads to one of these
 * screens reads its entry here, so a feature's branch flips one flag when its pages land.
 */
export const builtFeatures = {
  /** The Exam Calendar menu item and /calendar (clinician-portal §2.2, exams-and-devices §2). */
  examCalendar: true,
  /** /live-exam and /virtual-exam: the lobby and the live exam. */
  liveExam: true,
  /** /live-exam-compatibility-test, which the Support page recommends before a live exam. */
  compatibilityTest: true,
  /** /self-exam/:id, the patient's page a self-exam request's link and email point at. */
  selfExamPatientPages: true,
} as const;

export type BuiltFeature = keyof typeof builtFeatures;
