import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The end: everything the clinician asked for has arrived. */
export function SentStep({
  earlier,
  providerName,
  patientInitiated,
}: {
  earlier: boolean;
  providerName: string | null;
  /** Sent with the patient's standing link, which works again for the next self exam. */
  patientInitiated: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {earlier ? 'Your self exam was already sent' : 'Your recordings were sent'}
      </Typography>
      <Alert severity="success" role="status">
        {providerName ?? 'Your clinician'} has received every recording{' '}
        {patientInitiated ? 'you chose to make' : 'that was asked for'}.
      </Alert>
      <Typography>There is nothing more to do. You can close this page and unplug your stethoscope.</Typography>
      {patientInitiated ? (
        <Typography>To record again another day, open the link in your email again and enter the same code.</Typography>
      ) : (
        <Typography>
          No more recordings can be added to this request. If you need to record again, contact your clinician.
        </Typography>
      )}
    </Box>
  );
}
