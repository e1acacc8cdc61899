// After every browser test: the pages the link walk kept are checked by the Nu Html Checker in one
// run (html-check.ts); any error fails the run with its page, position and message.
import { existsSync } from 'node:fs';
import { hasJava, pagesDir, validateFolder } from './html-check.ts';

export default async function checkHtml(): Promise<void> {
  if (!existsSync(pagesDir)) return; // the walk did not run (a single test file, say)
  if (!(await hasJava())) {
    // CI installs a JRE (.ci/run); on a machine without one the check says so rather than passing silently.
    if (process.env.CI) throw new Error('HTML check: no `java` to run the Nu Html Checker');
    console.warn('HTML check skipped: no `java` on this machine (install default-jre-headless)');
    return;
  }
  const started = Date.now();
  const { files, errors } = await validateFolder(pagesDir);
  const took = ((Date.now() - started) / 1000).toFixed(1);
  if (errors.length)
    throw new Error(
      `Invalid HTML (Nu Html Checker, ${files} pages, ${took} s):\n${errors.join('\n')}`,
    );
  console.log(`HTML check: ${files} pages of the link walk are valid (Nu Html Checker, ${took} s)`);
}
