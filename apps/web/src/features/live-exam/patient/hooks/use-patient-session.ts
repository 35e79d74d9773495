import { useEffect, useRef, useState } from 'react';
import type { PatientSession } from '@auscura/contracts';
import { refreshVirtualExamPatientSession } from '../../../../lib/api/virtual-exams/refresh-virtual-exam-patient-session.ts';

/** How long before its end a session is renewed. */
const refreshMarginSeconds = 60;

/**
 * Keeps the patient's session fresh while the page is open (it lasts `expiresIn` seconds and is
 * renewed before it ends, as long as the exam is live). `current()` is always the newest token;
 * `ended` turns true when the server stops renewing it.
 */
export function usePatientSession(initial: PatientSession) {
  const session = useRef(initial);
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    let timer: number | undefined;
    let stopped = false;
    const schedule = (seconds: number) => {
      timer = window.setTimeout(() => void renew(), Math.max(5, seconds - refreshMarginSeconds) * 1000);
    };
    const renew = async () => {
      try {
        session.current = await refreshVirtualExamPatientSession(session.current);
        if (!stopped) schedule(session.current.expiresIn);
      } catch {
        if (!stopped) setEnded(true);
      }
    };
    schedule(initial.expiresIn);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [initial]);

  return { current: () => session.current, ended };
}
