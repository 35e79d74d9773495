import { useEffect, useRef, useState } from 'react';
import { useSetExamNotes } from '../../../lib/api/exams/set-exam-notes.ts';

/** How long typing must pause before the notes are sent. */
const debounceMs = 800;
/** exams-and-devices §5: 'Notes saved' shows for 3 seconds. */
const savedNoticeMs = 3000;

export type NotesStatus = 'idle' | 'saving' | 'saved' | 'failed';

/** Saves the notes by themselves a moment after typing stops (PUT /exams/:id/notes). */
export function useNotesAutosave(examId: string, initial: string) {
  const [text, setText] = useState(initial);
  const [status, setStatus] = useState<NotesStatus>('idle');
  const lastSent = useRef(initial);
  const { mutate } = useSetExamNotes(examId);

  useEffect(() => {
    if (text === lastSent.current) return;
    const timer = window.setTimeout(() => {
      const previous = lastSent.current;
      lastSent.current = text;
      setStatus('saving');
      mutate(text, {
        onSuccess: () => setStatus('saved'),
        onError: () => {
          lastSent.current = previous;
          setStatus('failed');
        },
      });
    }, debounceMs);
    return () => window.clearTimeout(timer);
  }, [text, mutate]);

  useEffect(() => {
    if (status !== 'saved') return;
    const timer = window.setTimeout(() => setStatus('idle'), savedNoticeMs);
    return () => window.clearTimeout(timer);
  }, [status]);

  return { text, setText, status };
}
