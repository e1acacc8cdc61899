// A push service in a process of its own for bench/staff-work.ts (so receiving does not share the
// visitors' event loop): answers 201 to every message, tells its port to the parent, and answers
// how many it got when asked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

let received = 0;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.statusCode = 201;
    res.end();
  });
});
server.listen(0, '127.0.0.1', () =>
  process.send!({ port: (server.address() as AddressInfo).port }),
);
process.on('message', (m) => {
  if (m === 'stop') server.close(() => process.exit(0));
  else process.send!({ received });
});
