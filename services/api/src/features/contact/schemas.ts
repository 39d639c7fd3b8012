/** The contact form (docs/product/api-contract.md#user-calls: fullName, email, subject, message; all required). */
import { z } from 'zod';

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const contactBody = z.object({
  fullName: requiredText('Full name', 100),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Please enter a valid email address.')),
  // One line: it becomes the email's subject header.
  subject: requiredText('Subject', 200).transform((subject) => subject.replace(/[\r\n]+/g, ' ')),
  message: requiredText('Message', 5000),
});

export type ContactMessage = z.output<typeof contactBody>;

export const contactSentResponse = z.object({ message: z.string() }).meta({ id: 'ContactSent' });
