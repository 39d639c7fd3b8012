import { Icon } from '@blueprintjs/core';
import { platformOf } from '../tasks/platforms';
import { useGetProofLinkQuery } from '../admin-review/api';

/**
 * A campaign's guide image through its short-lived link (docs/api/tasks.md, /uploads/link), or
 * the platform's icon when it has none or the link cannot be had.
 */
export function CampaignImage({
  imageKey,
  platform,
  thumb = true,
  alt = '',
}: {
  imageKey: string | null;
  platform: string;
  thumb?: boolean;
  alt?: string;
}) {
  const link = useGetProofLinkQuery({ key: imageKey ?? '', thumb }, { skip: !imageKey });
  if (imageKey && link.data)
    return <img className="kobo-admin-campaigns-image" src={link.data.url} alt={alt} loading="lazy" />;
  const { icon, color } = platformOf(platform);
  return (
    <span className="kobo-admin-campaigns-image kobo-admin-campaigns-image-icon" aria-hidden>
      <Icon icon={icon} size={28} style={{ color }} />
    </span>
  );
}
