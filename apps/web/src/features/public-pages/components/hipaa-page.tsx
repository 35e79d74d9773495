import Link from '@mui/material/Link';
import { contactAddresses } from '../../../config/paths.ts';
import { InfoPage, Section } from './info-page.tsx';

export function HipaaPage() {
  return (
    <InfoPage
      title="Security and HIPAA"
      intro="Patient data deserves the highest protection. This is how Auscura keeps it safe."
    >
      <Section title="Policies">
        <p>
          We maintain written security policies covering access control, encryption, incident response and staff
          training, and we review them regularly. Access to production systems is limited to staff who need it and is
          logged.
        </p>
      </Section>
      <Section title="Encryption">
        <p>
          Recordings and data are encrypted at rest with 256-bit AES encryption, using keys managed separately from the
          data, and in transit with TLS.
        </p>
      </Section>
      <Section title="Backups">
        <p>
          Encrypted backups are taken daily. Backups are tested nightly by restoring them, so we know they work when
          they are needed.
        </p>
      </Section>
      <Section title="Business associate agreements">
        <p>
          We sign business associate agreements with our subcontractors and hosting providers, so every party that
          handles protected health information is bound by HIPAA obligations.
        </p>
      </Section>
      <Section title="Security contact">
        <p>
          To report a vulnerability or a security concern, email{' '}
          <Link href={`mailto:${contactAddresses.security}`}>{contactAddresses.security}</Link>. We respond promptly and
          keep you informed while we investigate.
        </p>
      </Section>
    </InfoPage>
  );
}
