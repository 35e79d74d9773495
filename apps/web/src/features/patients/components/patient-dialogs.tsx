// One lazily loaded module for every patient dialog: one chunk and one preload list on the first
// screen instead of one per dialog.
export { default as PatientFormDialog } from './patient-form-dialog.tsx';
export { default as CreateSelfExamDialog } from './create-self-exam-dialog.tsx';
export { default as StandingSelfExamLinkDialog } from './standing-self-exam-link-dialog.tsx';
