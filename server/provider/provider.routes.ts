// The provider's calls under `/provider/…` (docs/provider.md): the console's (every one checked
// for a provider admin, every write in the provider audit log) and the public sign-up's (the code
// check, the sign-up with its proof of work and limits, the confirmation link, the set-password
// link of a new provider admin).
import { Hono, type Context } from 'hono';
import {
  activationInput,
  churchInput,
  churchParams,
  churchZoneInput,
  churchesQuery,
  codeQuery,
  firstAdminInput,
  organizationInput,
  providerAuditQuery,
  providerSettingsInput,
  setPasswordInput,
  signupInput,
  signupInvitationInput,
  type ProviderChurch,
} from '../../contract/provider.ts';
import { message } from '../../contract/messages/index.ts';
import { callerAddress } from '../auth/accounts.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import { LOOKUP_RULE, addressKey, spend } from '../auth/rate-limit.ts';
import { accountSettings } from '../auth/settings.ts';
import type { ChangeFeed } from '../changes.ts';
import type { Database } from '../db/client.ts';
import type { FileStore } from '../files/file-store.ts';
import { ALGORITHM } from '../giving/captcha.ts';
import { ApiProblem, langOf } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import type { Mailer } from '../mail/outbox.ts';
import { meOf, requireProviderAdmin, setPasswordWithLink } from './admins.service.ts';
import { providerAuditPage } from './audit.ts';
import * as churches from './churches.service.ts';
import { signupCaptcha } from './signup-captcha.ts';
import { deletionInput, exportParams } from '../../contract/church-export.ts';
import { recordProviderAudit } from './audit.ts';
import { cancelDeletion, markForDeletion, providerExport } from '../exports/deletion.service.ts';
import {
  churchExports,
  downloadPath,
  exportOf,
  exportViews,
  zipName,
} from '../exports/export.service.ts';
import * as signup from './signup.service.ts';

export interface ProviderDeps {
  db: Database;
  changes: ChangeFeed;
  mailer: Mailer;
  files: FileStore;
}

const schemeOf = (c: Context) =>
  (c.req.header('x-forwarded-proto') ?? new URL(c.req.url).protocol.replace(':', ''))
    .split(',')[0]!
    .trim() === 'https'
    ? 'https'
    : 'http';

/** `http://<code>.<provider domain>[:port]` in the scheme of the request. */
const addressFor = (c: Context) => (code: string) =>
  churchHomeUrl(code, accountSettings(), schemeOf(c));

/**
 * The provider's own origin for links: the request's host when it is the provider domain (so a
 * forged Host header cannot send links elsewhere), else the settings' domain and port.
 */
export function providerOrigin(c: Context): string {
  const settings = accountSettings();
  const hostHeader = (c.req.header('x-forwarded-host') ?? c.req.header('host') ?? '')
    .split(',')[0]!
    .trim()
    .toLowerCase();
  const host = hostHeader.replace(/:\d+$/, '');
  if (host && host === settings.PROVIDER_DOMAIN) return `${schemeOf(c)}://${hostHeader}`;
  const port =
    settings.PORT === 80 || settings.PORT === 443 || settings.PORT === 0 ? '' : `:${settings.PORT}`;
  return `${schemeOf(c)}://${settings.PROVIDER_DOMAIN}${port}`;
}

/** PUT /provider/igrejas/{id}/fuso-horario: the church's clock (docs/provider.md "Time zone"). */
function zoneRoutes(
  db: Database,
  changes: ChangeFeed,
  admin: (c: Context) => ReturnType<typeof requireProviderAdmin>,
  oneChurch: (c: Context, id: number) => Promise<ProviderChurch>,
) {
  return new Hono().put(
    '/provider/igrejas/:id/fuso-horario',
    validate('param', churchParams),
    validate('json', churchZoneInput),
    async (c) => {
      const actor = await admin(c);
      const { id } = c.req.valid('param');
      await churches.setChurchZone(db, changes, actor, id, c.req.valid('json').fusoHorario);
      return c.json(await oneChurch(c, id));
    },
  );
}

