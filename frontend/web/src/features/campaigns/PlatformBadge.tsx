import { PlatformIcon } from '../../shared/ui/PlatformIcon';
import { platformOf } from './platforms';

/** A platform's mark and label ('Google Play Store'), as on the cards, the dialog and the list. */
export function PlatformBadge({ platform, compact = false }: { platform: string; compact?: boolean }) {
  const { key, label } = platformOf(platform);
  return (
    <span className={`kobo-campaigns-platform${compact ? ' kobo-campaigns-platform-compact' : ''}`}>
      <PlatformIcon platform={key} size={compact ? 18 : 26} className="kobo-campaigns-platform-icon" />
      <span className="kobo-campaigns-platform-label">{label}</span>
    </span>
  );
}
