import { useCallback, useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { notesMaxLength } from '@auscura/contracts';
import { useNotify } from '../notifications/use-notify.ts';
import { useNotesSaving } from './use-notes-saving.ts';

type NotesEditorProps = {
  examId: string;
  /** The notes the server holds. */
  initial: string;
  /**
   * The §8 text of a failed save: 'Failed to save exam notes.' on the exam page, 'Failed to save
   * notes.' in the in-person dialog (exams-and-devices §8).
   */
  failureText: string;
  /**
   * true: the notes save by themselves a moment after typing stops, and a failure shows beside the
   * field, where the saving shows (the in-person dialog, exams-and-devices §5). false: Save and
   * leaving the field save them (clinician-portal §2.12), and a failure comes as a notification,
   * since the user may have moved on.
   */
  autosave?: boolean;
};

/** An exam's free-text notes with their length, saving state and 'Notes saved' confirmation (3 seconds). */
export function NotesEditor({ examId, initial, failureText, autosave = false }: NotesEditorProps) {
  const titleId = useId();
  const notify = useNotify();
  const onFailed = useCallback(() => {
    if (!autosave) notify(failureText, 'error');
  }, [autosave, notify, failureText]);
  const { text, setText, status, save, saving } = useNotesSaving(examId, initial, autosave, onFailed);
  const statusText = status === 'saved' ? 'Notes saved' : autosave && status === 'saving' ? 'Saving…' : '';
  const failed = autosave && status === 'failed';

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography variant="h6" component="h2" id={titleId} sx={{ mb: 1 }}>
        Notes
      </Typography>
      <TextField
        multiline
        minRows={4}
        maxRows={autosave ? 10 : 14}
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={autosave ? undefined : save}
        slotProps={{ htmlInput: { maxLength: notesMaxLength, 'aria-labelledby': titleId } }}
        helperText={`${text.length} / ${notesMaxLength}`}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: autosave ? 0 : 1, minHeight: '1.5em' }}>
        {!autosave && (
          <Button variant="contained" size="small" onClick={save} disabled={saving}>
            Save
          </Button>
        )}
        <Typography variant="body2" role="status" color={failed ? 'error' : 'success.main'}>
          {failed ? failureText : statusText}
        </Typography>
      </Box>
    </Box>
  );
}
