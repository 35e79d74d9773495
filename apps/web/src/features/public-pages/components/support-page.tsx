import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { builtFeatures } from '../../../config/built-features.ts';
import { contactAddresses, paths } from '../../../config/paths.ts';
import { InfoPage, Section } from './info-page.tsx';

/** Support: how to get help, plus the About section the menu's About entry opens. */
export function SupportPage() {
  return (
    <InfoPage title="Support" intro="Need help with Auscura? Our support team answers every message.">
      <Section title="Email support">
        <p>
          Write to <Link href={`mailto:${contactAddresses.support}`}>{contactAddresses.support}</Link>. Tell us what you
          were doing, what you expected and what happened instead; a screenshot helps.
        </p>
        <p>
          Please do not include patient names, dates of birth or other health information in your message. If we need to
          look at a specific exam, we will ask for its reference and handle it through our secure channels.
        </p>
        <Button variant="contained" href={`mailto:${contactAddresses.support}?subject=Auscura%20support%20request`}>
          Email support
        </Button>
      </Section>
      <Section title="Before you write">
        <ul>
          <li>Check that your stethoscope is paired and charged, and that your browser may use the microphone.</li>
          {builtFeatures.compatibilityTest && (
            <li>
              For live exams, run the{' '}
              <Link component={RouterLink} to={paths.compatibilityTest.getHref()}>
                compatibility test
              </Link>{' '}
              to check your browser, camera, microphone, stethoscope and network.
            </li>
          )}
          <li>If a page will not load, sign out, sign back in and try again.</li>
        </ul>
      </Section>
      <Section id="about" title="About Auscura">
        <p>
          Auscura is a web portal for healthcare providers who examine patients with a digital stethoscope. Heart and
          lung sounds are recorded in person, live over video, or by the patient at home, then reviewed, filtered,
          analysed and noted.
        </p>
        <ul>
          <li>Run exams in person, as live virtual exams, or as self exams started by you or by your patient.</li>
          <li>Manage patient profiles, schedule virtual exams and send self-exam requests.</li>
          <li>Listen to recordings in four variants with filter presets, see automated analysis and write notes.</li>
          <li>Review exams across your organization and ask a council of doctors for a second opinion.</li>
        </ul>
        <p>
          Patients take part through the patient portal only: virtual exams by link and access code, and self exams.
        </p>
      </Section>
    </InfoPage>
  );
}
