/**
 * For the account pages' component tests: the real store, theme, toasts and router around a page,
 * and a stand-in for the browser's fetch (the boundary to the server). jsdom has no fetch, Request
 * or Response, so the few parts RTK Query's fetchBaseQuery uses are provided here.
 */
import './fetch-stand-in';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Provider } from 'react-redux';
import { createStore } from '../../app/store';
import { ThemeProvider } from '../../shared/theme/theme';
import { ToastProvider } from '../../shared/toast/toast';
import { TestResponse, type TestRequest } from './fetch-stand-in';

export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** An answer: its status, its JSON body and any headers beside the content type. */
export type Reply = { status: number; body: unknown; headers?: Record<string, string> };
export type Answer = Reply | Promise<Reply>;

/**
 * Answers every request with `answer(request)` and records what was sent. Returns the list of
 * requests, newest last.
 */
export function serveFetch(answer: (request: SentRequest) => Answer): SentRequest[] {
  const sent: SentRequest[] = [];
  globalThis.fetch = (async (input: TestRequest) => {
    const url = new URL(input.url, 'http://localhost');
    const text = await input.text();
    const request = {
      method: input.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    sent.push(request);
    const { status, body, headers } = await answer(request);
    const problem = status >= 400;
    return new TestResponse(JSON.stringify(body), {
      status,
      headers: { 'content-type': problem ? 'application/problem+json' : 'application/json', ...headers },
    });
  }) as unknown as typeof fetch;
  return sent;
}

/** A problem+json answer as the API sends it. */
export function problem(status: number, message: string, errors?: Record<string, string>) {
  return { status, body: { status, message, ...(errors ? { errors } : {}) } };
}

/**
 * Renders `element` at `path` with the given extra routes (each shows its own name), over a new
 * store or the one given (one already signed in, say).
 */
export function renderPage(
  element: ReactElement,
  {
    path,
    at,
    others = [],
    store = createStore(),
  }: { path: string; at: string; others?: string[]; store?: ReturnType<typeof createStore> },
) {
  const routes: RouteObject[] = [
    { path, element },
    ...others.map((other) => ({ path: other, element: <p>page {other}</p> })),
  ];
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  render(
    <Provider store={store}>
      <ThemeProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </ThemeProvider>
    </Provider>,
  );
  return { router, store };
}
