// A church on its own domain (docs/deploy.md "Own domains and HTTPS"): staff add www.<name>.test in
// Settings, the test's own DNS server answers the TXT proof, "Verify now" passes, and Chromium
// (every *.test mapped to this machine) opens the church there, sees its home and signs in there.
// A server of its own, whose DNS_SERVERS is that DNS server: the proof never asks the network.
import { expect, test } from '@playwright/test';
import { startTestDns } from '../../server/domains/dns-server.test-support.ts';
import { startSecondServer } from './second-server.ts';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--host-resolver-rules=MAP *.test 127.0.0.1',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
});

test('staff prove www.<name>.test in Settings; the church opens there and a member signs in', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const dns = await startTestDns();
  const second = await startSecondServer('own-domain', { DNS_SERVERS: dns.server });
  const host = `www.graca-${Date.now().toString(36)}.test`;
  try {
    const session = await second.login('lider@graca.demo');
    await page.addInitScript(
      ([token, refresh]) => {
        if (!sessionStorage.getItem('church:token')) sessionStorage.setItem('church:token', token!);
        localStorage.setItem('church:refreshToken', refresh!);
      },
      [session.token, session.refresh_token],
    );
    await page.goto(`http://graca.localhost:${second.port}/admin/settings`);
    const hosts = page.getByRole('region', { name: 'Endereços do site' });
    await hosts.getByLabel('Adicionar endereço').fill(host, { timeout: 30_000 });
    await hosts.getByRole('button', { name: 'Adicionar endereço' }).click();
    const item = hosts.getByRole('listitem').filter({ hasText: host });
    await expect(item).toContainText('Pendente: não abre o site até ser comprovado');
    // A visitor of their own (the staff session stays on the staff's page).
    const visitor = await (await browser.newContext()).newPage();
    const own = (path: string) => `http://${host}:${second.port}${path}`;
    // Not served while unproven: the name is no church's yet.
    await visitor.goto(own('/'));
    await expect(visitor.getByRole('heading', { level: 1 })).not.toHaveText(
      'Bem-vindo à Igreja da Graça',
    );

    // The record the page asks for, served by the test's DNS server; then "Verify now".
    const token = /church-verify=[0-9a-f]{32}/.exec((await item.textContent()) ?? '')?.[0];
    expect(token).toBeTruthy();
    dns.records.set(`_church-verify.${host}`, { txt: [token!] });
    await item.getByRole('button', { name: 'Verificar agora' }).click();
    await expect(item).toContainText('Verificado: abre o site');

    // A visitor at the church's own address sees its home, and a member signs in there.
    await visitor.goto(own('/'));
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(
      'Bem-vindo à Igreja da Graça',
    );
    await visitor.goto(own('/access?redirectTo=/user'));
    await visitor.getByRole('textbox', { name: 'E-mail', exact: true }).fill('membro@graca.demo');
    await visitor.getByRole('button', { name: 'Continuar' }).click();
    await visitor.getByRole('textbox', { name: 'Senha', exact: true }).fill('Demo@1234');
    await visitor.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(visitor).toHaveURL(own('/user'));
    await expect(visitor.locator('[data-account-link]')).toHaveText('Maria');
  } finally {
    await second.stop();
    await dns.close();
  }
});
