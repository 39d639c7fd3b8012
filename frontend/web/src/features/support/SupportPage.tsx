import { AnchorButton, Icon } from '@blueprintjs/core';
import { errorMessage } from '../../shared/api/api';
import { AsOf, StaleNotice } from '../../shared/ui/LastKnown';
import { EMAIL_RESPONSE_TIME, SUPPORT_HOURS } from '../../shared/constants';
import { PageHeader } from '../../shared/ui/PageHeader';
import { PlatformIcon } from '../../shared/ui/PlatformIcon';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { useGetCommunityQuery } from './api';
import { contactLinks, socialLinks, type CommunityLink } from './community-links';
import './support.css';

const GUIDELINES = [
  'Be respectful to other members and to our team.',
  'One account per person.',
  'Complete every task honestly and upload your own, unedited screenshot.',
  'No spam, adverts or links to other earning schemes in our channels.',
  'Never share your password. Our team will never ask for it or for a payment.',
  'Report anyone who pretends to be Kobo staff to our support email.',
];

// The AnchorButtons here navigate, so they are links to assistive technology (Blueprint says button).
export function SupportPage() {
  // The panels below the contact cards wait for them, so they never jump down the page.
  const { isLoading } = useGetCommunityQuery();
  return (
    <main className="kobo-page kobo-support">
      <PageHeader
        title="Support & Community"
        subtitle="Get help from our team, find quick answers and join the Kobo community."
        actions={
          <AnchorButton
            role="link"
            href="/faq"
            target="_blank"
            rel="noopener"
            intent="primary"
            icon="help"
            endIcon="share"
            text="View FAQ"
            aria-label="View FAQ (opens in a new tab)"
          />
        }
      />
      <CommunityLinks />
      {isLoading ? null : (
        <div className="kobo-support-columns">
          <section className="kobo-card kobo-support-panel" aria-labelledby="support-guidelines">
            <h2 id="support-guidelines">
              <Icon icon="shield" aria-hidden /> Community guidelines
            </h2>
            <ul className="kobo-support-guidelines">
              {GUIDELINES.map((rule) => (
                <li key={rule}>
                  <Icon icon="tick" size={14} aria-hidden className="kobo-support-tick" />
                  <span>{rule}</span>
                </li>
              ))}
            </ul>
          </section>
          <section className="kobo-card kobo-support-panel" aria-labelledby="support-hours">
            <h2 id="support-hours">
              <Icon icon="time" aria-hidden /> Support hours
            </h2>
            <dl className="kobo-support-hours">
              {SUPPORT_HOURS.map((row) => (
                <div key={row.days}>
                  <dt>{row.days}</dt>
                  <dd className={row.hours === 'Closed' ? 'kobo-muted' : undefined}>{row.hours}</dd>
                </div>
              ))}
            </dl>
            <p className="kobo-support-note">
              <Icon icon="envelope" size={14} aria-hidden /> Email replies {EMAIL_RESPONSE_TIME}.
            </p>
          </section>
        </div>
      )}
    </main>
  );
}

function CommunityLinks() {
  const { data, error, isLoading, isFetching, fulfilledTimeStamp, refetch } = useGetCommunityQuery();
  if (isLoading && !error) return <LoadingState label="Loading contact details..." />;
  if (!data)
    return (
      <section className="kobo-card kobo-support-panel kobo-support-section">
        <ErrorState
          title="Contact details unavailable"
          message={errorMessage(error, 'We could not load our contact details. Please try again.')}
          onRetry={isFetching ? undefined : () => void refetch()}
        />
      </section>
    );

  const contacts = contactLinks(data);
  const socials = socialLinks(data);
  return (
    <>
      <section aria-labelledby="support-contact" className="kobo-support-section">
        <h2 id="support-contact" className="kobo-support-heading">
          Contact us
          <AsOf fulfilledTimeStamp={fulfilledTimeStamp} />
        </h2>
        <StaleNotice read={{ data, error, fulfilledTimeStamp, isFetching, refetch }} />
        {contacts.length === 0 ? (
          <div className="kobo-card kobo-support-panel">
            <EmptyState
              icon="envelope"
              title="No contact channels yet"
              description="Our contact details will appear here soon. Meanwhile, the FAQ answers most questions."
            />
          </div>
        ) : (
          <ul className="kobo-grid kobo-support-contacts">
            {contacts.map((contact) => (
              <ContactCard key={contact.key} contact={contact} />
            ))}
          </ul>
        )}
      </section>
      {socials.length > 0 ? (
        <section aria-labelledby="support-social" className="kobo-support-section">
          <h2 id="support-social" className="kobo-support-heading">
            Follow us
          </h2>
          <div className="kobo-support-social">
            {socials.map((social) => (
              <AnchorButton
                role="link"
                key={social.key}
                href={social.href}
                target="_blank"
                rel="noopener noreferrer"
                icon={social.platform ? <PlatformIcon platform={social.platform} size={18} /> : social.icon}
                text={social.label}
                variant="outlined"
                aria-label={`${social.label}: ${social.description} (opens in a new tab)`}
              />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}

function ContactCard({ contact }: { contact: CommunityLink }) {
  const isEmail = contact.key === 'email';
  return (
    <li className="kobo-card kobo-support-contact">
      <div className="kobo-support-contact-head">
        {contact.platform ? (
          <PlatformIcon platform={contact.platform} size={38} />
        ) : (
          <span className="kobo-support-icon" aria-hidden>
            <Icon icon={contact.icon} size={18} />
          </span>
        )}
        <h3>{contact.label}</h3>
      </div>
      <p className="kobo-support-contact-text">{contact.description}</p>
      {isEmail ? <p className="kobo-support-small kobo-muted">We reply {EMAIL_RESPONSE_TIME}.</p> : null}
      <AnchorButton
        role="link"
        href={contact.href}
        variant="outlined"
        fill
        icon={isEmail ? 'envelope' : 'share'}
        text={isEmail ? 'Send email' : 'Join channel'}
        aria-label={
          isEmail
            ? `Send email to ${contact.description}`
            : `Join channel: ${contact.label} (opens in a new tab)`
        }
        {...(isEmail ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
      />
    </li>
  );
}
