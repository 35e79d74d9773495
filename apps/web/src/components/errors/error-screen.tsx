import Button from '@mui/material/Button';
import { MessagePage } from '../layout/message-page.tsx';
import { paths } from '../../config/paths.ts';

type ErrorScreenProps = { standalone?: boolean };

/**
 * clinician-portal §2.2: the global error screen. 'Go back home' is a full page load on purpose:
 * after an unexpected error the safest state to return to is a fresh one.
 */
export function ErrorScreen({ standalone = false }: ErrorScreenProps) {
  return (
    <MessagePage
      title="An error occurred."
      standalone={standalone}
      actions={
        <Button variant="contained" href={paths.home.getHref()}>
          Go back home
        </Button>
      }
    >
      <p role="alert">The error has been logged and our team will be looking into it.</p>
    </MessagePage>
  );
}
