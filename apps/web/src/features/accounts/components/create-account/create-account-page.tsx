import { useState } from 'react';
import Button from '@mui/material/Button';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../../components/feedback/page-spinner.tsx';
import { MessagePage } from '../../../../components/layout/message-page.tsx';
import { PublicLayout } from '../../../../components/layout/public-layout.tsx';
import { paths } from '../../../../config/paths.ts';
import { usePublicConfig } from '../../../../lib/public-config.ts';
import { useInvitation } from '../../../../lib/api/healthcare-providers/get-invitation.ts';
import { invitationMessages, invitationRefused } from '../../utils/account-errors.ts';
import { CreateAccountForm } from './create-account-form.tsx';

/** /create-account?t=…: accept an invitation (clinician-portal §2.5). No t goes to the 404 route. */
export function CreateAccountPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t');
  if (!token) return <Navigate to={paths.notFound.getHref()} replace />;
  return <CreateAccountStates token={token} />;
}

function CreateAccountStates({ token }: { token: string }) {
  const { tcVersion } = usePublicConfig();
  const invitation = useInvitation(token);
  const [complete, setComplete] = useState(false);

  if (complete) {
    return (
      <MessagePage
        title="Account creation successful"
        actions={
          <Button variant="contained" component={RouterLink} to={paths.home.getHref()}>
            Sign in
          </Button>
        }
      >
        <p>Your account is ready. Sign in with your email address and the password you chose.</p>
      </MessagePage>
    );
  }
  if (invitation.isPending) {
    return (
      <PublicLayout>
        <PageSpinner label="Loading your invitation…" />
      </PublicLayout>
    );
  }
  if (invitation.isError || !invitation.data.isValid) {
    const failed = invitation.isError && !invitationRefused(invitation.error);
    return (
      <MessagePage title={failed ? 'Invitation error' : 'Invitation no longer valid'}>
        <p role="alert">{failed ? invitationMessages.fetchFailed : invitationMessages.noLongerValid}</p>
      </MessagePage>
    );
  }
  return (
    <PublicLayout>
      <CreateAccountForm invitation={invitation.data} tcVersion={tcVersion} onCreated={() => setComplete(true)} />
    </PublicLayout>
  );
}
