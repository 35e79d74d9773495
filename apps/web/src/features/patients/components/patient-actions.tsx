import { useState } from 'react';
import Button from '@mui/material/Button';
import { LazyPatientFormDialog } from './lazy-dialogs.tsx';

/** 'Add new patient' (clinician-portal §2.8: the Patients title row and the empty state). */
export function AddPatientButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        Add new patient
      </Button>
      <LazyPatientFormDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
