import { lazy, Suspense, useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import MoreIcon from '@mui/icons-material/MoreVert';
import type { PatientProfile } from '@auscura/contracts';
import { patientName } from '../../../lib/format-patient.ts';
import { LazyPatientFormDialog } from './lazy-dialogs.tsx';

// MUI's Menu brings Popover and Popper along; loaded on first open so the home screen stays small.
const PatientRowMenuPopup = lazy(() => import('./patient-row-menu-popup.tsx'));

type PatientRowMenuProps = { patient: PatientProfile };

/**
 * The row's more-menu (clinician-portal §2.8): View Details, Update Details, plus the entries whose
 * dialogs the route provides through PatientRowActionsContext (an entry that does nothing would
 * mislead); Start Virtual Exam goes to the live exam route with the patient in navigation state.
 */
export function PatientRowMenu({ patient }: PatientRowMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [updating, setUpdating] = useState(false);
  const menuId = useId();
  return (
    <>
      <IconButton
        size="small"
        aria-label={`More actions for ${patientName(patient)}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreIcon fontSize="small" />
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <PatientRowMenuPopup
            id={menuId}
            anchor={anchor}
            patientId={patient.id}
            onClose={() => setAnchor(null)}
            onUpdateDetails={() => {
              setAnchor(null);
              setUpdating(true);
            }}
          />
        </Suspense>
      )}
      <LazyPatientFormDialog open={updating} patient={patient} onClose={() => setUpdating(false)} />
    </>
  );
}
