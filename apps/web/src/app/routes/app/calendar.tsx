import Alert from '@mui/material/Alert';
import { ExamCalendar } from '../../../features/virtual-exams/components/exam-calendar.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';

/** /calendar: the signed-in provider's virtual exam calendar (exams-and-devices §2.1). */
export default function CalendarRoute() {
  const user = useCurrentUser();
  if (!user?.healthcareProviderId || !user.organizationId) {
    return <Alert severity="info">The exam calendar is for healthcare providers.</Alert>;
  }
  return <ExamCalendar healthcareProviderId={user.healthcareProviderId} organizationId={user.organizationId} />;
}
