import { Icon, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** A figure with its label (balances, totals). The value is the server's, formatted by the caller. */
export function StatCard({
  label,
  value,
  hint,
  icon,
  tone = 'default',
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: IconName;
  tone?: 'default' | 'brand';
}) {
  return (
    <section
      className={`kobo-card kobo-stat${tone === 'brand' ? ' kobo-stat-brand' : ''}`}
      aria-label={label}
      style={
        tone === 'brand'
          ? { background: 'var(--kobo-brand)', color: '#fff', borderColor: 'transparent' }
          : undefined
      }
    >
      <p className="kobo-stat-label" style={tone === 'brand' ? { color: '#fff' } : undefined}>
        {icon ? <Icon icon={icon} size={14} style={{ marginRight: 6 }} /> : null}
        {label}
      </p>
      <p className="kobo-stat-value">{value}</p>
      {hint ? (
        <p className="kobo-stat-hint" style={tone === 'brand' ? { color: '#fff' } : undefined}>
          {hint}
        </p>
      ) : null}
    </section>
  );
}
