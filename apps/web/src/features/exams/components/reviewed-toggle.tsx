import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { Exam } from '@auscura/contracts';
import { useSetExamReviewed } from '../../../lib/api/exams/set-exam-reviewed.ts';
import { examStatusLabel } from '../utils/exam-format.ts';
import { useNotify } from '../../../components/notifications/use-notify.ts';

/** The Reviewed chip and its switch; the change shows at once and is undone if saving fails (clinician-portal §4). */
export function ReviewedToggle({ exam }: { exam: Exam }) {
  const notify = useNotify();
  const mutation = useSetExamReviewed(exam.id);
  const change = (value: boolean) =>
    mutation.mutate(value, {
      onSuccess: () =>
        notify(value ? 'The exam has been marked as reviewed' : 'The exam has been marked as unreviewed', 'success'),
      onError: () => notify('There was an error updating the reviewed status', 'error'),
    });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Chip
        label={examStatusLabel(exam)}
        color={exam.reviewed ? 'success' : 'default'}
        variant={exam.reviewed ? 'filled' : 'outlined'}
        size="small"
      />
      <FormControlLabel
        control={
          <Switch
            checked={exam.reviewed}
            onChange={(event) => change(event.target.checked)}
            disabled={mutation.isPending}
          />
        }
        label="Mark as reviewed"
      />
    </Box>
  );
}
