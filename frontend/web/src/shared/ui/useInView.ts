import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come near the screen (once true, it stays true): a long list asks for
 * what each row needs (a signed image link) only for the rows a person can see, so a page of a
 * hundred rows does not queue a hundred requests in front of the next page.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '200px'): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    // Without IntersectionObserver (old browsers, jsdom) everything counts as seen.
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, seen]);
  return seen;
}
