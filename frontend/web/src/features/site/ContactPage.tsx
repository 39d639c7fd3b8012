/**
 * Contact (/contact): the message form and the ways to reach support. Success only when the
 * server answers 'Message sent successfully!' (docs/product/api-contract.md#user-calls); a failure shows the
 * server's message with the standard sentence.
 */
import { Button, FormGroup, Icon, InputGroup, TextArea, type IconName } from '@blueprintjs/core';
import { Fragment, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import { EMAIL_RESPONSE_TIME, SUPPORT_HOURS } from '../../shared/constants';
import { useToast } from '../../shared/toast/toast';
import { useSendContactMessageMutation, type ContactMessage } from './api';
import { SitePageHero } from './components';
import {
  CONTACT_FAILURE_TOAST,
  CONTACT_LIMITS,
  CONTACT_SENT,
  CONTACT_SUCCESS_TOAST,
  EMPTY_CONTACT,
  validateContact,
  type ContactErrors,
  type ContactField,
} from './contact-form';
import { usePageTitle } from './usePageTitle';
import './site.css';

export function ContactPage() {
  usePageTitle('Contact');
  return (
    <>
      <SitePageHero eyebrow="Contact" title="Get in touch">
        <p>
          Questions about a task, a withdrawal or your account? Send us a message and we will reply{' '}
          {EMAIL_RESPONSE_TIME}.
        </p>
      </SitePageHero>
      <div className="kobo-site-section">
        <div className="kobo-site-container kobo-site-contact">
          <ContactForm />
          <ContactInformation />
        </div>
      </div>
    </>
  );
}

export function ContactForm() {
  const toast = useToast();
  const [send, { isLoading }] = useSendContactMessageMutation();
  const [values, setValues] = useState<ContactMessage>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});
  const form = useRef<HTMLFormElement>(null);

  const change = (field: ContactField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's message goes away as soon as the person edits it.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusFirstError = (found: ContactErrors) => {
    const first = (['fullName', 'email', 'subject', 'message'] as const).find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(found);
    const body = {
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
    };
    try {
      const answer = await send(body).unwrap();
      if (answer.message !== CONTACT_SENT) throw { data: answer };
      toast.success(CONTACT_SUCCESS_TOAST);
      setValues(EMPTY_CONTACT);
      setErrors({});
    } catch (error) {
      const server = errorMessage(error, '');
      toast.error(CONTACT_FAILURE_TOAST, server ? { title: server } : undefined);
      const fromServer = fieldErrors(error) as ContactErrors;
      if (Object.keys(fromServer).length > 0) {
        setErrors(fromServer);
        focusFirstError(fromServer);
      }
    }
  };

  const field = (name: ContactField) => ({
    id: `kobo-contact-${name}`,
    name,
    value: values[name],
    maxLength: CONTACT_LIMITS[name],
    disabled: isLoading,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `kobo-contact-${name}-error` : undefined,
    intent: errors[name] ? ('danger' as const) : ('none' as const),
  });
  const helper = (name: ContactField) =>
    errors[name] ? <span id={`kobo-contact-${name}-error`}>{errors[name]}</span> : undefined;

  return (
    <form
      ref={form}
      className="kobo-card kobo-site-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="kobo-contact-title"
    >
      <h2 id="kobo-contact-title">Send us a message</h2>
      <p>All fields are required.</p>
      <div className="kobo-site-form-row">
        <FormGroup
          label="Full name"
          labelFor="kobo-contact-fullName"
          helperText={helper('fullName')}
          intent={errors.fullName ? 'danger' : 'none'}
        >
          <InputGroup {...field('fullName')} autoComplete="name" onValueChange={change('fullName')} />
        </FormGroup>
        <FormGroup
          label="Email"
          labelFor="kobo-contact-email"
          helperText={helper('email')}
          intent={errors.email ? 'danger' : 'none'}
        >
          <InputGroup {...field('email')} type="email" autoComplete="email" onValueChange={change('email')} />
        </FormGroup>
      </div>
      <FormGroup
        label="Subject"
        labelFor="kobo-contact-subject"
        helperText={helper('subject')}
        intent={errors.subject ? 'danger' : 'none'}
      >
        <InputGroup {...field('subject')} onValueChange={change('subject')} />
      </FormGroup>
      <FormGroup
        label="Message"
        labelFor="kobo-contact-message"
        helperText={helper('message')}
        intent={errors.message ? 'danger' : 'none'}
      >
        <TextArea
          {...field('message')}
          fill
          rows={6}
          placeholder="Tell us how we can help. For a task or withdrawal, include its date and amount."
          onChange={(event) => change('message')(event.target.value)}
        />
      </FormGroup>
      <div className="kobo-site-form-foot">
        <p>We reply by email {EMAIL_RESPONSE_TIME}.</p>
        <Button
          type="submit"
          intent="primary"
          size="large"
          icon="send-message"
          loading={isLoading}
          text={isLoading ? 'Sending...' : 'Send Message'}
        />
      </div>
    </form>
  );
}

function InfoCard({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <section className="kobo-site-card" aria-label={title}>
      <span className="kobo-site-card-icon">
        <Icon icon={icon} size={20} aria-hidden />
      </span>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

function ContactInformation() {
  return (
    <aside className="kobo-site-info" aria-labelledby="kobo-contact-info-title">
      <h2 id="kobo-contact-info-title" className="kobo-visually-hidden">
        Other ways to get help
      </h2>
      <InfoCard icon="envelope" title="Email support">
        <p>Every message gets a personal reply {EMAIL_RESPONSE_TIME}.</p>
      </InfoCard>
      <InfoCard icon="time" title="Support hours">
        <dl className="kobo-site-hours">
          {SUPPORT_HOURS.map((row) => (
            <Fragment key={row.days}>
              <dt>{row.days}</dt>
              <dd>{row.hours}</dd>
            </Fragment>
          ))}
        </dl>
      </InfoCard>
      <InfoCard icon="help" title="Quick answers">
        <p>Most questions about tasks, balances and withdrawals are answered in the FAQ.</p>
        <Link to="/faq" className="kobo-site-card-link">
          <span>Search the FAQ</span>
          <Icon icon="arrow-right" size={14} aria-hidden />
        </Link>
      </InfoCard>
      <InfoCard icon="shield" title="Stay safe">
        <p>
          Kobo staff will never ask for your password or for a payment. Never share your password with anyone.
        </p>
      </InfoCard>
    </aside>
  );
}
