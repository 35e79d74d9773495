import { NotesEditor } from '../../../components/notes-editor/notes-editor.tsx';

/** The exam's notes, saved automatically; a failure reads 'Failed to save notes.' (exams-and-devices §5, §8). */
export function NotesField({ examId, initial }: { examId: string; initial: string }) {
  return <NotesEditor examId={examId} initial={initial} failureText="Failed to save notes." autosave />;
}
