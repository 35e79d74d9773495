import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { enhancedNoteGroups } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useSetExamEnhancedNotes } from '../../../lib/api/exams/set-exam-enhanced-notes.ts';
import {
  acceptSuggestion,
  isEnhancedNoteDisabled,
  murmurSuggestions,
  toggleEnhancedNote,
} from '../utils/enhanced-notes.ts';
import type { EnhancedNoteLabel } from '../utils/enhanced-notes.ts';
import { useNotify } from '../../../components/notifications/use-notify.ts';

/** A burst of clicks is saved once, half a second after the last. */
const autosaveDelayMs = 500;

/** Structured notes in two groups; saved automatically after the first change (clinician-portal §2.12, §4). */
export function EnhancedNotesPanel({ exam }: { exam: Exam }) {
  const notify = useNotify();
  // version counts the user's changes; at 0 nothing is saved, since opening an exam must not write to it.
  const [edit, setEdit] = useState<{ labels: EnhancedNoteLabel[]; version: number }>({
    labels: exam.enhancedNotes,
    version: 0,
  });
  const pending = useDebouncedValue(edit, autosaveDelayMs);
  const { mutateAsync } = useSetExamEnhancedNotes(exam.id);
  const selected = edit.labels;
  // For the unmount flush: the newest edit, and the newest version already sent.
  const latest = useRef(edit);
  const sentVersion = useRef(0);

  useEffect(() => {
    latest.current = edit;
  }, [edit]);

  useEffect(() => {
    if (pending.version === 0) return;
    sentVersion.current = pending.version;
    mutateAsync(pending.labels).catch(() => notify('Failed to save enhanced notes.', 'error'));
  }, [pending, mutateAsync, notify]);

  // Leaving within the debounce (Previous/Next, a menu link) must not lose the last click.
  // mutateAsync's promise settles even after unmount, so a failure is still announced.
  useEffect(
    () => () => {
      const last = latest.current;
      if (last.version > sentVersion.current) {
        mutateAsync(last.labels).catch(() => notify('Failed to save enhanced notes.', 'error'));
      }
    },
    [mutateAsync, notify],
  );

  const toggle = (label: EnhancedNoteLabel, checked: boolean) =>
    setEdit((current) => ({
      labels: toggleEnhancedNote(current.labels, label, checked),
      version: current.version + 1,
    }));
  const accept = (label: EnhancedNoteLabel) =>
    setEdit((current) => ({ labels: acceptSuggestion(current.labels, label), version: current.version + 1 }));
  // Offered, never checked for the clinician: the detector is decision support.
  const suggestions = murmurSuggestions(exam.auscultations ?? [], selected);

  return (
    <Box component="section" aria-labelledby="enhanced-notes-title">
      <Typography variant="h6" component="h2" id="enhanced-notes-title" sx={{ mb: 1 }}>
        Enhanced notes
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {enhancedNoteGroups.map((group) => (
          <Box key={group.name} component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
              {group.name}
            </Typography>
            <FormGroup>
              {group.options.map((label) => (
                <FormControlLabel
                  key={label}
                  label={label}
                  disabled={isEnhancedNoteDisabled(selected, label)}
                  control={
                    <Checkbox
                      size="small"
                      checked={selected.includes(label)}
                      onChange={(event) => toggle(label, event.target.checked)}
                    />
                  }
                />
              ))}
            </FormGroup>
            {group.name === 'Murmur' && suggestions.length > 0 && (
              <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" color="text.secondary" id="murmur-suggestion-title">
                  Suggested by the automated analysis:
                </Typography>
                {suggestions.map((label) => (
                  <Button
                    key={label}
                    size="small"
                    variant="outlined"
                    aria-label={`Accept suggestion: ${label}`}
                    onClick={() => accept(label)}
                  >
                    {label}
                  </Button>
                ))}
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
