import { ContactPage } from '../../../features/public-pages/components/contact-page.tsx';

export default ContactPage;
