import { createElement, lazy, Suspense } from 'react';

// Two steps on purpose: a dynamic import carries the list of every chunk it preloads, and this
// dialog's list is long. Kept in this small lazily loaded module, the list stays out of the first screen.
const InPersonExamDialogRoute = lazy(() => import('./in-person-exam-dialog-route.tsx'));

type Props = { patientProfileId: string; healthcareProviderId: string; onClose: () => void };

export default function InPersonExamDialogLoader(props: Props) {
  return createElement(Suspense, { fallback: null }, createElement(InPersonExamDialogRoute, props));
}
