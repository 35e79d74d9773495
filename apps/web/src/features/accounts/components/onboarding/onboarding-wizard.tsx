import { lazy, Suspense, useEffect, useState } from 'react';
import { PageSpinner } from '../../../../components/feedback/page-spinner.tsx';
import { useHealthcareProvider } from '../../../../lib/api/healthcare-providers/get-healthcare-provider.ts';
import { onboardingSteps } from '../../utils/onboarding-steps.ts';
import type { OnboardingStep } from '../../utils/onboarding-steps.ts';

// Most sign-ins have no step to do: the forms load only when one applies, so the way home stays small.
const OnboardingFlow = lazy(() =>
  import('./onboarding-flow.tsx').then((module) => ({ default: module.OnboardingFlow })),
);
const OnboardingLoadError = lazy(() =>
  import('./onboarding-flow.tsx').then((module) => ({ default: module.OnboardingLoadError })),
);

type OnboardingWizardProps = {
  providerId: string;
  /** The current TC_VERSION setting. */
  tcVersion: number;
  /** Called once no step is left; the caller goes on to returnTo. */
  onFinished: () => void;
};

const waiting = <PageSpinner label="Preparing your workspace…" />;

/** After sign-in: the steps of clinician-portal §2.6 that apply, in order, then onFinished. */
export function OnboardingWizard({ providerId, tcVersion, onFinished }: OnboardingWizardProps) {
  const query = useHealthcareProvider(providerId);
  // The plan is fixed from the first answer: saving a step updates the cached record.
  const [steps, setSteps] = useState<OnboardingStep[] | null>(null);
  if (steps === null && query.data) setSteps(onboardingSteps(query.data, tcVersion));

  const nothingToDo = steps !== null && steps.length === 0;
  useEffect(() => {
    if (nothingToDo) onFinished();
  }, [nothingToDo, onFinished]);

  if (query.isError) {
    return (
      <Suspense fallback={waiting}>
        <OnboardingLoadError />
      </Suspense>
    );
  }
  if (!steps || nothingToDo || !query.data) return waiting;
  return (
    <Suspense fallback={waiting}>
      <OnboardingFlow
        providerId={providerId}
        provider={query.data}
        tcVersion={tcVersion}
        steps={steps}
        onFinished={onFinished}
      />
    </Suspense>
  );
}
