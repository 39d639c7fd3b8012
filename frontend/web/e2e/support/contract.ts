/**
 * The contract check on the browser's API traffic: every /api call the pages make goes through the
 * validating proxy (services/api/test/support/contract-proxy.ts, prism in front of the real API),
 * which records each request or answer that breaks the OpenAPI document. A run ends by asserting
 * it recorded none. The document is the one the server publishes (/api/openapi.json). The event
 * stream and proof uploads go direct (see below).
 */
import type { BrowserContext, Route } from 'playwright-core';
import { startContractProxy, type ContractProxy } from '@kobo/api/contract-proxy';
export interface ContractCheck {
  /** Routes a browser context's /api calls through the proxy. */
  attach(context: BrowserContext): Promise<void>;
  /** Waits for the proxy's log to settle, then lists the violations. */
  violations(): Promise<string[]>;
  stop(): Promise<void>;
}

/** `serverUrl`: the server's origin, or its promise (the proxy starts while the server does). */
export async function startContractCheck(serverUrl: string | Promise<string>): Promise<ContractCheck> {
  // The document the server publishes, so this process need not load the whole API to build it.
  const document = Promise.resolve(serverUrl).then(async (url) => {
    const answer = await fetch(`${url}/api/openapi.json`);
    if (!answer.ok) throw new Error(`GET ${url}/api/openapi.json answered ${answer.status}`);
    return (await answer.json()) as Record<string, unknown>;
  });
  const proxy: ContractProxy = await startContractProxy({ upstream: serverUrl, document });
  const origin = await serverUrl;
  const throughProxy = async (route: Route) => {
    const request = route.request();
    if ((await request.headerValue('accept'))?.includes('text/event-stream')) return route.continue();
    // Chromium does not hand an intercepted upload's file bytes to Playwright whole (the proxy would
    // get a mangled image), so uploads go direct and stay unchecked here.
    if ((await request.headerValue('content-type'))?.startsWith('multipart/form-data'))
      return route.continue();
    const url = new URL(request.url());
    const forward = () => route.fetch({ url: `${proxy.url}${url.pathname}${url.search}`, maxRedirects: 0 });
    try {
      let response;
      try {
        response = await forward();
      } catch (error) {
        // A kept-alive connection closed by the other end just as it was reused: a browser sends a
        // GET again on a fresh connection, and so does this stand-in for it.
        if (request.method() !== 'GET' || !/ECONNRESET/.test(String(error))) throw error;
        response = await forward();
      }
      await route.fulfill({ response });
    } catch (error) {
      // The page was closed while its call was in flight: nothing is waiting for the answer.
      if (!/closed|disposed/i.test(String(error))) throw error;
    }
  };
  return {
    async attach(context) {
      await context.route(`${origin}/api/**`, throughProxy);
    },
    violations: () => proxy.settled(),
    stop: () => proxy.stop(),
  };
}
