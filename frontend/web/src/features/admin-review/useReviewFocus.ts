/**
 * The keyboard focus of a review list (Task Review, the review queue): the review keys' state over
 * the listed items, kept on a listed item when the list changes (a decided proof leaves it), and
 * the browser's focus moved with it unless the admin is elsewhere (a tab, a field).
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  keepFocus,
  reviewKeys,
  type ReviewCommand,
  type ReviewItem,
  type ReviewKeysState,
} from './review-keys';

export function useReviewFocus(items: ReviewItem[]) {
  const [keys, dispatch] = useReducer(
    (
      state: ReviewKeysState,
      action: { command: ReviewCommand; items: ReviewItem[] } | { keep: string | null },
    ) =>
      'keep' in action ? { ...state, focused: action.keep } : reviewKeys(state, action.command, action.items),
    { focused: null, dialog: null },
  );
  const send = useCallback((command: ReviewCommand) => dispatch({ command, items }), [items]);

  const previous = useRef(items);
  useEffect(() => {
    const kept = keepFocus(keys.focused, previous.current, items);
    previous.current = items;
    if (kept !== keys.focused) dispatch({ keep: kept });
  }, [items, keys.focused]);

  const cards = useRef(new Map<string, HTMLElement>());
  const list = useRef<HTMLUListElement>(null);
  const focusedId = useRef(keys.focused);
  focusedId.current = keys.focused;
  const focusCard = useCallback((id: string | null) => {
    const card = id ? cards.current.get(id) : undefined;
    if (card && document.activeElement !== card) {
      card.focus();
      card.scrollIntoView?.({ block: 'nearest' });
    }
  }, []);
  useEffect(() => {
    if (keys.dialog) return;
    const active = document.activeElement;
    if (!active || active === document.body || list.current?.contains(active)) focusCard(keys.focused);
  }, [keys.focused, keys.dialog, focusCard]);
  /** A closed dialog hands the focus back to the current card (the one it was opened from may be gone). */
  const afterDialog = () => focusCard(focusedId.current);

  return { keys, dispatch, send, cards, list, focusCard, afterDialog };
}
