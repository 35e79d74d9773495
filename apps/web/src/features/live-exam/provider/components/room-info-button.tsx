import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { VirtualExam } from '@auscura/contracts';
import { AccessInfo } from '../../../../components/virtual-exams/access-info.tsx';

/** exams-and-devices §2.4, Info: the access information (copyable) and Send Access Info. */
export function RoomInfoButton({ exam }: { exam: VirtualExam }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Info
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby="room-info-title">
        <DialogTitle id="room-info-title">Access info</DialogTitle>
        <DialogContent>{open && <AccessInfo exam={exam} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
