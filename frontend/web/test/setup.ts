import '@testing-library/jest-dom';

// jsdom has no matchMedia; the theme provider follows it (prefers-color-scheme).
if (!window.matchMedia)
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;

// jsdom lacks TextEncoder/TextDecoder, which react-router needs at import time.
import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';
if (typeof globalThis.TextEncoder === 'undefined')
  Object.assign(globalThis, { TextEncoder: NodeTextEncoder, TextDecoder: NodeTextDecoder });
