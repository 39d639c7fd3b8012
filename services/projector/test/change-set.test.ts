import { BatchChanges, tableSpecs } from '../src/batch/change-set';
import { ops } from '../src/projection';

const specs = tableSpecs([
  {
    tables: [
      { name: 'accounts', key: ['account'] },
      { name: 'entries', key: ['position', 'index'] },
    ],
  },
]);

const rowsOf = (changes: BatchChanges, set = 0, table = 'accounts') =>
  [...changes.sets[set]!.tables.get(table)!.rows.values()].map((pending) => ({
    kind: pending.kind,
    row: pending.row,
    adds: [...(pending.adds ?? [])].sort(),
  }));

describe('merging the row operations of a batch', () => {
  it('sums increments and keeps the last value per key', () => {
    const changes = new BatchChanges(specs);
    changes.add(
      ops.upsert('accounts', { account: 'a' }, { set: { last: 1 }, add: { balance: 100, entries: 1 } }),
    );
    changes.add(
      ops.upsert('accounts', { account: 'a' }, { set: { last: 2 }, add: { balance: -30, entries: 1 } }),
    );
    changes.add(ops.upsert('accounts', { account: 'b' }, { add: { balance: 5 } }));
    expect(changes.sets).toHaveLength(1);
    expect(rowsOf(changes)).toEqual([
      {
        kind: 'upsert',
        row: { account: 'a', last: 2, balance: 70, entries: 2 },
        adds: ['balance', 'entries'],
      },
      { kind: 'upsert', row: { account: 'b', balance: 5 }, adds: ['balance'] },
    ]);
  });

  it('folds updates into an insert of the same batch, increments onto the inserted value', () => {
    const changes = new BatchChanges(specs);
    changes.add(ops.insert('accounts', { account: 'a', status: 'pending', pending: 0 }));
    changes.add(
      ops.update(
        'accounts',
        { account: 'a' },
        { set: { status: 'approved' }, add: { pending: 1, approved: 1 } },
      ),
    );
    expect(rowsOf(changes)).toEqual([
      { kind: 'insert', row: { account: 'a', status: 'approved', pending: 1, approved: 1 }, adds: [] },
    ]);
  });

  it('turns a value set after an increment into a plain value', () => {
    const changes = new BatchChanges(specs);
    changes.add(ops.update('accounts', { account: 'a' }, { add: { balance: 10 } }));
    changes.add(ops.update('accounts', { account: 'a' }, { set: { balance: 3 } }));
    changes.add(ops.update('accounts', { account: 'a' }, { add: { balance: 2 } }));
    expect(rowsOf(changes)).toEqual([{ kind: 'update', row: { account: 'a', balance: 5 }, adds: [] }]);
  });

  it('leaves a column alone when its new value is undefined', () => {
    const changes = new BatchChanges(specs);
    changes.add(ops.update('accounts', { account: 'a' }, { set: { name: 'Ada', phone: '080' } }));
    changes.add(ops.update('accounts', { account: 'a' }, { set: { name: undefined, phone: '081' } }));
    expect(rowsOf(changes)).toEqual([
      { kind: 'update', row: { account: 'a', name: 'Ada', phone: '081' }, adds: [] },
    ]);
  });

  it('starts a new set where merging would change the meaning', () => {
    const changes = new BatchChanges(specs);
    changes.add(ops.update('accounts', { account: 'a' }, { add: { balance: 1 } }));
    changes.add(ops.upsert('accounts', { account: 'a' }, { add: { balance: 1 } })); // may insert: cannot merge
    changes.add(ops.delete('accounts', { account: 'b' }));
    changes.add(ops.insert('accounts', { account: 'b', balance: 0 })); // after a delete
    expect(changes.sets).toHaveLength(3);
    expect(rowsOf(changes, 0).map((r) => r.kind)).toEqual(['update']);
    expect(rowsOf(changes, 1).map((r) => r.kind)).toEqual(['upsert', 'delete']);
    expect(rowsOf(changes, 2).map((r) => r.kind)).toEqual(['insert']);
  });

  it('keys rows by every key column', () => {
    const changes = new BatchChanges(specs);
    changes.add(ops.insert('entries', { position: 1, index: 0, amount: 5 }));
    changes.add(ops.insert('entries', { position: 1, index: 1, amount: -5 }));
    changes.add(ops.insert('entries', { position: 1, index: 0, amount: 5 })); // a duplicate goes to a new set
    expect(changes.sets).toHaveLength(2);
    expect(changes.sets[0]!.tables.get('entries')!.rows.size).toBe(2);
    expect(() => changes.add(ops.insert('entries', { position: 2, amount: 1 }))).toThrow(
      /lacks key column index/,
    );
  });
});
