import { commandForKey, keepFocus, reviewKeys, type ReviewItem, type ReviewKeysState } from './review-keys';

const items: ReviewItem[] = [
  { id: 'a', pending: true },
  { id: 'b', pending: true },
  { id: 'c', pending: false },
];
const start: ReviewKeysState = { focused: null, dialog: null };
const onList = { inField: false, modified: false, dialog: null };

/** Presses keys in order, as the page does: key -> command -> next state. */
function press(keys: string[], state = start): ReviewKeysState {
  return keys.reduce((current, key) => {
    const command = commandForKey(key, { ...onList, dialog: current.dialog?.kind ?? null });
    return command ? reviewKeys(current, command, items) : current;
  }, state);
}

describe('keyboard review', () => {
  it('moves with j/k and the arrows, starting at the first and stopping at the ends', () => {
    expect(press(['j']).focused).toBe('a');
    expect(press(['j', 'j']).focused).toBe('b');
    expect(press(['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown']).focused).toBe('c');
    expect(press(['j', 'j', 'k']).focused).toBe('a');
    expect(press(['j', 'ArrowUp', 'ArrowUp']).focused).toBe('a');
  });

  it('opens the screenshot with Enter or v, and Escape (close) shuts it', () => {
    expect(press(['j', 'Enter']).dialog).toEqual({ kind: 'proof', id: 'a' });
    expect(press(['j', 'j', 'v']).dialog).toEqual({ kind: 'proof', id: 'b' });
    const open = press(['j', 'v']);
    expect(reviewKeys(open, { type: 'close' }, items).dialog).toBeNull();
    // Nothing is focused yet: nothing to open.
    expect(press(['v']).dialog).toBeNull();
  });

  it('asks for approval with a and opens reject with r, only for a pending submission', () => {
    expect(commandForKey('a', onList)).toEqual({ type: 'approve' });
    expect(press(['j', 'r']).dialog).toEqual({ kind: 'reject', id: 'a' });
    expect(press(['j', 'j', 'j', 'r']).dialog).toBeNull();
  });

  it('in the screenshot dialog, a approves and r moves on to reject the submission shown', () => {
    expect(commandForKey('a', { ...onList, dialog: 'proof' })).toEqual({ type: 'approve' });
    expect(press(['j', 'j', 'v', 'r']).dialog).toEqual({ kind: 'reject', id: 'b' });
    // Moving keys do nothing while a dialog is open.
    expect(press(['j', 'v', 'j']).focused).toBe('a');
  });

  it('leaves keys typed in a field, with a modifier, or in the reject dialog alone', () => {
    expect(commandForKey('j', { ...onList, inField: true })).toBeNull();
    expect(commandForKey('a', { ...onList, modified: true })).toBeNull();
    expect(commandForKey('a', { ...onList, dialog: 'reject' })).toBeNull();
    expect(commandForKey('Enter', { ...onList, dialog: 'reject' })).toBeNull();
    expect(commandForKey('x', onList)).toBeNull();
  });

  it('keeps the focus on the next submission when the reviewed one leaves the list', () => {
    const after = items.filter((item) => item.id !== 'a');
    expect(keepFocus('a', items, after)).toBe('b');
    expect(keepFocus('b', items, after)).toBe('b');
    expect(keepFocus('c', items, items.slice(0, 2))).toBe('b');
    expect(keepFocus('a', items, [])).toBeNull();
  });
});
