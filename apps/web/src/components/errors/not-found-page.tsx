import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { MessagePage } from '../layout/message-page.tsx';

/** clinician-portal §8: the not-found page, also shown for any unknown path. */
export function NotFoundPage() {
  return (
    <MessagePage
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
