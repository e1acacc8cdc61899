// A small memo of a value computed from a text (a header, a policy): requests bring a handful of
// distinct ones, so each is computed once. Bounded: past `max` distinct texts it starts over, so a
// client sending a new text each time costs a computation, never memory.

/** `compute` kept by its text; undefined (a missing header) is a text of its own. */
export function memoByText<T>(
  compute: (text: string | undefined) => T,
  max = 256,
): (text: string | string[] | undefined) => T {
  const seen = new Map<string | undefined, T>();
  return (text) => {
    const key = Array.isArray(text) ? text.join(', ') : text;
    let got = seen.get(key);
    if (got === undefined && !seen.has(key)) {
      if (seen.size >= max) seen.clear();
      seen.set(key, (got = compute(key)));
    }
    return got as T;
  };
}
