import { Icon, Spinner } from '@blueprintjs/core';
import { useRef } from 'react';
import { useInView } from '../../shared/ui/useInView';
import { useGetProofLinkQuery } from './api';

/**
 * A proof screenshot through its short-lived signed link (docs/api/campaigns.md, /uploads/link):
 * the thumbnail on a card, the original in the dialog. A thumbnail asks for its link only once
 * its card comes near the screen.
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
  const box = useRef<HTMLSpanElement>(null);
  const near = useInView(box);
  const link = useGetProofLinkQuery(proofKey ? { key: proofKey, thumb } : { key: '' }, {
    skip: !proofKey || (thumb && !near),
  });
  if (proofKey && thumb && !near) return <span ref={box} className="kobo-review-thumb-wait" aria-hidden />;
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
  return (
    <img
      src={link.data.url}
      alt={alt}
      decoding="async"
      className={thumb ? 'kobo-review-thumb' : 'kobo-review-proof'}
    />
  );
}
