import { limits } from '@auscura/contracts';
import { z } from 'zod';

/**
 * The shared email rule with its messages (clinician-portal §5, 'Email address'; exams-and-devices
 * §5 uses it for patients and Send Access Info): every form that takes an address uses this one.
 */
export const emailAddressRule = z
  .string()
  .trim()
  .min(1, 'Email address is required.')
  .max(limits.emailMaxLength, `Email address may not exceed ${limits.emailMaxLength} characters.`)
  .pipe(z.email('Invalid email address.'));
