import { lazy, Suspense, useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import MoreIcon from '@mui/icons-material/MoreVert';

// MUI's Menu brings Popover and Popper along; loaded on first open so the home screen stays small.
const PatientRowMenuPopup = lazy(() => import('./patient-row-menu-popup.tsx'));

type PatientRowMenuProps = { patientId: string; patientName: string };

/**
 * The row's more-menu (clinician-portal §2.8): View Details, plus the entries whose dialogs the route
 * provides through PatientRowActionsContext (an entry that does nothing would mislead).
 */
export function PatientRowMenu({ patientId, patientName }: PatientRowMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <IconButton
        size="small"
        aria-label={`More actions for ${patientName}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreIcon fontSize="small" />
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <PatientRowMenuPopup id={menuId} anchor={anchor} patientId={patientId} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
