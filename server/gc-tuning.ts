// V8's settings for the server process, set before anything else runs (server.ts imports this
// first). V8 "pretenures" an allocation site — places every later object made there straight in
// the old generation — once most of its objects have outlived a young collection. Short bursts at
// start-up (migrations, the demo seed, the first renders) made that call for sites every request
// uses (drizzle's query builders among them), after which each request's objects were garbage in
// the old generation and pulled what they pointed to after them: 5.5 kB of old generation per
// drizzle select, 9 kB per API list call, freed only by full collections. Off, they die young
// (docs/performance.md "Renders without the cache, a ninth time").
import v8 from 'node:v8';

v8.setFlagsFromString('--no-allocation-site-pretenuring');
