import { useCallback, useEffect, useRef, useState } from 'react';
import { notesMaxLength } from '@auscura/contracts';
import { useSetExamNotes } from '../../lib/api/exams/set-exam-notes.ts';

/** How long typing must pause before autosaved notes are sent. */
const debounceMs = 800;
/** clinician-portal §9, exams-and-devices §5: 'Notes saved' shows for 3 seconds. */
const savedNoticeMs = 3000;

type NotesStatus = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * The text of an exam's notes and its saving (PUT /exams/:id/notes): `save` sends the text unless
 * the server already holds it or it is too long; with `autosave` a pause in typing saves. A
 * failed save is sent again by the next save; `onFailed` hears of it.
 */
export function useNotesSaving(examId: string, initial: string, autosave: boolean, onFailed: () => void) {
  const [text, setText] = useState(initial);
  const [status, setStatus] = useState<NotesStatus>('idle');
  // The text the server holds or is being sent: a blur and the Save click that caused it must not save twice.
  const lastSent = useRef(initial);
  const { mutate, isPending } = useSetExamNotes(examId);

  const save = useCallback(
    (value: string) => {
      if (value === lastSent.current || value.length > notesMaxLength) return;
      const previous = lastSent.current;
      lastSent.current = value;
      setStatus('saving');
      mutate(value, {
        onSuccess: () => setStatus('saved'),
        onError: () => {
          lastSent.current = previous;
          setStatus('failed');
          onFailed();
        },
      });
    },
    [mutate, onFailed],
  );

  useEffect(() => {
    if (!autosave || text === lastSent.current) return;
    const timer = window.setTimeout(() => save(text), debounceMs);
    return () => window.clearTimeout(timer);
  }, [autosave, text, save]);

  useEffect(() => {
    if (status !== 'saved') return;
    const timer = window.setTimeout(() => setStatus('idle'), savedNoticeMs);
    return () => window.clearTimeout(timer);
  }, [status]);

  return { text, setText, status, save: () => save(text), saving: isPending };
}
