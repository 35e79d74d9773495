import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import NotesIcon from '@mui/icons-material/Notes';
import { NotesEditor } from '../../../../components/notes-editor/notes-editor.tsx';

/**
 * The room's Notes (exams-and-devices §2.4, §5): the exam's notes, saved automatically, 'Notes
 * saved' for 3 seconds, 'Failed to save exam notes.' on failure (§8, virtual).
 */
export function RoomNotesButton({ examId, initialNotes }: { examId: string; initialNotes: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<NotesIcon />} onClick={() => setOpen(true)}>
        Notes
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-label="Exam notes" keepMounted>
        <DialogContent>
          <NotesEditor examId={examId} initial={initialNotes} failureText="Failed to save exam notes." autosave />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