export function providerRoutes({ db, changes, mailer }: ProviderDeps) {
  const admin = (c: Context) => requireProviderAdmin(db, c);
  const oneChurch = async (c: Context, id: number) => {
    const page = await churches.listChurches({ db, addressOf: addressFor(c) }, { page: 1, id });
    const found = page.igrejas[0];
    if (!found) throw new ApiProblem(404, 'provider.churchNotFound');
    return found;
  };

  return (
    new Hono()
      // ---- public ----
      .get('/provider/codigo-disponivel', validate('query', codeQuery), async (c) => {
        // only a look-up of a code spends the per-address limit (its one write); an empty one is
        // answered from the code rule alone, as every other GET answers: without a write
        const typed = c.req.valid('query').codigo.trim() !== '';
        const wait = typed
          ? await spend(db, `code-check:${addressKey(callerAddress(c))}`, LOOKUP_RULE)
          : 0;
        if (wait > 0)
          throw new ApiProblem(429, 'provider.signup.tooMany', undefined, {
            minutes: Math.max(1, Math.ceil(wait / 60_000)),
          });
        c.header('cache-control', 'no-store');
        return c.json(
          await signup.codeAvailability(db, c.req.valid('query').codigo, langOf(c), addressFor(c)),
        );
      })
      .get('/provider/cadastro', async (c) => {
        const mode = await signup.signupMode(db);
        const captcha = mode === 'fechado' ? null : signupCaptcha();
        c.header('cache-control', 'no-store');
        return c.json({
          cadastro: mode,
          dominio: accountSettings().PROVIDER_DOMAIN,
          captcha: captcha && {
            token: captcha.token,
            algoritmo: ALGORITHM,
            salt: captcha.salt,
            desafio: captcha.challenge,
            maxNumero: captcha.maxNumber,
            expiraEm: captcha.expiresAt.toISOString(),
          },
        });
      })
      .post('/provider/cadastro', validate('json', signupInput), async (c) =>
        c.json(
          await signup.signUp(
            { db, mailer, addressOf: addressFor(c), providerOrigin: providerOrigin(c) },
            c.req.valid('json'),
            callerAddress(c),
            langOf(c),
          ),
          201,
        ),
      )
      .post('/provider/cadastro/ativar', validate('json', activationInput), async (c) =>
        c.json(
          await signup.activateSignup(
            db,
            changes,
            c.req.valid('json').token,
            langOf(c),
            addressFor(c),
          ),
        ),
      )
      .post('/provider/senha', validate('json', setPasswordInput), async (c) => {
        const { token, senha } = c.req.valid('json');
        await setPasswordWithLink(db, token, senha);
        return c.json({
          status: true as const,
          message: message(langOf(c), 'provider.password.set'),
        });
      })
      // ---- the console ----
      .get('/provider/eu', async (c) => c.json(meOf(await admin(c))))
      .get('/provider/igrejas', validate('query', churchesQuery), async (c) => {
        await admin(c);
        return c.json(
          await churches.listChurches({ db, addressOf: addressFor(c) }, c.req.valid('query')),
        );
      })
      .post('/provider/igrejas', validate('json', churchInput), async (c) => {
        const actor = await admin(c);
        const id = await churches.createChurchFromConsole(db, changes, actor, c.req.valid('json'));
        return c.json(await oneChurch(c, id), 201);
      })
      .post('/provider/igrejas/:id/suspender', validate('param', churchParams), async (c) => {
        const actor = await admin(c);
        const { id } = c.req.valid('param');
        await churches.setSuspended(db, changes, actor, id, true);
        return c.json(await oneChurch(c, id));
      })
      .post('/provider/igrejas/:id/reativar', validate('param', churchParams), async (c) => {
        const actor = await admin(c);
        const { id } = c.req.valid('param');
        await churches.setSuspended(db, changes, actor, id, false);
        return c.json(await oneChurch(c, id));
      })
      .route('/', zoneRoutes(db, changes, admin, oneChurch))
      .post(
        '/provider/igrejas/:id/convite-admin',
        validate('param', churchParams),
        validate('json', firstAdminInput),
        async (c) => {
          const actor = await admin(c);
          const { id } = c.req.valid('param');
          const church = await churches.churchSummary(db, id);
          return c.json(
            await churches.inviteFirstAdmin(
              { db, mailer },
              actor,
              langOf(c),
              id,
              c.req.valid('json'),
              addressFor(c)(church.code),
            ),
            201,
          );
        },
      )
      // ---- a church's data leaving with it, and its deletion (docs/provider.md) ----
      .post('/provider/igrejas/:id/exportacao', validate('param', churchParams), async (c) => {
        const actor = await admin(c);
        const id = await providerExport(db, actor, c.req.valid('param').id);
        const [view] = await exportViews(db, [await exportOf(db, id, null)]);
        return c.json(view, 202);
      })
      .get('/provider/exportacoes', async (c) => {
        await admin(c);
        c.header('cache-control', 'no-store');
        return c.json({
          exportacoes: await churchExports(db, null, ['provedor', 'exclusao']),
        });
      })
      .post('/provider/exportacoes/:id/link', validate('param', exportParams), async (c) => {
        const actor = await admin(c);
        const row = await exportOf(db, c.req.valid('param').id, null);
        if (row.origin === 'equipe') throw new ApiProblem(404, 'exports.notFound');
        if (row.state !== 'pronta') throw new ApiProblem(409, 'exports.notReady');
        await recordProviderAudit(db, actor, {
          action: 'church.download',
          kind: 'exportacao',
          targetId: row.id,
          summary: zipName(row),
        });
        return c.json({ url: downloadPath(row.id) });
      })
      .post(
        '/provider/igrejas/:id/exclusao',
        validate('param', churchParams),
        validate('json', deletionInput),
        async (c) => {
          const actor = await admin(c);
          const { id } = c.req.valid('param');
          await markForDeletion(db, changes, actor, id, c.req.valid('json'));
          return c.json(await oneChurch(c, id));
        },
      )
      .delete('/provider/igrejas/:id/exclusao', validate('param', churchParams), async (c) => {
        const actor = await admin(c);
        const { id } = c.req.valid('param');
        await cancelDeletion(db, changes, actor, id);
        return c.json(await oneChurch(c, id));
      })
      .get('/provider/organizacoes', async (c) => {
        await admin(c);
        return c.json({ organizacoes: await churches.listOrganizations(db) });
      })
      .post('/provider/organizacoes', validate('json', organizationInput), async (c) => {
        const actor = await admin(c);
        return c.json(await churches.createOrganization(db, actor, c.req.valid('json').nome), 201);
      })
      .get('/provider/configuracao', async (c) => {
        await admin(c);
        return c.json({ cadastro: await signup.signupMode(db) });
      })
      .put('/provider/configuracao', validate('json', providerSettingsInput), async (c) => {
        const actor = await admin(c);
        await signup.setSignupMode(db, actor, c.req.valid('json').cadastro);
        return c.json({ cadastro: await signup.signupMode(db) });
      })
      .post('/provider/convites-cadastro', validate('json', signupInvitationInput), async (c) => {
        const actor = await admin(c);
        const text = await signup.createSignupInvitation(
          { db, mailer },
          actor,
          langOf(c),
          c.req.valid('json').email,
          providerOrigin(c),
        );
        return c.json({ status: true as const, message: text }, 201);
      })
      .get('/provider/auditoria', validate('query', providerAuditQuery), async (c) => {
        await admin(c);
        return c.json(await providerAuditPage(db, c.req.valid('query').page));
      })
  );
}
