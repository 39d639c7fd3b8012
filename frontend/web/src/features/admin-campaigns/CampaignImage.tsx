import { PlatformIcon } from '../../shared/ui/PlatformIcon';
import { platformOf } from '../campaigns/platforms';
import { useGetProofLinkQuery } from '../admin-review/api';

/**
 * A campaign's guide image through its short-lived link (docs/api/campaigns.md, /uploads/link), or
 * the platform's mark when it has none or the link cannot be had.
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
  return (
    <span className="kobo-admin-campaigns-image kobo-admin-campaigns-image-icon" aria-hidden>
      <PlatformIcon platform={platformOf(platform).key} size={32} />
    </span>
  );
}
