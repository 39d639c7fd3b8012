import { useEffect, useRef, useState } from 'react';

export const SEARCH_PAUSE_MS = 300;

/**
 * A search box over a server-filtered list: the text shows at once and is handed on (to the
 * address, hence to the server) after a pause in typing, so each keystroke is not a request. When
 * the committed value changes from elsewhere (Clear filters, the back button) the box follows it.
 */
export function useDebouncedSearch(
  committed: string,
  commit: (value: string) => void,
  pauseMs = SEARCH_PAUSE_MS,
): [string, (value: string) => void] {
  const [text, setText] = useState(committed);
  const latestCommit = useRef(commit);
  latestCommit.current = commit;
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current) setText(committed);
  }, [committed]);

  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => {
      typed.current = false;
      if (text !== committed) latestCommit.current(text);
    }, pauseMs);
    return () => clearTimeout(timer);
  }, [text, committed, pauseMs]);

  return [
    text,
    (value: string) => {
      typed.current = true;
      setText(value);
    },
  ];
}
