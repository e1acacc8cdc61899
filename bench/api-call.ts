// One JSON call to the API of a running node, as the soak's members and staff make them (English
// messages, a bearer token when given); answers the status and the parsed body.
export async function apiCall<Body = Record<string, unknown>>(
  site: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: Body }> {
  const res = await fetch(`${site}/api/v1${path}`, {
    method,
    headers: {
      'accept-language': 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Body };
}
