import { lazy, Suspense } from 'react';
import type { ComponentProps } from 'react';

// The dialogs are loaded on first open: they add nothing to the first screen's JavaScript.
const loadDialogs = () => import('./patient-dialogs-loader.ts').then((loader) => loader.loadPatientDialogs());
const PatientFormDialog = lazy(() => loadDialogs().then((module) => ({ default: module.PatientFormDialog })));
const CreateSelfExamDialog = lazy(() => loadDialogs().then((module) => ({ default: module.CreateSelfExamDialog })));
const StandingSelfExamLinkDialog = lazy(() =>
  loadDialogs().then((module) => ({ default: module.StandingSelfExamLinkDialog })),
);

/** New patient / Update patient while `open`; unmounted when closed, so each opening starts afresh. */
export function LazyPatientFormDialog({
  open,
  ...props
}: { open: boolean } & ComponentProps<typeof PatientFormDialog>) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PatientFormDialog {...props} />
    </Suspense>
  );
}

/** Create Self Exam while `open`. */
export function LazyCreateSelfExamDialog({
  open,
  ...props
}: { open: boolean } & ComponentProps<typeof CreateSelfExamDialog>) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CreateSelfExamDialog {...props} />
    </Suspense>
  );
}

/** The patient's standing self-exam link while `open`. */
export function LazyStandingSelfExamLinkDialog({
  open,
  ...props
}: { open: boolean } & ComponentProps<typeof StandingSelfExamLinkDialog>) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <StandingSelfExamLinkDialog {...props} />
    </Suspense>
  );
}
