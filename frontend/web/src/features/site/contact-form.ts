/** The contact form's rules (docs/product/user-site.md#form-rules: every field required). */
import type { ContactMessage } from './api';

export type ContactField = keyof ContactMessage;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const EMPTY_CONTACT: ContactMessage = { fullName: '', email: '', subject: '', message: '' };

export const CONTACT_SENT = 'Message sent successfully!';
export const CONTACT_SUCCESS_TOAST =
  "Your message has been sent successfully! We'll get back to you within 24 hours.";
export const CONTACT_FAILURE_TOAST = 'There was an error sending your message. Please try again.';

// The server's own limits (services/api contact schema).
export const CONTACT_LIMITS: Record<ContactField, number> = {
  fullName: 100,
  email: 254,
  subject: 200,
  message: 5000,
};

const LABELS: Record<ContactField, string> = {
  fullName: 'Full name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message for each field that is not acceptable yet (empty when the form can be sent). */
export function validateContact(values: ContactMessage): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of Object.keys(LABELS) as ContactField[]) {
    const value = values[field].trim();
    if (!value) errors[field] = `${LABELS[field]} is required`;
    else if (value.length > CONTACT_LIMITS[field])
      errors[field] = `${LABELS[field]} must be at most ${CONTACT_LIMITS[field]} characters`;
  }
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = 'Please enter a valid email address.';
  return errors;
}
