import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useShareExam } from '../../../lib/api/exams/share-exam.ts';
import { emailAddressRule } from '../../../lib/email-rule.ts';
import { useNotify } from '../../../components/notifications/use-notify.ts';

/** The shared email rule and its messages (clinician-portal §5, 'Email address' form). */
const shareSchema = z.object({
  emailAddress: emailAddressRule,
});
type ShareForm = z.infer<typeof shareSchema>;

type ShareExamDialogProps = { examId: string; open: boolean; onClose: () => void };

/** Sends a link to the exam by email; the recipient must sign in to see it. */
export function ShareExamDialog({ examId, open, onClose }: ShareExamDialogProps) {
  const notify = useNotify();
  const mutation = useShareExam(examId);
  const form = useForm<ShareForm>({ resolver: zodResolver(shareSchema), defaultValues: { emailAddress: '' } });
  const error = form.formState.errors.emailAddress;

  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit(({ emailAddress }) =>
    mutation.mutateAsync(emailAddress).then(
      () => {
        notify(`The exam has been shared with ${emailAddress}`, 'success');
        close();
      },
      () => notify('There was an error sharing the exam. Please try again later.', 'error'),
    ),
  );

  return (
    <Dialog open={open} onClose={close} aria-labelledby="share-exam-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="share-exam-title">Share exam</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            We will email a link to this exam. The recipient has to sign in to open it.
          </DialogContentText>
          <TextField
            {...form.register('emailAddress')}
            label="Email address"
            type="email"
            autoComplete="email"
            fullWidth
            autoFocus
            error={!!error}
            helperText={error?.message}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            Share
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
