// The browser's side of the visitor challenge (docs/security.md "Visitor gifts and card testing"):
// find n in 0..max with hex SHA-256(salt + n) = challenge, with Web Crypto. It runs while the
// visitor fills the form, so it must never hold the page: a small batch of digests at a time,
// compared as bytes, and the event loop given back between batches (input is handled at once).
// server/giving/captcha.ts makes and checks the challenge.

const BATCH = 200;

const bytesOf = (hex: string): Uint8Array =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

const sameBytes = (digest: ArrayBuffer, target: Uint8Array): boolean => {
  const d = new Uint8Array(digest);
  if (d.length !== target.length) return false;
  for (let i = 0; i < d.length; i++) if (d[i] !== target[i]) return false;
  return true;
};

/** A new task, without setTimeout's 4 ms clamp: other work (a tap, a key) runs in between. */
const yieldToPage = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/** The number that answers the challenge, or null when none does (or `signal` aborted). */
export async function solveProofOfWork(
  challenge: { salt: string; desafio: string; maxNumero: number },
  signal?: AbortSignal,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<number | null> {
  const encoder = new TextEncoder();
  const target = bytesOf(challenge.desafio.toLowerCase());
  for (let start = 0; start <= challenge.maxNumero; start += BATCH) {
    if (signal?.aborted) return null;
    const end = Math.min(start + BATCH - 1, challenge.maxNumero);
    const digests = await Promise.all(
      Array.from({ length: end - start + 1 }, (_, i) =>
        subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${start + i}`)),
      ),
    );
    const found = digests.findIndex((d) => sameBytes(d, target));
    if (found >= 0) return start + found;
    await yieldToPage();
  }
  return null;
}
