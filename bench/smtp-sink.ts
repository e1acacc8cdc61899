// A local SMTP server in a process of its own for bench/email-send.ts (so receiving does not
// share the sender's event loop): tells its port to the parent, counts each recipient, and
// answers the counts when asked.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const received: Record<string, number> = {};
const server = new SMTPServer({
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onRcptTo(address, _s, cb) {
    received[address.address] = (received[address.address] ?? 0) + 1;
    cb();
  },
  onData(stream, _s, cb) {
    stream.on('end', () => cb());
    stream.resume();
  },
});
server.listen(0, '127.0.0.1', () =>
  process.send!({ port: (server.server.address() as AddressInfo).port }),
);
process.on('message', () => {
  process.send!({ received }, () => server.close(() => process.exit(0)));
});
