import { lazy, Suspense } from 'react';
import { useAuth } from '../../../lib/auth.ts';
import { Outlet, useParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';

const PatientJoinRoute = lazy(() => import('./patient-join.tsx'));

/**
 * /live-exam serves two people (exams-and-devices §2): a signed-in provider gets the lobby (the
 * child routes, behind sign-in); anyone else, on /live-exam without an id, the patient's
 * access-code entry that the access info's copy text sends them to.
 */
export function LiveExamGate() {
  const { isLoading, isAuthenticated } = useAuth();
  const { liveExamId } = useParams();
  if (isLoading) return <PageSpinner label="Loading…" />;
  if (!isAuthenticated && !liveExamId) {
    return (
      <Suspense fallback={<PageSpinner label="Loading…" />}>
        <PatientJoinRoute />
      </Suspense>
    );
  }
  return <Outlet />;
}
