import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { MessagePage } from '../layout/message-page.tsx';

/** clinician-portal §8: the not-found page, also shown for any unknown path. */
export function NotFoundPage() {
  return <NotFoundContent standalone />;
}

/** The same message inside the signed-in shell, for a record that does not exist (or is not the caller's). */
export function NotFoundContent({ standalone = false }: { standalone?: boolean }) {
  return (
    <MessagePage
      standalone={standalone}
      eyebrow="404 Error"
      title="Page not found."
      actions={
        <Button variant="contained" component={RouterLink} to={paths.home.getHref()}>
          Go back home
        </Button>
      }
    >
      <p>Sorry, we couldn&apos;t find the page you were looking for.</p>
    </MessagePage>
  );
}
