import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { AuscultationPoint } from '@auscura/contracts';
import type { MonitorSettings } from '../../../hooks/use-live-input.ts';
import type { Recorded } from '../../../lib/audio/recorded.ts';
import { AuscultateStep } from './auscultate-step.tsx';
import { AuscultationErrorDialog } from '../../../components/feedback/auscultation-error-dialog.tsx';
import { PointStep } from './point-step.tsx';
import { ReviewStep } from './review-step.tsx';

const steps = ['Select auscultation point', 'Auscultate', 'Review'] as const;

type WizardProps = {
  examId: string;
  patientProfileId: string;
  deviceId: string | null;
  /** A recording reached the server. */
  onSaved: () => void;
};

/** The New Auscultation wizard (exams-and-devices §2.5, §4): point, record, review; Back allowed. */
export function AuscultationWizard({ examId, patientProfileId, deviceId, onSaved }: WizardProps) {
  const [step, setStep] = useState(0);
  const [point, setPoint] = useState<AuscultationPoint | null>(null);
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const [monitor, setMonitor] = useState<MonitorSettings>({ enabled: false, preset: 'wide', gain: 1 });
  const [error, setError] = useState(false);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="wizard-title" sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" id="wizard-title" sx={{ mb: 2 }}>
        New Auscultation
      </Typography>
      <Stepper activeStep={step} sx={{ mb: 3 }}>
        {steps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box role="group" aria-label={`Step ${step + 1} of 3: ${steps[step]}`}>
        {step === 0 && <PointStep value={point} onChange={setPoint} onNext={() => setStep(1)} />}
        {step === 1 && point && (
          <AuscultateStep
            point={point}
            deviceId={deviceId}
            monitor={monitor}
            onMonitorChange={setMonitor}
            onRecorded={(next) => {
              setRecorded(next);
              setStep(2);
            }}
            onFailed={() => setError(true)}
            onBack={() => setStep(0)}
          />
        )}
        {step === 2 && point && recorded && (
          <ReviewStep
            examId={examId}
            patientProfileId={patientProfileId}
            point={point}
            recorded={recorded}
            preset={monitor.preset}
            onSaved={() => {
              setRecorded(null);
              setPoint(null);
              setStep(0);
              onSaved();
            }}
            onRerecord={() => {
              setRecorded(null);
              setStep(1);
            }}
          />
        )}
      </Box>
      <AuscultationErrorDialog open={error} onDismiss={() => setError(false)} />
    </Paper>
  );
}
