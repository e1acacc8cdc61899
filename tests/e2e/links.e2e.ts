// No link leads to an error page. Walks every same-origin link reachable from the
// home of graca, grace and esperanza, logged out and as each demo account of the church, and fails
// on a 4xx/5xx, the error page, a "content unavailable" page, a link the module gate sends home, or
// an HTML answer without the security headers (docs/security.md), naming the page that had the link.
// Pages without islands are read over plain HTTP (they are the same for every visitor); pages with
// islands (account area, notifications, event buttons…) are opened in Chromium so the links the
// islands draw are followed too. URLs are deduplicated by route pattern (3 a pattern) to stay fast;
// nothing here lists the pages that exist, so pages that land later are walked as soon as linked.
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, churchUrl, hostGet } from './helpers.ts';
import { keepPage } from './html-check.ts';

/** Titles/headings of a "not found / unavailable" answer, in pt, en and es. */
const UNAVAILABLE =
  /indispon[ií]vel|unavailable|no disponible|não encontrad|not found|no encontrad/i;
/** Links that are not pages of the site (files, feeds, the API, the admin hand-off). */
const SKIP =
  /^\/(api|admin|socket\.io|healthz|_astro|demo|uploads|images|events|fonts)(\/|$)|\.(ics|xml|svg|png|jpe?g|webp|gif|pdf|mp3|m4a|json|txt|webmanifest|js|css)$/i;
const PER_PATTERN = 3;
/** Filter and search variants of a list (same page, other query values) matter less: 2 each. */
const PER_QUERY_PATTERN = 2;
const PER_SECTION_DEPTH = 20;

/** The route a URL belongs to: ids, slugs and query values folded, query keys kept. */
export function routePattern(url: URL): string {
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .map((s, i) => (i > 0 && (/\d/.test(s) || s.includes('-') || s.length > 24) ? ':p' : s));
  const keys = [...new Set(url.searchParams.keys())].sort();
  return `/${segments.join('/')}${keys.length ? `?${keys.join('&')}` : ''}`;
}

/** `drawn`: links the islands added (session-specific, e.g. notifications): never capped. */
interface Visit {
  links: string[];
  drawn: string[];
  problem: string | null;
}

class Crawl {
  readonly failures: string[] = [];
  /** Links islands drew on the account home (notifications among them), per session. */
  readonly drawnOnAccount = new Map<string, string[]>();
  private readonly staticPages = new Map<string, Visit>();
  readonly church: string;
  constructor(church: string) {
    this.church = church;
  }

