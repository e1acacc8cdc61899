// A Host header that is not a host name (user-info `x@evil`, a path, spaces, a bad port) is
// answered 400 before anything builds a URL from it (docs/security.md "Host header"): the site's
// request object refuses a URL with credentials, which was a 500 on every page.
import { isIPv6 } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';

const NAME = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?$/i;
const PORT = /^\d{1,5}$/;

/** True for `name[:port]`, `a.b.c.d[:port]` or `[ipv6][:port]`; a missing header is left to the server. */
export function validHostHeader(host: string | undefined): boolean {
  if (host === undefined) return true;
  const bracket = /^\[([^\]]+)\](?::(.*))?$/.exec(host);
  const [name, port] = bracket
    ? [bracket[1]!, bracket[2]]
    : ((i) => (i < 0 ? [host, undefined] : [host.slice(0, i), host.slice(i + 1)]))(
        host.lastIndexOf(':'),
      );
  if (bracket ? !isIPv6(name) : !NAME.test(name) || name.length > 253) return false;
  return port === undefined || (PORT.test(port) && Number(port) <= 65_535);
}

/** Answers 400 (plain text) when the request's Host header is not a host; true when it did. */
export function refuseBadHost(req: IncomingMessage, res: ServerResponse): boolean {
  if (validHostHeader(req.headers.host)) return false;
  res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end('Bad Request: invalid Host header');
  return true;
}
