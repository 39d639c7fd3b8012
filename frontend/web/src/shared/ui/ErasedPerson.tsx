import { formatDate, formatDateTime } from '../dates';

/**
 * A person whose account was deleted: their personal data is erased and the server names them
 * "Deleted user". This says when, in the screens' date style: 'erased 28 Nov 2026'.
 */
export function erasedText(erasedAt: string): string {
  return `erased ${formatDate(erasedAt)}`;
}

/** 'erased 28 Nov 2026', muted, with the full time on hover; shown where a username or email would be. */
export function ErasedNote({ erasedAt, className }: { erasedAt: string; className?: string }) {
  return (
    <span className={['kobo-muted', className].filter(Boolean).join(' ')}>
      erased{' '}
      <time dateTime={erasedAt} title={formatDateTime(erasedAt)}>
        {formatDate(erasedAt)}
      </time>
    </span>
  );
}

/** A person's name in a line of text, followed by '(erased 28 Nov 2026)' when they were erased. */
export function PersonName({ fullName, erasedAt }: { fullName: string; erasedAt: string | null }) {
  return (
    <>
      {fullName}
      {erasedAt ? (
        <>
          {' '}
          (<ErasedNote erasedAt={erasedAt} />)
        </>
      ) : null}
    </>
  );
}
