// Loading data into an island with a retry (spec §8: a load error offers to try again).
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { readFailure } from '../../../lib/account/http.ts';

export type Load<V> =
  | { kind: 'loading' }
  | { kind: 'ok'; value: V }
  /** 404 or 400 (an unknown, someone else's or a malformed id): spec §8 "no result found". */
  | { kind: 'missing' }
  | { kind: 'error'; status: number; message: string };

/** Runs `load` on mount, when `deps` change and on `retry()`; an answer that comes after unmount is dropped. */
export function useLoad<V>(
  load: () => Promise<V>,
  deps: unknown[] = [],
): { state: Load<V>; setState: Dispatch<SetStateAction<Load<V>>>; retry: () => void } {
  const [state, setState] = useState<Load<V>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    load().then(
      (value) => live && setState({ kind: 'ok', value }),
      async (error) => {
        const failure = await readFailure(error);
        if (!live) return;
        setState(
          failure.status === 404 || failure.status === 400
            ? { kind: 'missing' }
            : { kind: 'error', status: failure.status, message: failure.message },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [attempt, ...deps]);
  return { state, setState, retry: () => setAttempt((n) => n + 1) };
}
