/**
 * The bell in the user frame's top bar: the unread count on it, and the notification centre in a
 * drawer (from the right on wide screens, the whole width on phones). Opening it marks what it
 * shows read; those stay highlighted as new until it closes.
 */
import { Button, Drawer, Icon, Position, type IconName, type Intent } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../shared/api/api';
import { formatDateTime } from '../../shared/dates';
import { ErrorState, EmptyState, LoadingState } from '../../shared/ui/states';
import { withdrawalStateLook } from '../../shared/withdrawal-states';
import { useGetNotificationsQuery, useMarkNotificationsReadMutation, type Notification } from './api';
import './notifications.css';

const PAGE_SIZE = 20;

/** '3', or '9+' past nine: the badge stays one small round. */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}

export function NotificationBell() {
  const { data } = useGetNotificationsQuery({ pageSize: PAGE_SIZE });
  const [open, setOpen] = useState(false);
  const unread = data?.unreadCount ?? 0;
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <>
      <Button
        className="kobo-bell"
        variant="minimal"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Icon icon="notifications" size={18} aria-hidden />
        {unread ? (
          <span className="kobo-bell-badge" data-testid="notification-badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        ) : null}
      </Button>
      <Drawer
        isOpen={open}
        onClose={() => setOpen(false)}
        position={Position.RIGHT}
        size="min(400px, 100vw)"
        title="Notifications"
        icon="notifications"
        className="kobo-notifications-drawer"
      >
        {open ? <NotificationCentre onLeave={() => setOpen(false)} /> : null}
      </Drawer>
    </>
  );
}

/** The list while the drawer is open: the first page, then older pages on request. */
export function NotificationCentre({ onLeave }: { onLeave: () => void }) {
  const first = useGetNotificationsQuery({ pageSize: PAGE_SIZE });
  const [markRead] = useMarkNotificationsReadMutation();
  const [older, setOlder] = useState<string[]>([]);
  // What was unread when the centre opened: still shown as new while it stays open.
  const fresh = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!first.data || fresh.current) return;
    const unread = first.data.notifications.filter((n) => !n.readAt).map((n) => n.id);
    fresh.current = new Set(unread);
    if (unread.length) void markRead({ ids: unread });
  }, [first.data, markRead]);

  if (first.isLoading) return <LoadingState label="Loading your notifications..." />;
  if (!first.data)
    return (
      <ErrorState
        title="Your notifications could not be loaded"
        message={errorMessage(first.error, 'Please check your connection and try again.')}
        onRetry={() => void first.refetch()}
      />
    );
  const page = first.data;
  return (
    <div className="kobo-notifications">
      <div className="kobo-notifications-bar">
        <span className="kobo-muted" role="status">
          {page.unreadCount ? `${page.unreadCount} unread` : 'All read'}
        </span>
        <Button
          variant="minimal"
          size="small"
          icon="tick"
          text="Mark all as read"
          disabled={!page.unreadCount}
          onClick={() => void markRead({})}
        />
      </div>
      {page.notifications.length === 0 ? (
        <EmptyState
          icon="notifications"
          title="No notifications yet"
          description="When a proof is reviewed or your withdrawal moves, you will see it here."
        />
      ) : (
        <ul className="kobo-notification-list" aria-label="Notifications">
          <NotificationItems items={page.notifications} fresh={fresh.current} onLeave={onLeave} />
          {older.map((before) => (
            <OlderPage
              key={before}
              before={before}
              fresh={fresh.current}
              onLeave={onLeave}
              onMore={(next) => setOlder((list) => [...list, next])}
              last={before === older[older.length - 1]}
            />
          ))}
        </ul>
      )}
      {page.next && older.length === 0 ? (
        <Button
          className="kobo-notifications-more"
          variant="outlined"
          fill
          text="Show older"
          onClick={() => setOlder([page.next!])}
        />
      ) : null}
    </div>
  );
}

function OlderPage({
  before,
  fresh,
  onLeave,
  onMore,
  last,
}: {
  before: string;
  fresh: Set<string> | null;
  onLeave: () => void;
  onMore: (next: string) => void;
  last: boolean;
}) {
  const { data, isLoading, error, refetch } = useGetNotificationsQuery({ pageSize: PAGE_SIZE, before });
  if (isLoading)
    return (
      <li>
        <LoadingState label="Loading older notifications..." />
      </li>
    );
  if (!data)
    return (
      <li>
        <ErrorState
          message={errorMessage(error, 'Please check your connection and try again.')}
          onRetry={() => void refetch()}
        />
      </li>
    );
  return (
    <>
      <NotificationItems items={data.notifications} fresh={fresh} onLeave={onLeave} />
      {last && data.next ? (
        <li>
          <Button
            className="kobo-notifications-more"
            variant="outlined"
            fill
            text="Show older"
            onClick={() => onMore(data.next!)}
          />
        </li>
      ) : null}
    </>
  );
}

function NotificationItems({
  items,
  fresh,
  onLeave,
}: {
  items: Notification[];
  fresh: Set<string> | null;
  onLeave: () => void;
}) {
  return (
    <>
      {items.map((notification) => {
        const isNew = !notification.readAt || Boolean(fresh?.has(notification.id));
        const look = iconOf(notification);
        return (
          <li key={notification.id} className={isNew ? 'kobo-notification is-new' : 'kobo-notification'}>
            <Link to={notification.link} className="kobo-notification-link" onClick={onLeave}>
              <Icon
                icon={look.icon}
                intent={look.intent}
                size={16}
                aria-hidden
                className="kobo-notification-icon"
              />
              <span className="kobo-notification-text">
                <span className="kobo-notification-title">
                  {notification.title}
                  {isNew ? <span className="kobo-visually-hidden"> (new)</span> : null}
                </span>
                <span className="kobo-notification-body">{notification.body}</span>
                <time className="kobo-notification-time" dateTime={notification.createdAt}>
                  {formatDateTime(notification.createdAt)}
                </time>
              </span>
            </Link>
          </li>
        );
      })}
    </>
  );
}

function iconOf(notification: Notification): { icon: IconName; intent: Intent } {
  if (notification.withdrawalState) return withdrawalStateLook(notification.withdrawalState);
  switch (notification.kind) {
    case 'proof_approved':
      return { icon: 'tick-circle', intent: 'success' };
    case 'proof_rejected':
      return { icon: 'cross-circle', intent: 'danger' };
    case 'referral_bonus':
      return { icon: 'people', intent: 'primary' };
    default:
      return { icon: 'notifications', intent: 'none' };
  }
}
