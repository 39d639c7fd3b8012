import { Tag, type Intent } from '@blueprintjs/core';

const INTENT: Record<string, Intent> = { active: 'success', inactive: 'none', suspended: 'danger' };

export function UserStatusTag({ status }: { status: string }) {
  return (
    <Tag minimal round intent={INTENT[status] ?? 'none'}>
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Tag>
  );
}
