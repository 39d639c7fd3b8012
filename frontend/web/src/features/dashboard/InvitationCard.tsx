import { Button, Icon, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../../shared/constants';
import { useToast } from '../../shared/toast/toast';
import { copyText } from './copyText';

export const LINK_COPIED = 'Invitation link copied to clipboard!';

/** The user's sign-up link with their referral code, and a Copy button. */
export function InvitationCard({ referralCode }: { referralCode: string }) {
  const toast = useToast();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}/signup?ref=${encodeURIComponent(referralCode)}`;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    if (await copyText(link, field.current)) {
      setCopied(true);
      toast.success(LINK_COPIED);
    } else {
      field.current?.select();
      toast.error('Could not copy the link. Please select it and copy it yourself.');
    }
  }

  return (
    <section
      className="kobo-card kobo-dashboard-section kobo-dashboard-invite"
      aria-labelledby="invite-title"
    >
      <div className="kobo-dashboard-invite-head">
        <span className="kobo-dashboard-invite-icon" aria-hidden="true">
          <Icon icon="people" size={18} />
        </span>
        <div>
          <h2 id="invite-title" className="kobo-dashboard-title">
            Invitation Link
          </h2>
          <p className="kobo-muted kobo-dashboard-lead">
            Invite friends with your link. You earn a referral bonus once their first task is approved.
          </p>
        </div>
      </div>
      <div className="kobo-dashboard-invite-row">
        <label htmlFor="invite-link" className="kobo-visually-hidden">
          Your invitation link
        </label>
        <InputGroup
          id="invite-link"
          inputRef={field}
          value={link}
          readOnly
          fill
          leftIcon="link"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          intent={copied ? Intent.SUCCESS : Intent.PRIMARY}
          icon={copied ? 'tick' : 'duplicate'}
          text={copied ? 'Copied' : 'Copy'}
          onClick={copy}
          aria-live="polite"
        />
      </div>
      <p className="kobo-muted kobo-dashboard-code">
        Your referral code: <strong>{referralCode}</strong>
      </p>
    </section>
  );
}
