// A tiny UDP DNS server for tests (docs/deploy.md "Own domains and HTTPS"): answers A, TXT and
// CNAME questions from a table the test changes as it goes, so proofs are checked against a DNS
// the test controls and never the network. A name not in the table is NXDOMAIN; `failing` makes
// every answer SERVFAIL (a DNS that cannot be asked).
import { createSocket as udpSocket } from 'node:dgram';

export interface DnsRecords {
  a?: string[];
  txt?: string[];
  cname?: string;
}

export interface TestDns {
  /** `127.0.0.1:<port>`: the value of DNS_SERVERS. */
  server: string;
  records: Map<string, DnsRecords>;
  failing: boolean;
  close(): Promise<void>;
}

const TYPE = { A: 1, CNAME: 5, TXT: 16 } as const;

function encodeName(name: string): Buffer {
  const parts = name
    .replace(/\.$/, '')
    .split('.')
    .filter(Boolean)
    .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'ascii')]));
  return Buffer.concat([...parts, Buffer.from([0])]);
}

/** The question's name, type and where the question ends. */
function readQuestion(msg: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (msg[at]! !== 0) {
    const len = msg[at]!;
    labels.push(msg.subarray(at + 1, at + 1 + len).toString('ascii'));
    at += 1 + len;
  }
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(at + 1), end: at + 5 };
}

function answer(type: number, rdata: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the question's name
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(60, 6);
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

function reply(query: Buffer, dns: TestDns): Buffer {
  const { name, type, end } = readQuestion(query);
  const entry = dns.records.get(name);
  const answers: Buffer[] = [];
  if (entry && !dns.failing) {
    if (type === TYPE.A)
      for (const ip of entry.a ?? [])
        answers.push(answer(TYPE.A, Buffer.from(ip.split('.').map(Number))));
    if (type === TYPE.TXT)
      for (const text of entry.txt ?? []) {
        const chunks: Buffer[] = [];
        for (let i = 0; i < text.length; i += 255) {
          const part = Buffer.from(text.slice(i, i + 255), 'ascii');
          chunks.push(Buffer.from([part.length]), part);
        }
        answers.push(answer(TYPE.TXT, Buffer.concat(chunks)));
      }
    if (type === TYPE.CNAME && entry.cname)
      answers.push(answer(TYPE.CNAME, encodeName(entry.cname)));
  }
  const rcode = dns.failing ? 2 : entry ? 0 : 3; // SERVFAIL, NOERROR, NXDOMAIN
  const head = Buffer.alloc(12);
  query.copy(head, 0, 0, 2); // id
  head.writeUInt16BE(0x8000 | (query.readUInt16BE(2) & 0x0100) | 0x0400 | 0x0080 | rcode, 2);
  head.writeUInt16BE(1, 4);
  head.writeUInt16BE(answers.length, 6);
  return Buffer.concat([head, query.subarray(12, end), ...answers]);
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startTestDns(): Promise<TestDns> {
  const socket = udpSocket('udp4');
  const dns: TestDns = {
    server: '',
    records: new Map(),
    failing: false,
    close: () => new Promise<void>((done) => socket.close(() => done())),
  };
  socket.on('message', (msg, from) => {
    try {
      socket.send(reply(msg, dns), from.port, from.address);
    } catch {
      // a malformed question gets no answer, as from a real server that drops it
    }
  });
  await new Promise<void>((done) => socket.bind(0, '127.0.0.1', done));
  dns.server = `127.0.0.1:${socket.address().port}`;
  return dns;
}
