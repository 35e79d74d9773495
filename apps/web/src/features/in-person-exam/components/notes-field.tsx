import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { notesMaxLength } from '@auscura/contracts';
import { useNotesAutosave } from '../hooks/use-notes-autosave.ts';

const statusText = { idle: '', saving: 'Saving…', saved: 'Notes saved', failed: 'Failed to save notes.' } as const;

/** The exam's notes, saved automatically (exams-and-devices §5, §8). */
export function NotesField({ examId, initial }: { examId: string; initial: string }) {
  const { text, setText, status } = useNotesAutosave(examId, initial);
  return (
    <Box component="section" aria-labelledby="in-person-notes-title">
      <Typography variant="h6" component="h2" id="in-person-notes-title" sx={{ mb: 1 }}>
        Notes
      </Typography>
      <TextField
        multiline
        minRows={4}
        maxRows={10}
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: notesMaxLength, 'aria-labelledby': 'in-person-notes-title' } }}
        helperText={`${text.length} / ${notesMaxLength}`}
      />
      <Typography
        variant="body2"
        role="status"
        color={status === 'failed' ? 'error' : 'success.main'}
        sx={{ minHeight: '1.5em' }}
      >
        {statusText[status]}
      </Typography>
    </Box>
  );
}
