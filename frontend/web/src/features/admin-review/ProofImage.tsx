import { Icon, Spinner } from '@blueprintjs/core';
import { useGetProofLinkQuery } from './api';

/**
 * A proof screenshot through its short-lived signed link (docs/api/tasks.md, /uploads/link):
 * the thumbnail on a card, the original in the dialog.
 */
export function ProofImage({
  proofKey,
  thumb,
  alt,
}: {
  proofKey: string | null;
  thumb?: boolean;
  alt: string;
}) {
  const link = useGetProofLinkQuery(proofKey ? { key: proofKey, thumb } : { key: '' }, { skip: !proofKey });
  if (!proofKey)
    return (
      <span className="kobo-review-proof-missing">
        <Icon icon="media" aria-hidden /> No screenshot
      </span>
    );
  if (link.isLoading) return <Spinner size={thumb ? 20 : 40} aria-label="Loading screenshot" />;
  if (!link.data)
    return (
      <span className="kobo-review-proof-missing" role={thumb ? undefined : 'alert'}>
        <Icon icon="error" aria-hidden /> Screenshot unavailable
      </span>
    );
  return <img src={link.data.url} alt={alt} className={thumb ? 'kobo-review-thumb' : 'kobo-review-proof'} />;
}
