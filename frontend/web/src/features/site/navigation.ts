/** The public site's links, shared by the header, the slide-in menu and the footer. */
export const SITE_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
] as const;

/** Scroll to the top of the page, smoothly unless the person asked for less motion. */
export function scrollToTop(): void {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
}

/** Sets the tab's title for a page: 'FAQ · Kobo'. */
export function pageTitle(title: string | null): string {
  return title ? `${title} · Kobo` : 'Kobo: earn naira for small tasks';
}
