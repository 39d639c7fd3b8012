/**
 * The review keys (review-keys.ts) anywhere on the page, but never those typed into a field or
 * meant for a focused control (Enter, Space and the arrows on a button or link that is not a card).
 */
import { useEffect } from 'react';
import { commandForKey, type ReviewCommand, type ReviewDialog } from './review-keys';

const TEXT_FIELD = 'input, textarea, select, [contenteditable="true"]';
const CONTROL = 'button, a, [role="tab"], summary';

export function useReviewShortcuts(dialog: ReviewDialog, run: (command: ReviewCommand) => void) {
  // Listened to again on each render, so `run` sees the list as it is now.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const target = event.target instanceof Element ? event.target : null;
      const isCard = target?.classList.contains('kobo-review-submission') ?? false;
      const inField =
        !!target?.closest(TEXT_FIELD) ||
        (!isCard && !!target?.closest(CONTROL) && ['Enter', ' ', 'ArrowUp', 'ArrowDown'].includes(event.key));
      const command = commandForKey(event.key, {
        inField,
        modified: event.ctrlKey || event.metaKey || event.altKey,
        dialog: dialog?.kind ?? null,
      });
      if (!command) return;
      event.preventDefault();
      run(command);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  });
}
