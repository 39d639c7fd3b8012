import { Icon } from '@blueprintjs/core';
import { platformOf } from './platforms';

/** A platform's icon and label ('Google Play Store'), as on the cards, the dialog and the list. */
export function PlatformBadge({ platform, compact = false }: { platform: string; compact?: boolean }) {
  const { label, icon, color } = platformOf(platform);
  return (
    <span className={`kobo-tasks-platform${compact ? ' kobo-tasks-platform-compact' : ''}`}>
      <span className="kobo-tasks-platform-icon" style={{ color }} aria-hidden="true">
        <Icon icon={icon} size={compact ? 12 : 14} />
      </span>
      <span className="kobo-tasks-platform-label">{label}</span>
    </span>
  );
}
