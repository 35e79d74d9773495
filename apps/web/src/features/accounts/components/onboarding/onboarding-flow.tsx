import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { HealthcareProvider } from '@auscura/contracts';
import { PageSpinner } from '../../../../components/feedback/page-spinner.tsx';
import { unexpectedError } from '../../utils/account-errors.ts';
import { onboardingStepLabels } from '../../utils/onboarding-steps.ts';
import type { OnboardingStep } from '../../utils/onboarding-steps.ts';
import { OnboardingLayout } from './onboarding-layout.tsx';
import { PasswordStep } from './password-step.tsx';
import { ProfileStep } from './profile-step.tsx';
import { TermsStep } from './terms-step.tsx';
import { useNotify } from '../../../../components/notifications/use-notify.ts';

type OnboardingFlowProps = {
  providerId: string;
  provider: HealthcareProvider;
  tcVersion: number;
  /** At least one step. */
  steps: OnboardingStep[];
  onFinished: () => void;
};

/** The steps that apply, one at a time, with where the user is among them. */
export function OnboardingFlow({ providerId, provider, tcVersion, steps, onFinished }: OnboardingFlowProps) {
  const notify = useNotify();
  const [index, setIndex] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const finished = index >= steps.length;

  useEffect(() => {
    if (finished) onFinished();
  }, [finished, onFinished]);

  // Each new step's heading takes the focus, so keyboard and screen-reader users start at its top.
  useEffect(() => {
    if (index > 0) heading.current?.focus();
  }, [index]);

  if (finished) return <PageSpinner label="Preparing your workspace…" />;

  const step = steps[index]!;
  // A notice shows above the next step, or, after the last one, among the app's notifications at home.
  const complete = (message?: string) => {
    const last = index + 1 >= steps.length;
    if (message && last) notify(message);
    setNotice(last ? null : (message ?? null));
    setIndex(index + 1);
  };
  return (
    <OnboardingLayout>
      {steps.length > 1 && (
        <Stepper activeStep={index} alternativeLabel sx={{ mb: 4 }}>
          {steps.map((name) => (
            <Step key={name}>
              <StepLabel>{onboardingStepLabels[name]}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}
      {notice && (
        <Alert severity="success" sx={{ mb: 3 }}>
          {notice}
        </Alert>
      )}
      <Typography variant="h5" component="h1" ref={heading} tabIndex={-1} sx={{ mb: 1, outline: 'none' }}>
        {onboardingStepLabels[step]}
      </Typography>
      {steps.length > 1 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Step {index + 1} of {steps.length}
        </Typography>
      )}
      {step === 'password' && <PasswordStep key={step} providerId={providerId} onComplete={complete} />}
      {step === 'terms' && <TermsStep key={step} providerId={providerId} onComplete={complete} tcVersion={tcVersion} />}
      {step === 'profile' && (
        <ProfileStep key={step} providerId={providerId} onComplete={complete} provider={provider} />
      )}
    </OnboardingLayout>
  );
}

/** §8: the provider's record could not be read, so the steps cannot be chosen. */
export function OnboardingLoadError() {
  return (
    <OnboardingLayout>
      <Alert severity="error">
        <AlertTitle>{unexpectedError.title}</AlertTitle>
        {unexpectedError.text}
      </Alert>
    </OnboardingLayout>
  );
}
