// Filters that live in the address (docs/staff.md "List → detail → edit"): a link shares the
// view, Back returns to it. Reading and writing go through the URL's query string only.
import { useCallback, useEffect, useState } from 'react';

function read(): URLSearchParams {
  return new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
}

/** The query string as state; `update` replaces the given keys (empty or null removes one) and keeps Back working. */
export function useUrlState(): [
  URLSearchParams,
  (changes: Record<string, string | number | null>) => void,
] {
  const [params, setParams] = useState(read);
  useEffect(() => {
    const onPop = () => setParams(read());
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  const update = useCallback((changes: Record<string, string | number | null>) => {
    const next = read();
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    const query = next.toString();
    history.pushState(null, '', `${location.pathname}${query ? `?${query}` : ''}`);
    setParams(next);
  }, []);
  return [params, update];
}
