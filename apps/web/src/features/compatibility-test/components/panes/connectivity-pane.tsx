import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useAtomValue } from 'jotai';
import { useServiceStatus } from '../../../../lib/api/status/get-service-status.ts';
import { connectionTestsAtom, testsStartedAtom } from '../../stores/wizard.ts';
import { connectivityFailed } from '../../utils/connectivity.ts';
import { PaneFrame } from '../pane-frame.tsx';
import { ServiceStatusList } from '../service-status-list.tsx';

const stages: Record<string, string> = {
  gathering: 'Reaching the network relay (TURN server)…',
  connecting: 'Connecting to Auscura…',
  preflight: 'Measuring delay, jitter and packet loss (10 seconds)…',
  bitrate: 'Measuring how much data gets through (15 seconds)…',
};

/** §2.10 Connectivity: 'Hang tight!' while the tests run, then 'Connection failed' or 'Connection success'. */
export function ConnectivityPane({
  onContinue,
  continueDisabled,
}: {
  onContinue: () => void;
  continueDisabled: boolean;
}) {
  const state = useAtomValue(connectionTestsAtom);
  const started = useAtomValue(testsStartedAtom);
  const status = useServiceStatus(started);
  const components = status.data?.components ?? null;
  const details = (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 0.5, columnGap: 2, m: 0 }}>
      <dt>Signaling gateway</dt>
      <dd style={{ margin: 0 }}>{state.signalingGateway ?? 'not tested'}</dd>
      <dt>TURN</dt>
      <dd style={{ margin: 0 }}>{state.turn ?? 'not tested'}</dd>
      {state.candidatePair && (
        <>
          <dt>Path</dt>
          <dd style={{ margin: 0 }}>{state.candidatePair}</dd>
        </>
      )}
    </Box>
  );
  if (state.status !== 'done') {
    const last = state.bitrateValues.at(-1);
    return (
      <PaneFrame eyebrow="Connectivity" title="Hang tight!">
        <p>We are testing your connection to Auscura&apos;s servers. This takes about half a minute.</p>
        <p role="status">{state.stage ? stages[state.stage] : 'Starting…'}</p>
        <LinearProgress aria-label="Connection tests running" />
        {last !== undefined && <p>Last second: {last} kbps</p>}
      </PaneFrame>
    );
  }
  if (connectivityFailed(state)) {
    return (
      <PaneFrame eyebrow="Connectivity" title="Connection failed">
        <Alert severity="error">{state.preflightError ?? state.bitrateError ?? 'Auscura could not be reached.'}</Alert>
        <p>
          A firewall, VPN or proxy is probably blocking the connection. Ask your IT department to allow video calls
          (WebRTC) to Auscura: UDP and TCP to the TURN server below on its port (usually 3478, or 443 for TLS), and
          HTTPS to this site. Then restart the test; or try another network, such as a phone hotspot.
        </p>
        {state.turnUrls.length > 0 && <p>TURN server: {state.turnUrls.join(', ')}</p>}
        {details}
        <ServiceStatusList components={components} loading={status.isLoading} />
        <Box>
          <Button variant="outlined" onClick={() => window.location.reload()}>
            Restart test
          </Button>
        </Box>
      </PaneFrame>
    );
  }
  return (
    <PaneFrame
      eyebrow="Connectivity"
      title="Connection success"
      actions={
        <Button variant="contained" onClick={onContinue} disabled={continueDisabled}>
          Continue
        </Button>
      }
    >
      <p>Your computer reaches Auscura&apos;s servers, and audio and data flow both ways.</p>
      {details}
      <ServiceStatusList components={components} loading={status.isLoading} />
    </PaneFrame>
  );
}
