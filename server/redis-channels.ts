// Redis's pub/sub channels are one space for the whole Redis server: a database number (the
// `/N` of REDIS_URL) separates keys, not channels. Two setups sharing one Redis on different
// database numbers (a staging beside production) would hear each other's page purges and chat
// rooms. Every channel this product publishes on is named through `channelOf`, which adds the
// database number; database 0 keeps the bare name, so nodes of an earlier release still hear
// the new ones during a rolling restart (docs/deploy.md "Several machines").

/** The database number of a Redis URL (`redis://host:6379/2` → 2; none → 0). */
export function redisDatabaseOf(redisUrl: string): number {
  let path = '';
  try {
    path = new URL(redisUrl).pathname.replace(/^\//, '');
  } catch {
    return 0;
  }
  const n = Number(path || 0);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

/** `name` as this setup's channel (or channel prefix) on the Redis of `redisUrl`. */
export function channelOf(name: string, redisUrl: string): string {
  const database = redisDatabaseOf(redisUrl);
  return database === 0 ? name : `${name}#db${database}`;
}
