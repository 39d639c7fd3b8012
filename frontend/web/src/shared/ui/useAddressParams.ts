import { useRef } from 'react';
import { createSearchParams, useSearchParams, type URLSearchParamsInit } from 'react-router-dom';

/** A change to the query string, given the latest one (including writes not yet shown). */
export type ParamsChange = (current: URLSearchParams) => URLSearchParamsInit;

/**
 * The query string as a page's view state (filters, sort, page), written in place (`replace`).
 *
 * The router applies a navigation later, not during the call, and `useSearchParams`' own
 * functional update starts from the params of the last render. So two writes close together (a
 * search committed after a pause in typing, just as a filter is picked) would each start from the
 * same old address and the second would drop the first. Here every write starts from the last one
 * written, until the router shows it.
 */
export function useAddressParams(): [URLSearchParams, (change: ParamsChange) => void] {
  const [params, setParams] = useSearchParams();
  const shown = params.toString();
  const written = useRef<string | null>(null);
  const latestShown = useRef(shown);
  latestShown.current = shown;
  if (written.current === shown) written.current = null;

  function change(update: ParamsChange) {
    const next = createSearchParams(update(new URLSearchParams(written.current ?? latestShown.current)));
    written.current = next.toString();
    setParams(next, { replace: true });
  }

  return [params, change];
}
