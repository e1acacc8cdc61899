// Part of the shell's script on every page (docs/security.md "Client error reports"): uncaught
// errors and rejections are reported to the API, each once and at most 5 a page, so a loop that
// throws cannot flood it.
const reported = new Set<string>();

function report(kind: 'error' | 'rejection', message: string, error?: unknown, at?: ErrorEvent) {
  const key = `${kind}|${message}|${at?.filename}|${at?.lineno}|${at?.colno}`;
  if (reported.has(key) || reported.size >= 5) return;
  reported.add(key);
  const source = at?.filename;
  const stack = (error as Error | null | undefined)?.stack;
  const body: Record<string, unknown> = {
    kind,
    message: (message || 'Script error.').slice(0, 500),
    page: location.pathname.slice(0, 300),
  };
  if (source && /^https?:\/\//.test(source)) body.source = source.split(/[?#]/)[0]!.slice(0, 500);
  for (const [name, n] of [
    ['line', at?.lineno],
    ['column', at?.colno],
  ] as const)
    if (Number.isInteger(n) && n! >= 0) body[name] = n;
  if (typeof stack === 'string' && stack) body.stack = stack.slice(0, 4000);
  fetch('/api/v1/client-errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}

addEventListener('error', (event) => {
  // A resource that failed to load is not a script error.
  if (event instanceof ErrorEvent) report('error', event.message, event.error, event);
});
addEventListener('unhandledrejection', ({ reason }: PromiseRejectionEvent) => {
  report(
    'rejection',
    reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason),
    reason,
  );
});
