// The DNS proof that a church controls a host name (docs/deploy.md "Own domains and HTTPS"): a TXT
// record `_church-verify.<name>` holding `church-verify=<token>`, or a CNAME of the name to the
// church's `<code>.<provider domain>`. Asked through node:dns with the servers of DNS_SERVERS
// (default: the system's), so tests point it at a DNS server they start themselves.
import { Resolver } from 'node:dns/promises';

/** The label the TXT proof lives under: `_church-verify.www.example.org`. */
export const PROOF_LABEL = '_church-verify';
/** The TXT value's prefix: `church-verify=<token>`. */
export const PROOF_PREFIX = 'church-verify=';

export const proofRecordName = (hostname: string) => `${PROOF_LABEL}.${hostname}`;
export const proofRecordValue = (token: string) => `${PROOF_PREFIX}${token}`;

/**
 * `proven`: a record matches; `missing`: the DNS answered and nothing matches (counts as a
 * failed check); `unknown`: the DNS could not be asked (a timeout, a refusal), which proves
 * nothing either way and is never counted against a name.
 */
export type ProofResult =
  | { result: 'proven'; method: 'txt' | 'cname' }
  | { result: 'missing' }
  | { result: 'unknown'; error: string };

/** Answers that say "no such record": the DNS was reached and answered. */
const DEFINITE = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN']);

/** `DNS_SERVERS`: comma-separated `ip` or `ip:port` (IPv6 in brackets with a port); empty: the system's. */
export function parseDnsServers(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function createResolver(servers: readonly string[]): Resolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length) resolver.setServers([...servers]);
  return resolver;
}

const bare = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

type Lookup = { found: boolean } | { error: string };

async function ask<T>(run: () => Promise<T>, match: (answer: T) => boolean): Promise<Lookup> {
  try {
    return { found: match(await run()) };
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (DEFINITE.has(code)) return { found: false };
    return { error: code || String(error) };
  }
}

/** Looks for either proof of `hostname`; `cnameTarget` is the church's `<code>.<provider domain>`. */
export async function findProof(
  resolver: Resolver,
  hostname: string,
  token: string,
  cnameTarget: string,
): Promise<ProofResult> {
  const expected = proofRecordValue(token);
  const target = bare(cnameTarget);
  const [txt, cname] = await Promise.all([
    ask(
      () => resolver.resolveTxt(proofRecordName(hostname)),
      (records) => records.some((chunks) => chunks.join('').trim() === expected),
    ),
    ask(
      () => resolver.resolveCname(hostname),
      (names) => names.some((n) => bare(n) === target),
    ),
  ]);
  if ('found' in txt && txt.found) return { result: 'proven', method: 'txt' };
  if ('found' in cname && cname.found) return { result: 'proven', method: 'cname' };
  if ('error' in txt) return { result: 'unknown', error: txt.error };
  if ('error' in cname) return { result: 'unknown', error: cname.error };
  return { result: 'missing' };
}
