// The browser's side of the visitor challenge (docs/security.md "Visitor gifts and card testing"):
// find n in 0..max with hex SHA-256(salt + n) = challenge, with Web Crypto, a batch of digests at
// a time so the page stays responsive. server/giving/captcha.ts makes and checks the challenge.

const BATCH = 500;

const hex = (buffer: ArrayBuffer): string =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/** The number that answers the challenge, or null when none does (or `signal` aborted). */
export async function solveProofOfWork(
  challenge: { salt: string; desafio: string; maxNumero: number },
  signal?: AbortSignal,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<number | null> {
  const encoder = new TextEncoder();
  for (let start = 0; start <= challenge.maxNumero; start += BATCH) {
    if (signal?.aborted) return null;
    const end = Math.min(start + BATCH - 1, challenge.maxNumero);
    const numbers = Array.from({ length: end - start + 1 }, (_, i) => start + i);
    const digests = await Promise.all(
      numbers.map((n) => subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${n}`))),
    );
    const found = digests.findIndex((d) => hex(d) === challenge.desafio);
    if (found >= 0) return numbers[found]!;
  }
  return null;
}
