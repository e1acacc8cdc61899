// The baseline of the SSR benchmark: a plain node:http server that sends fixed bytes and
// headers (those the real server sent for the same page), with no work per request.
import { createServer } from 'node:http';

const { body, headers, port } = JSON.parse(process.argv[2]!) as {
  body: string;
  headers: Record<string, string>;
  port: number;
};
const bytes = Buffer.from(body, 'base64');
createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(bytes);
}).listen(port, '127.0.0.1', () => process.send?.('ready'));
