import Button from '@mui/material/Button';
import { useSearchParams } from 'react-router-dom';
import { MessagePage } from '../../../components/layout/message-page.tsx';
import { safeReturnTo, useAuth } from '../../../lib/auth.ts';

function messageFor(reason: string | null): { title: string; text: string } {
  if (reason === 'auth-error')
    return { title: 'Error signing in', text: 'There was an error signing in. Please try again.' };
  if (reason === 'inactivity') {
    return { title: 'Signed Out', text: "For security reasons, you've been signed out due to inactivity." };
  }
  return { title: 'Signed Out', text: "You've been safely signed out." };
}

/** clinician-portal §2.4: the signed-out page, with the reason it happened and a way back in. */
export function SignedOutPage() {
  const { loginWithRedirect } = useAuth();
  const [searchParams] = useSearchParams();
  const { title, text } = messageFor(searchParams.get('reason'));
  const returnTo = safeReturnTo(searchParams.get('returnTo'));

  return (
    <MessagePage
      title={title}
      actions={
        <Button variant="contained" onClick={() => void loginWithRedirect({ appState: { returnTo } })}>
          Sign back in
        </Button>
      }
    >
      <p>{text}</p>
    </MessagePage>
  );
}
