import { Button } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../../shared/constants';

export function shortHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash;
}

/** A hash, shortened on screen; the full value on hover, for screen readers and on copy. */
export function HashText({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard (insecure page, refused): the full value stays selectable in the title.
    }
  }

  return (
    <span className="kobo-statement-hash">
      <code title={value}>
        <span aria-hidden>{shortHash(value)}</span>
        <span className="kobo-visually-hidden">{value}</span>
      </code>
      <Button
        size="small"
        variant="minimal"
        icon={copied ? 'tick' : 'duplicate'}
        aria-label={copied ? `${label} copied` : `Copy ${label}`}
        title={copied ? 'Copied' : `Copy ${label}`}
        onClick={() => void copy()}
      />
    </span>
  );
}
