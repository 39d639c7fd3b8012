/**
 * Reviewing from the keyboard alone: j/k or the arrow keys move between submissions,
 * Enter or v opens the screenshot, a approves, r opens the reject dialog, Escape closes. A pure
 * reducer, so the page only feeds it keys and reads the state back.
 */

export type ReviewDialog = { kind: 'proof' | 'reject'; id: string } | null;
export type ReviewDialogKind = NonNullable<ReviewDialog>['kind'];

export interface ReviewKeysState {
  /** The submission with the keyboard focus, by id (the list changes under it after a review). */
  focused: string | null;
  dialog: ReviewDialog;
}

export type ReviewCommand =
  | { type: 'move'; by: 1 | -1 }
  | { type: 'focus'; id: string }
  | { type: 'open-proof' }
  | { type: 'open-reject' }
  | { type: 'approve' }
  | { type: 'close' };

export const REVIEW_SHORTCUTS =
  'Shortcuts: j/k or ↑/↓ move · Enter or v view screenshot · a approve · r reject · Esc close';

/**
 * The command for a key pressed on the list, or null to let the browser have it. Keys typed into
 * a field, or with a modifier, are never taken; with a dialog open, the dialog handles keys.
 */
export function commandForKey(
  key: string,
  { inField, modified, dialog }: { inField: boolean; modified: boolean; dialog: ReviewDialogKind | null },
): ReviewCommand | null {
  if (modified || inField) return null;
  // In the screenshot dialog the same letters approve or reject what is shown; Escape is the dialog's.
  if (dialog === 'proof')
    return key === 'a' ? { type: 'approve' } : key === 'r' ? { type: 'open-reject' } : null;
  if (dialog) return null;
  switch (key) {
    case 'j':
    case 'ArrowDown':
      return { type: 'move', by: 1 };
    case 'k':
    case 'ArrowUp':
      return { type: 'move', by: -1 };
    case 'Enter':
    case 'v':
      return { type: 'open-proof' };
    case 'a':
      return { type: 'approve' };
    case 'r':
      return { type: 'open-reject' };
    default:
      return null;
  }
}

export interface ReviewItem {
  id: string;
  pending: boolean;
}

/**
 * The next state for a command over the listed submissions. 'approve' does not change the state
 * (the page sends the call); opening reject works only on a pending submission.
 */
export function reviewKeys(
  state: ReviewKeysState,
  command: ReviewCommand,
  items: ReviewItem[],
): ReviewKeysState {
  const index = items.findIndex((item) => item.id === state.focused);
  const current = index >= 0 ? items[index]! : null;
  switch (command.type) {
    case 'move': {
      if (items.length === 0) return { ...state, focused: null };
      const next = index < 0 ? 0 : Math.min(items.length - 1, Math.max(0, index + command.by));
      return { ...state, focused: items[next]!.id };
    }
    case 'focus':
      return items.some((item) => item.id === command.id) ? { ...state, focused: command.id } : state;
    case 'open-proof':
      return current ? { ...state, dialog: { kind: 'proof', id: current.id } } : state;
    case 'open-reject': {
      // From the screenshot dialog, the submission shown; else the focused one.
      const target = state.dialog ? items.find((item) => item.id === state.dialog!.id) : current;
      return target?.pending ? { ...state, dialog: { kind: 'reject', id: target.id } } : state;
    }
    case 'close':
      return { ...state, dialog: null };
    case 'approve':
      return state;
  }
}

/**
 * Keeps the focus on the list after it changed (a reviewed submission leaves the Pending filter):
 * the same item if still there, else the one that took its place, else the last.
 */
export function keepFocus(focused: string | null, before: ReviewItem[], after: ReviewItem[]): string | null {
  if (after.length === 0) return null;
  if (focused === null || after.some((item) => item.id === focused)) return focused;
  const at = before.findIndex((item) => item.id === focused);
  if (at < 0) return null;
  // The first item after the focused one (in the old order) that is still listed.
  for (const item of before.slice(at + 1)) if (after.some((a) => a.id === item.id)) return item.id;
  return after[after.length - 1]!.id;
}
