import { AnchorButton, Button, Dialog, DialogBody, DialogFooter, Intent, Spinner } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useGetCommunityQuery } from '../support/api';
import { useWelcomePopup, welcomeChannel } from './welcome';

/** The first-visit welcome, inviting the user to the product's official channel group. */
export function WelcomePopup({ username }: { username?: string }) {
  const { isOpen, close } = useWelcomePopup();
  const { data: community, isLoading } = useGetCommunityQuery(undefined, { skip: !isOpen });
  const channel = community ? welcomeChannel(community) : null;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={username ? `Welcome to Kobo, ${username}!` : 'Welcome to Kobo!'}
      icon="hand"
      className="kobo-dashboard-welcome"
    >
      <DialogBody>
        <p>
          You are all set. Complete simple tasks, watch your balance grow, and withdraw straight to your
          Nigerian bank account.
        </p>
        {isLoading ? (
          <div className="kobo-muted kobo-dashboard-welcome-wait">
            <Spinner size={14} aria-hidden /> Finding our community channel...
          </div>
        ) : channel ? (
          <p>
            Join our official {channel.name} channel to hear first about new tasks, payouts and tips, and to
            get help from the team.
          </p>
        ) : (
          <p>
            Find our official channels and support on the{' '}
            <Link to="/dashboard/support" onClick={close}>
              Support &amp; Community
            </Link>{' '}
            page.
          </p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button variant="minimal" text={channel ? 'Maybe later' : 'Close'} onClick={close} />
            {channel ? (
              <AnchorButton
                intent={Intent.SUCCESS}
                icon="chat"
                href={channel.href}
                target="_blank"
                rel="noopener noreferrer"
                text={`Join ${channel.name} Channel`}
                onClick={close}
              />
            ) : null}
          </>
        }
      />
    </Dialog>
  );
}
