import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { contactAddresses } from '../../../config/paths.ts';
import { InfoPage, Section } from './info-page.tsx';

export function ContactPage() {
  return (
    <InfoPage title="Contact" intro="Questions about Auscura for your practice, partnerships or press? Get in touch.">
      <Section title="General enquiries">
        <p>
          Email <Link href={`mailto:${contactAddresses.contact}`}>{contactAddresses.contact}</Link> and we will reply
          within two business days.
        </p>
        <Button variant="contained" href={`mailto:${contactAddresses.contact}?subject=Auscura%20enquiry`}>
          Email us
        </Button>
      </Section>
      <Section title="Help with the product">
        <p>
          If you already use Auscura and something does not work, write to{' '}
          <Link href={`mailto:${contactAddresses.support}`}>{contactAddresses.support}</Link> instead so it reaches the
          support team directly.
        </p>
      </Section>
      <Section title="Security">
        <p>
          To report a security concern, email{' '}
          <Link href={`mailto:${contactAddresses.security}`}>{contactAddresses.security}</Link>.
        </p>
      </Section>
    </InfoPage>
  );
}
