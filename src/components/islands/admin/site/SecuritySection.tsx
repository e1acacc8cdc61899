// Settings › Sign-in security (docs/staff.md "Church settings", docs/security.md "Two-factor
// sign-in"): an admin requires two-factor sign-in of the church's team. The API refuses it to an
// admin who has not turned it on for themself, and its message shows by the switch.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import {
  $churchTwoFactor,
  loadChurchTwoFactor,
  saveChurchTwoFactor,
} from '../../../../stores/two-factor.ts';
import { Check, Loader, Notice, SubmitButton, type Message, type T } from '../../ui/index.ts';

export function SecuritySection({ slug, t }: { slug: string; t: T }) {
  const rule = useStore($churchTwoFactor);
  useEffect(() => {
    void loadChurchTwoFactor(slug);
  }, [slug]);
  return (
    <section className="site-block" aria-labelledby="site-security">
      <h2 id="site-security">{t('admin.site.security.title')}</h2>
      {rule.state === 'loading' && <Loader label={t('admin.site.loading')} />}
      {rule.state === 'error' && <Notice kind="error">{rule.message}</Notice>}
      {rule.state === 'ready' && <RuleForm slug={slug} t={t} required={rule.required} />}
    </section>
  );
}

function RuleForm({ slug, t, required }: { slug: string; t: T; required: boolean }) {
  const [on, setOn] = useState(required);
  const [error, setError] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setMessage(null);
    const result = await saveChurchTwoFactor(slug, on);
    setSubmitting(false);
    if (result.ok) {
      setError('');
      setMessage({ kind: 'ok', text: t('admin.site.saved') });
      return;
    }
    // the API says why by the switch (not on for the admin themself): its words, and the way there
    const byField = result.errors.exigirDoisFatores ?? '';
    setError(byField);
    setMessage({ kind: 'error', text: byField || result.message });
  }

  return (
    <form className="site-form" onSubmit={submit} noValidate>
      <p className="site-intro">{t('admin.site.security.intro')}</p>
      <Notice message={message} />
      <Check
        name="exigirDoisFatores"
        label={t('admin.site.security.require')}
        hint={t('admin.site.security.hint')}
        checked={on}
        onChange={(checked) => {
          setOn(checked);
          setError('');
        }}
      />
      {error && (
        <p>
          <a href="/user/security">{t('admin.site.security.ownLink')}</a>
        </p>
      )}
      <div className="staff-actions">
        <SubmitButton
          submitting={submitting}
          label={t('admin.site.save')}
          busyLabel={t('admin.site.saving')}
        />
      </div>
    </form>
  );
}
