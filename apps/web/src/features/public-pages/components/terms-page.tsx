import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { contactAddresses, paths } from '../../../config/paths.ts';
import { InfoPage, Section } from './info-page.tsx';

export function TermsPage() {
  return (
    <InfoPage
      title="Terms of Service"
      intro="These terms govern your use of Auscura. By using the service you agree to them."
    >
      <Section title="Who may use Auscura">
        <p>
          You must be 18 years of age or older to use Auscura. The service is offered to users in the United States
          only. Healthcare providers use it through an account created from an invitation by their organization.
        </p>
      </Section>
      <Section title="No medical advice">
        <p>
          Auscura records, plays back and analyses auscultation sounds. It does not provide medical advice or a
          diagnosis. Automated analysis supports a qualified clinician&apos;s judgement and never replaces it. In an
          emergency, call 911.
        </p>
      </Section>
      <Section title="Your responsibilities as a provider">
        <ul>
          <li>
            Obtain your patient&apos;s consent before recording, storing or sharing their exams, as your professional
            obligations and applicable law require.
          </li>
          <li>Keep your sign-in details to yourself and sign out on shared devices.</li>
          <li>Use the service only for the care of your patients and the purposes your organization allows.</li>
        </ul>
      </Section>
      <Section title="Privacy">
        <p>
          How we handle personal and health information is described in our{' '}
          <Link component={RouterLink} to={paths.privacy.getHref()}>
            Privacy Policy
          </Link>{' '}
          and on our{' '}
          <Link component={RouterLink} to={paths.hipaa.getHref()}>
            security and HIPAA page
          </Link>
          .
        </p>
      </Section>
      <Section title="Disputes and binding arbitration">
        <p>
          Any dispute arising from these terms or the service will be resolved by binding arbitration on an individual
          basis rather than in court, except that either party may bring qualifying claims in small-claims court.
        </p>
        <p>
          You may opt out of arbitration within 30 days of first accepting these terms by emailing{' '}
          <Link href={`mailto:${contactAddresses.contact}`}>{contactAddresses.contact}</Link> with your name and the
          statement that you opt out.
        </p>
      </Section>
      <Section title="Changes">
        <p>
          When these terms change we will ask you to accept the new version the next time you sign in. Continuing to use
          the service after that means you accept them.
        </p>
      </Section>
    </InfoPage>
  );
}
