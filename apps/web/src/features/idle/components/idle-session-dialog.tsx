import { lazy, Suspense, useState } from 'react';
import { useIdleTimer } from '../hooks/use-idle-timer.ts';

// The dialog's code is not part of the signed-in first load: it is fetched the first time the warning opens.
const IdleWarningDialog = lazy(() =>
  import('./idle-warning-dialog.tsx').then((module) => ({ default: module.IdleWarningDialog })),
);

type IdleSessionDialogProps = {
  idleSeconds: number;
  graceSeconds: number;
  onSignOut: () => void;
  onTimeout: () => void;
};

/** clinician-portal §2.3: the idle-session warning. */
export function IdleSessionDialog({ idleSeconds, graceSeconds, onSignOut, onTimeout }: IdleSessionDialogProps) {
  const { warning, stayActive } = useIdleTimer({ idleMs: idleSeconds * 1000, graceMs: graceSeconds * 1000, onTimeout });
  // Once opened, the dialog stays mounted so its closing transition can run.
  const [needed, setNeeded] = useState(false);
  if (warning && !needed) setNeeded(true);
  const minutes = Math.max(1, Math.round(graceSeconds / 60));
  const graceText = graceSeconds < 120 ? `${graceSeconds} seconds` : `${minutes} minutes`;

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarningDialog open={warning} graceText={graceText} onSignOut={onSignOut} onStay={stayActive} />
    </Suspense>
  );
}
