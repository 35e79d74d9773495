import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { unexpectedError } from '../../utils/account-errors.ts';

/** §8: a profile page that fails to load or save shows this alert. */
export function UnexpectedErrorAlert() {
  return (
    <Alert severity="error" sx={{ mb: 3 }}>
      <AlertTitle>{unexpectedError.title}</AlertTitle>
      {unexpectedError.text}
    </Alert>
  );
}
