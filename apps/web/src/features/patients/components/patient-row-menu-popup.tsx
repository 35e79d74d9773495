import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { usePatientRowActions } from './patient-row-actions.ts';

type PatientRowMenuPopupProps = {
  id: string;
  anchor: HTMLElement;
  patientId: string;
  onClose: () => void;
  onUpdateDetails: () => void;
};

/** The open more-menu of a patient row; a default export because it is loaded lazily. */
export default function PatientRowMenuPopup({
  id,
  anchor,
  patientId,
  onClose,
  onUpdateDetails,
}: PatientRowMenuPopupProps) {
  const { startInPersonExam } = usePatientRowActions();
  return (
    <Menu id={id} anchorEl={anchor} open onClose={onClose}>
      <MenuItem component={RouterLink} to={paths.patient.getHref(patientId)} onClick={onClose}>
        View Details
      </MenuItem>
      <MenuItem onClick={onUpdateDetails}>Update Details</MenuItem>
      {/* exams-and-devices §2.7: the live exam route with the patient in navigation state. */}
      <MenuItem
        component={RouterLink}
        to={paths.liveExam.getHref()}
        state={{ patientProfileId: patientId }}
        onClick={onClose}
      >
        Start Virtual Exam
      </MenuItem>
      {startInPersonExam && (
        <MenuItem
          onClick={() => {
            onClose();
            startInPersonExam(patientId);
          }}
        >
          Start In-Person Exam
        </MenuItem>
      )}
    </Menu>
  );
}
