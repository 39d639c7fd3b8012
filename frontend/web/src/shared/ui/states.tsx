/**
 * Loading, empty and error states, the same on every view. Errors offer a retry when the view
 * can refetch.
 */
import { Button, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" style={{ padding: '48px 0', textAlign: 'center' }}>
      <Spinner size={32} aria-hidden />
      <p className="kobo-muted" style={{ marginTop: 12 }}>
        {label}
      </p>
    </div>
  );
}

export function EmptyState({
  title,
  description,
  icon = 'inbox',
  action,
}: {
  title: string;
  description?: ReactNode;
  icon?: IconName;
  action?: ReactNode;
}) {
  return (
    <NonIdealState
      icon={icon}
      title={title}
      description={description}
      action={action as never}
      layout="vertical"
    />
  );
}

export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <div role="alert">
      <NonIdealState
        icon="error"
        title={title}
        description={message}
        action={onRetry ? <Button icon="refresh" text="Try again" onClick={onRetry} /> : undefined}
      />
    </div>
  );
}
