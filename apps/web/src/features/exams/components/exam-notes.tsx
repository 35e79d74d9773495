import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { notesMaxLength } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';
import { useSetExamNotes } from '../../../lib/api/exams/set-exam-notes.ts';
import { useNotify } from '../../../components/notifications/use-notify.ts';

/** clinician-portal §9: the confirmation shows for 3 seconds. */
const savedNoticeMs = 3000;

/** Free-text notes, saved with Save or when the field loses focus (clinician-portal §2.12). */
export function ExamNotes({ exam }: { exam: Exam }) {
  const notify = useNotify();
  const [text, setText] = useState(exam.notes ?? '');
  const [savedVisible, setSavedVisible] = useState(false);
  // The text the server holds or is being sent: blur and the Save click that caused it must not save twice.
  const lastSent = useRef(exam.notes ?? '');
  const mutation = useSetExamNotes(exam.id);

  useEffect(() => {
    if (!savedVisible) return;
    const timer = window.setTimeout(() => setSavedVisible(false), savedNoticeMs);
    return () => window.clearTimeout(timer);
  }, [savedVisible]);

  const save = () => {
    if (text === lastSent.current || text.length > notesMaxLength) return;
    const previous = lastSent.current;
    lastSent.current = text;
    setSavedVisible(false);
    mutation.mutate(text, {
      onSuccess: () => setSavedVisible(true),
      onError: () => {
        lastSent.current = previous;
        notify('Failed to save exam notes.', 'error');
      },
    });
  };

  return (
    <Box component="section" aria-labelledby="exam-notes-title">
      <Typography variant="h6" component="h2" id="exam-notes-title" sx={{ mb: 1 }}>
        Notes
      </Typography>
      <TextField
        multiline
        minRows={4}
        maxRows={14}
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={save}
        slotProps={{ htmlInput: { maxLength: notesMaxLength, 'aria-labelledby': 'exam-notes-title' } }}
        helperText={`${text.length} / ${notesMaxLength}`}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
        <Button variant="contained" size="small" onClick={save} disabled={mutation.isPending}>
          Save
        </Button>
        <Typography variant="body2" color="success.main" role="status">
          {savedVisible ? 'Notes saved' : ''}
        </Typography>
      </Box>
    </Box>
  );
}
