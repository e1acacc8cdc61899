// One node of the change feed's two-process tests (changes.pg.test.ts): a feed on the transport
// its environment names; stdin lines `<church id>` are announced, every change heard is printed.
import { createInterface } from 'node:readline';
import { createChangeFeed } from './changes.ts';

const feed = createChangeFeed({
  DATABASE_URL: process.env.DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL,
  channel: process.env.CHANGE_CHANNEL,
});
feed.onChurchChanged((churchId) => console.log(JSON.stringify({ heard: churchId })));
await feed.ready;
console.log(JSON.stringify({ ready: feed.transport }));
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => feed.churchChanged(Number(line)));
lines.on('close', () => void feed.close().then(() => process.exit(0)));
