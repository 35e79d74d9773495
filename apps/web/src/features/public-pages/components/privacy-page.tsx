import Link from '@mui/material/Link';
import { contactAddresses } from '../../../config/paths.ts';
import { InfoPage, Section } from './info-page.tsx';

export function PrivacyPage() {
  return (
    <InfoPage
      title="Privacy Policy"
      updated="August 1, 2023"
      intro="This policy explains what information Auscura collects, why, and how it is protected."
    >
      <Section title="HIPAA">
        <p>
          Auscura handles protected health information on behalf of healthcare providers and follows the Health
          Insurance Portability and Accountability Act (HIPAA). We act as a business associate of the organizations we
          serve and use health information only to provide the service to them.
        </p>
      </Section>
      <Section title="Information we collect">
        <ul>
          <li>
            <strong>Personally identifiable information</strong>: names, email addresses and account details of
            providers, and the patient details a provider enters, such as name, date of birth and email address.
          </li>
          <li>
            <strong>Medical information</strong>: auscultation recordings, exam notes and the results of automated
            analysis.
          </li>
          <li>
            <strong>Usage data</strong>: pages visited, device and browser type, and error reports that help us keep the
            service reliable. Error reports do not contain patient data.
          </li>
        </ul>
      </Section>
      <Section title="Payment information">
        <p>We do not store card numbers. Payments, where they apply, are handled by a payment processor.</p>
      </Section>
      <Section title="How information is shared">
        <p>
          We do not sell personal information. We share it only with the people a provider chooses (for example a
          council of doctors asked for a second opinion, who see the patient masked), with subcontractors bound by
          business associate agreements, and where the law requires it.
        </p>
      </Section>
      <Section title="Children">
        <p>
          The service is not directed at anyone under 18, and we do not knowingly collect information from them as
          users. Patient information about minors is entered only by their healthcare providers.
        </p>
      </Section>
      <Section title="Contact">
        <p>
          Questions about this policy:{' '}
          <Link href={`mailto:${contactAddresses.contact}`}>{contactAddresses.contact}</Link>.
        </p>
      </Section>
    </InfoPage>
  );
}
