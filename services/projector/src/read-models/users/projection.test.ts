/** The users projection as a pure function: given one recorded event, its row operations. */
import { recorded, registration, setOf } from '../../../test/support';
import { users } from './projection';

describe('users', () => {
  it('registers a user as active, and deletion only flags the row', () => {
    expect(users.handle(registration(0))).toEqual([
      expect.objectContaining({
        kind: 'insert',
        row: expect.objectContaining({ status: 'active', deleted: false }),
      }),
    ]);
    expect(
      users
        .handle(
          recorded({ type: 'UserDeleted', data: { userId: 'u1', by: { role: 'admin', id: 'a1' } as const } }),
        )
        .map(setOf),
    ).toEqual([expect.objectContaining({ deleted: true, deleted_by: 'a1', deleted_reason: null })]);
  });

  it("keeps the admin's reason for a deletion", () => {
    const by = { role: 'admin', id: 'a1' } as const;
    const deleted = recorded({
      type: 'UserDeleted',
      data: { userId: 'u1', by, reason: 'Duplicate account' },
    });
    expect(users.handle(deleted).map(setOf)).toEqual([
      expect.objectContaining({
        deleted: true,
        deleted_reason: 'Duplicate account',
        first_name: 'Deleted user',
      }),
    ]);
  });
});
