import { Tag, type Intent } from '@blueprintjs/core';

/** `deleted`: an erased account (the server's status is what it was before). */
const INTENT: Record<string, Intent> = {
  active: 'success',
  inactive: 'none',
  suspended: 'danger',
  deleted: 'none',
};

export function UserStatusTag({ status }: { status: string }) {
  return (
    <Tag minimal round intent={INTENT[status] ?? 'none'}>
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Tag>
  );
}