  /** Walks from the home as `who`, with one browser tab per worker (all logged in, or not). */
  async walk(pages: Page[], who: string): Promise<number> {
    const queue: { path: string; from: string }[] = [{ path: '/', from: '(start)' }];
    const seen = new Set<string>(['/']);
    const perPattern = new Map<string, number>();
    const perDepth = new Map<string, number>();
    let visited = 0;
    let busy = 0;
    const worker = async (page: Page) => {
      for (;;) {
        const next = queue.shift();
        if (!next) {
          if (!busy) return;
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        busy++;
        try {
          visited++;
          const visit = await this.visit(page, next.path);
          if (visit.problem)
            this.failures.push(
              `[${this.church} as ${who}] ${next.path} (linked from ${next.from}): ${visit.problem}`,
            );
          if (next.path === '/user') this.drawnOnAccount.set(who, visit.drawn);
          for (const link of visit.drawn) {
            if (seen.has(link)) continue;
            seen.add(link);
            queue.push({ path: link, from: next.path });
          }
          for (const link of visit.links) {
            if (seen.has(link)) continue;
            seen.add(link);
            const url = new URL(link, 'http://x');
            const pattern = routePattern(url);
            const depthKey = `${pattern.split('/')[1]}#${url.pathname.split('/').length}`;
            if (
              (perPattern.get(pattern) ?? 0) >= (url.search ? PER_QUERY_PATTERN : PER_PATTERN) ||
              (perDepth.get(depthKey) ?? 0) >= PER_SECTION_DEPTH
            )
              continue;
            perPattern.set(pattern, (perPattern.get(pattern) ?? 0) + 1);
            perDepth.set(depthKey, (perDepth.get(depthKey) ?? 0) + 1);
            queue.push({ path: link, from: next.path });
          }
        } finally {
          busy--;
        }
      }
    };
    await Promise.all(pages.map(worker));
    return visited;
  }

  private async visit(page: Page, path: string): Promise<Visit> {
    const known = this.staticPages.get(path);
    if (known) return known;
    const host = `${this.church}.localhost`;
    let current = path;
    let answer = await hostGet(host, current, { 'accept-language': 'pt-BR' });
    // spec §2: a route of a module the church lacks goes home; a link to it is a dead end too.
    const sentHome =
      answer.status === 302 &&
      new URL(String(answer.headers.location), `http://${host}`).pathname === '/' &&
      path.split('?')[0] !== '/' &&
      !/^\/user\/payment\/?$/.test(path);
    for (let hops = 0; answer.status >= 300 && answer.status < 400 && hops < 5; hops++) {
      const next = new URL(String(answer.headers.location), `http://${host}${current}`);
      current = next.pathname + next.search;
      answer = await hostGet(host, current, { 'accept-language': 'pt-BR' });
    }
    const html = answer.text;
    // Its served HTML, one page a route pattern, is checked by the Nu Html Checker after the run.
    if (String(answer.headers['content-type'] ?? '').startsWith('text/html'))
      keepPage(this.church, routePattern(new URL(current, 'http://x')), current, html);
    const unsafe = String(answer.headers['content-type'] ?? '').startsWith('text/html')
      ? missingSecurityHeaders(answer.headers, current)
      : null;
    if (sentHome || unsafe) {
      const visit: Visit = {
        links: [],
        drawn: [],
        problem: sentHome ? 'sent home (a module this church lacks)' : unsafe,
      };
      this.staticPages.set(path, visit);
      return visit;
    }
    // A page with islands draws links and messages in the browser, differently for each session.
    const links = answer.status < 400 ? linksOf(html, current) : [];
    if (answer.status < 400 && html.includes('<astro-island'))
      return this.visitInBrowser(page, path, links);
    const visit: Visit = {
      links,
      drawn: [],
      problem: problemOf(answer.status, current, titleAndHeadings(html)),
    };
    this.staticPages.set(path, visit);
    return visit;
  }

  private async visitInBrowser(page: Page, path: string, served: string[]): Promise<Visit> {
    const started = Date.now();
    try {
      const visit = await this.browserVisit(page, path);
      return {
        ...visit,
        links: visit.links.filter((l) => served.includes(l)),
        drawn: visit.links.filter((l) => !served.includes(l)),
      };
    } finally {
      if (process.env.LINKS_DEBUG)
        console.log(`[links] ${this.church} ${path} ${Date.now() - started} ms`);
    }
  }

  private async browserVisit(page: Page, path: string): Promise<Visit> {
    const response = await page.goto(churchUrl(this.church, path), { waitUntil: 'load' });
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    // The member gate and islands may still be loading their data.
    await page
      .waitForFunction(
        () => !document.querySelector('[role=status][aria-busy=true], .ui-loading'),
        null,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    // The account home's links are drawn by its islands from the member's data: on a loaded machine
    // they may come after the loaders above went; the walk checks it saw them (below), so wait for them.
    if (path === '/user')
      await page
        .waitForFunction(
          // a visitor is sent to log in: nothing to wait for there
          () =>
            location.pathname !== '/user' ||
            document.querySelectorAll('a[href^="/user/"]').length > 3,
          null,
          { timeout: 20_000 },
        )
        .catch(() => undefined);
    const seen = await page.evaluate(() => ({
      path: location.pathname,
      texts: [
        document.title,
        ...[...document.querySelectorAll('h1, h2, [role=alert]')].map((e) => e.textContent ?? ''),
      ],
      error: !!document.getElementById('error-title'),
      links: [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
        // A link inside a hidden element (the header's member-only entries for a visitor) is not one a user can follow.
        .filter(
          (a) =>
            !a.hasAttribute('download') && a.origin === location.origin && !a.closest('[hidden]'),
        )
        .map((a) => a.pathname + a.search),
    }));
    const problem = seen.error
      ? 'the error page'
      : problemOf(
          response?.status() ?? 0,
          seen.path,
          seen.texts.slice(0, 1).concat(seen.texts.slice(1).filter((x) => x.length < 120)),
        );
    return { links: seen.links.filter(keep), drawn: [], problem };
  }
}

/** docs/security.md "Headers of HTML answers" on every HTML answer: the CSP, nosniff and the frame rule (embeds may be framed). */
function missingSecurityHeaders(
  headers: Record<string, string | string[] | undefined>,
  path: string,
): string | null {
  const csp = String(headers['content-security-policy'] ?? '');
  const missing = [
    !/default-src/.test(csp) || !/frame-ancestors/.test(csp) ? 'content-security-policy' : '',
    headers['x-content-type-options'] !== 'nosniff' ? 'x-content-type-options' : '',
    !path.startsWith('/embed/') && headers['x-frame-options'] !== 'SAMEORIGIN'
      ? 'x-frame-options'
      : '',
  ].filter(Boolean);
  return missing.length ? `HTML answer without ${missing.join(', ')}` : null;
}

function titleAndHeadings(html: string): string[] {
  return [...html.matchAll(/<(title|h1|h2)\b[^>]*>([\s\S]*?)<\/\1>/gi)].map((m) =>
    m[2]!.replace(/<[^>]+>/g, '').trim(),
  );
}

function problemOf(status: number, finalPath: string, texts: string[]): string | null {
  if (status >= 400) return `HTTP ${status}`;
  if (finalPath === '/error') return 'the error page';
  const unavailable = texts.find((x) => UNAVAILABLE.test(x));
  return unavailable ? `says "${unavailable.trim()}"` : null;
}

function linksOf(html: string, base: string): string[] {
  const out: string[] = [];
  // Hidden list entries (the header's member-only links, shown by its script to members) are not links a visitor follows.
  const shown = html.replace(/<li\b[^>]*\shidden\b[^>]*>[\s\S]*?<\/li>/gi, '');
  for (const m of shown.matchAll(/<a\b([^>]*)>/gi)) {
    const attrs = m[1]!;
    const href = /\bhref="([^"]*)"/i.exec(attrs)?.[1];
    if (!href || /\bdownload\b/i.test(attrs)) continue;
    const decoded = href.replace(/&amp;/g, '&').replace(/&#38;/g, '&');
    if (/^(mailto|tel|javascript|data):/i.test(decoded)) continue;
    const url = new URL(decoded, `http://church.test${base}`);
    if (url.host !== 'church.test' && !/\.localhost(:\d+)?$/.test(url.host)) continue; // another site
    if (url.host !== 'church.test') continue; // the church's own absolute URL is the home again
    const path = url.pathname + url.search;
    if (keep(path)) out.push(path);
  }
  return out;
}

function keep(path: string): boolean {
  return !SKIP.test(path.split('?')[0]!);
}

const ACCOUNTS: Record<string, string[]> = {
  graca: ['membro@graca.demo', 'lider@graca.demo'],
  grace: ['member@grace.demo'],
  esperanza: [],
};

// One test a church and session, so the walks spread over the workers rather than one walking
// graca's three sessions in a row.
test.describe.configure({ mode: 'parallel' });

for (const [church, accounts] of Object.entries(ACCOUNTS)) {
  for (const who of ['visitor', ...accounts]) {
    test(`every link of ${church} opens a page, ${who === 'visitor' ? 'logged out' : `as ${who}`}`, async ({
      browser,
    }) => {
      test.setTimeout(170_000);
      const crawl = new Crawl(church);
      const context = await browser.newContext({
        locale: church === 'grace' ? 'en-US' : church === 'esperanza' ? 'es' : 'pt-BR',
      });
      if (who !== 'visitor') {
        const session = await apiLogin(who);
        await context.addInitScript(
          ([token, refresh]) => {
            if (!sessionStorage.getItem('church:token'))
              sessionStorage.setItem('church:token', token!);
            localStorage.setItem('church:refreshToken', refresh!);
          },
          [session.token, session.refresh_token],
        );
      }
      const pages = await Promise.all([1, 2, 3].map(() => context.newPage()));
      const walked = `${who}: ${await crawl.walk(pages, who)} pages`;
      await context.close();
      test.info().annotations.push({ type: 'walked', description: walked });
      expect(crawl.failures, walked).toEqual([]);
      // The walk really went through what the islands draw for a member (account links, notifications).
      if (who !== 'visitor')
        expect(crawl.drawnOnAccount.get(who)?.length ?? 0, who).toBeGreaterThan(3);
    });
  }
}
