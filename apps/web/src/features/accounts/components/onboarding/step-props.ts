/** What every onboarding step receives: whose record, and how to say it is done (with a notice). */
export type StepProps = {
  providerId: string;
  onComplete: (notice?: string) => void;
};
