import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy/waitFor wait for a condition, not a fixed time: a passing test returns as soon as it
// holds. The default of one second is too short when CI runs the services' suites beside these
// on two cores, so a slow render is not taken for a wrong one.
configure({ asyncUtilTimeout: 5000 });

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
