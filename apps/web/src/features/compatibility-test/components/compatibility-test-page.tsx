import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { createStore, Provider } from 'jotai';
import { useCompatibilityToken } from '../hooks/use-compatibility-token.ts';
import { useConnectionTests } from '../hooks/use-connection-tests.ts';
import { useWizard } from '../hooks/use-wizard.ts';
import type { Pane } from '../utils/transitions.ts';
import { DeviceChangeSnackbar } from './device-change-snackbar.tsx';
import { AudioTestPane } from './panes/audio-test-pane.tsx';
import { BrowserTestPane } from './panes/browser-test-pane.tsx';
import { CameraTestPane } from './panes/camera-test-pane.tsx';
import { ConnectivityPane } from './panes/connectivity-pane.tsx';
import { DeviceCheckPane } from './panes/device-check-pane.tsx';
import { DeviceErrorPane } from './panes/device-error-pane.tsx';
import { GetStartedPane } from './panes/get-started-pane.tsx';
import { QualityPane } from './panes/quality-pane.tsx';
import { ResultsPane } from './panes/results-pane.tsx';
import { StethoscopeConnectionErrorPane } from './panes/stethoscope-connection-error-pane.tsx';
import { StethoscopeConnectionPane } from './panes/stethoscope-connection-pane.tsx';
import { StethoscopeTestPane } from './panes/stethoscope-test-pane.tsx';
import { WizardControls } from './wizard-controls.tsx';
import { WizardSidebar } from './wizard-sidebar.tsx';

/**
 * /live-exam-compatibility-test (exams-and-devices §2.10, public): a vertical wizard, one pane at a
 * time, with up and down buttons. Its state lives in a store of its own: every visit is a fresh
 * test ('Restart test' reloads the page).
 */
export function CompatibilityTestPage() {
  const [store] = useState(createStore);
  return (
    <Provider store={store}>
      <Wizard />
    </Provider>
  );
}

function Wizard() {
  useCompatibilityToken();
  const startConnectionTests = useConnectionTests();
  const wizard = useWizard();
  const { pane, downDisabled } = wizard;
  const panes: Record<Pane, () => React.JSX.Element> = {
    getStarted: () => (
      <GetStartedPane
        onStart={() => {
          // §4: leaving Get started starts the bitrate test, the preflight and the status fetch.
          startConnectionTests();
          wizard.down();
        }}
      />
    ),
    browserTest: () => <BrowserTestPane onContinue={wizard.down} />,
    deviceCheck: () => <DeviceCheckPane onChecked={(failed) => wizard.forward({ deviceError: failed })} />,
    deviceError: () => <DeviceErrorPane />,
    cameraTest: () => <CameraTestPane onContinue={wizard.down} continueDisabled={downDisabled} />,
    audioTest: () => <AudioTestPane onContinue={wizard.down} continueDisabled={downDisabled} />,
    stethoscopeConnection: () => (
      <StethoscopeConnectionPane onContinue={(notFound) => wizard.forward({ stethoscopeConnectionError: notFound })} />
    ),
    stethoscopeConnectionError: () => <StethoscopeConnectionErrorPane onContinue={() => wizard.forward()} />,
    stethoscopeTest: () => <StethoscopeTestPane onContinue={wizard.down} />,
    connectivity: () => <ConnectivityPane onContinue={wizard.down} continueDisabled={downDisabled} />,
    quality: () => <QualityPane onFinish={() => wizard.goTo('results')} />,
    results: () => <ResultsPane onReview={wizard.goTo} />,
  };
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <WizardSidebar pane={pane} facts={wizard.facts} />
      <Box component="main" sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 4, md: 6 }, py: { xs: 3, md: 5 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
          Live exam compatibility test
        </Typography>
        <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start', maxWidth: 960 }}>
          <Box
            key={pane}
            sx={{
              flex: 1,
              minWidth: 0,
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              p: { xs: 3, sm: 4 },
            }}
          >
            {panes[pane]()}
          </Box>
          <WizardControls
            upDisabled={wizard.upDisabled}
            downDisabled={downDisabled}
            onUp={wizard.up}
            onDown={wizard.down}
          />
        </Box>
      </Box>
      <DeviceChangeSnackbar />
    </Box>
  );
}
