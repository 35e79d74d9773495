import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { MessagePage } from '../layout/message-page.tsx';

type ServerUnreachableProps = { onRetry: () => Promise<void> };

/** Shown when GET /api/v1/config fails: without it the app does not know how to sign anyone in. */
export function ServerUnreachable({ onRetry }: ServerUnreachableProps) {
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <MessagePage
      title="Auscura cannot reach its server"
      actions={
        <Button variant="contained" onClick={() => void retry()} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </Button>
      }
    >
      <p>Check your network connection. If it works, the server may be restarting or down for maintenance.</p>
      <p>
        The{' '}
        <Link component={RouterLink} to={paths.support.getHref()}>
          support
        </Link>
        ,{' '}
        <Link component={RouterLink} to={paths.contact.getHref()}>
          contact
        </Link>{' '}
        and{' '}
        <Link component={RouterLink} to={paths.privacy.getHref()}>
          policy
        </Link>{' '}
        pages are still available.
      </p>
    </MessagePage>
  );
}
