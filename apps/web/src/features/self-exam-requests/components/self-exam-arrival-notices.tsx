import { useCallback } from 'react';
import type { SelfExamArrival } from '@auscura/contracts';
import { paths } from '../../../config/paths.ts';
import { useNotifications } from '../../../components/notifications/use-notifications.ts';
import { useSelfExamArrivals } from '../../../lib/api/self-exam-requests/get-self-exam-arrivals.ts';

/** The notice for one arrived self exam (either kind): who sent it, and a link to the exam. */
function arrivalNotice(arrival: SelfExamArrival) {
  return {
    message: `Self exam from ${arrival.patientName} arrived`,
    action: { label: 'View exam', href: paths.exam.getHref(arrival.examId) },
  };
}

/**
 * In the signed-in shell: 'Self exam from … arrived' when a patient's self exam comes in while the
 * clinician is in the portal (the email says it too). It stays until dismissed or followed.
 */
export function SelfExamArrivalNotices() {
  const { notify } = useNotifications();
  const onArrived = useCallback(
    (arrivals: SelfExamArrival[]) => {
      for (const arrival of arrivals) {
        const { message, action } = arrivalNotice(arrival);
        // 'success': good news, and the filled info blue is too light for white text (WCAG 1.4.3).
        notify(message, { severity: 'success', autoHideMs: null, action });
      }
    },
    [notify],
  );
  useSelfExamArrivals(onArrived);
  return null;
}
