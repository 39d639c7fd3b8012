/**
 * Blueprint's stylesheet is linked by the build with media="print" and switched to all media once
 * it has loaded (an inline script in every page), so it never holds up the first paint. A page drawn
 * by script (not pre-rendered) waits for it, so nothing shows unstyled.
 */
export const ASYNC_STYLES_SELECTOR = 'link[data-kobo-async-css]';

export function blueprintStylesLoaded(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>(ASYNC_STYLES_SELECTOR)];
  return Promise.all(
    links.map((link) =>
      link.sheet && link.media !== 'print'
        ? undefined
        : new Promise<void>((resolve) => {
            // Whichever comes first: the file's load (or failure), or the inline swap having run.
            const done = () => resolve();
            if (link.sheet) return resolve();
            link.addEventListener('load', done, { once: true });
            link.addEventListener('error', done, { once: true });
          }),
    ),
  ).then(() => undefined);
}
