// Island pages load like content pages (docs/performance.md "Island pages without layout
// shifts"): on a phone, nothing on screen moves while an island hydrates, loads its data and
// draws itself. Layout shifts are summed as Lighthouse's CLS does (shifts right after input excluded).
import { expect, test } from '@playwright/test';
import { churchUrl, hostGet } from './helpers.ts';

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
test.describe.configure({ timeout: 90_000 });

/** Cumulative layout shift bar of docs/architecture.md "Quality bars" (Lighthouse: good below 0.1). */
const BAR = 0.1;

async function firstLink(section: string): Promise<string> {
  const html = (await hostGet('graca.localhost', `/${section}`)).text;
  const id = new RegExp(`href="(/${section}/\\d+)"`).exec(html)?.[1];
  expect(id, `a link to one item of /${section}`).toBeTruthy();
  return id!;
}

const PAGES: Array<[string, () => Promise<string>]> = [
  ['/give', async () => '/give'],
  ['/live', async () => '/live'],
  ['an event', () => firstLink('event')],
  ['/play', async () => '/play'],
  ['/praise', async () => '/praise'],
  ['/prayer/new', async () => '/prayer/new'],
  ['a group', () => firstLink('groups')],
  ['/access', async () => '/access'],
];

for (const [name, path] of PAGES) {
  test(`${name} does not shift while its island loads (phone)`, async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: Array<{ value: number; nodes: string[] }> };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: Array<{ node?: Node }>;
          }
        >)
          if (!entry.hadRecentInput)
            w.__shifts.push({
              value: entry.value,
              nodes: (entry.sources ?? []).map((s) =>
                s.node instanceof Element
                  ? `${s.node.tagName.toLowerCase()}.${[...s.node.classList].join('.')}`
                  : String(s.node?.nodeName),
              ),
            });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(churchUrl('graca', await path()));
    await page.waitForLoadState('networkidle');
    // Islands still drawing: the kit's loaders and busy regions.
    await page
      .waitForFunction(
        () =>
          !document.querySelector(
            '[role=status][aria-busy=true], .ui-loading, .ui-loader:not([hidden])',
          ),
        null,
        { timeout: 15_000 },
      )
      .catch(() => undefined);
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: Array<{ value: number; nodes: string[] }> }).__shifts,
    );
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(total, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(BAR);
  });
}
