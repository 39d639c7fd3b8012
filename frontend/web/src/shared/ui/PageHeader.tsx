import type { ReactNode } from 'react';

/**
 * A page's title, an optional line under it, and actions on the right. One h1 per page. `note`
 * sits beside the title, small and muted (the "as of 14:05" of last-known data).
 */
export function PageHeader({
  title,
  subtitle,
  actions,
  note,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  note?: ReactNode;
}) {
  return (
    <header className="kobo-page-header">
      <div>
        <h1>
          {title}
          {note}
        </h1>
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
      {actions ? <div>{actions}</div> : null}
    </header>
  );
}
