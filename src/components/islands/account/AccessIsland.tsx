// /access (spec §2): e-mail first, then log in or register; modals for an inactive account,
// an existing shared account and password recovery; the e-mailed recovery and activation links.
// Each step is its own file: AccessSteps (e-mail, login), RegisterStep, ResetStep, AccessModals.
import { useEffect, useMemo, useState } from 'react';
import { confirmEmail } from '../../../stores/account.ts';
import { type IslandProps, MemberGate, type Message, Modal, Notice } from '../ui/index.ts';
import { InactiveModal, RecoverModal, SharedModal } from './AccessModals.tsx';
import { EmailStep, LoginStep } from './AccessSteps.tsx';
import CodeStep from './CodeStep.tsx';
import RegisterStep from './RegisterStep.tsx';
import ResetStep from './ResetStep.tsx';
import { accountT } from './t.ts';

type Step = 'email' | 'login' | 'code' | 'register' | 'reset';

export default function AccessIsland(props: IslandProps) {
  const t = accountT(props);
  return (
    <MemberGate
      church={props.church}
      mode="visitors"
      loadingLabel={t('account.loading')}
      // the page has its heading from the first paint, before the session is known (axe: page-has-heading-one)
      loading={(loader) => (
        <section className="acc-panel acc-narrow" aria-labelledby="access-title">
          <h1 id="access-title">{t('account.access.title')}</h1>
          {loader}
        </section>
      )}
    >
      <Access {...props} />
    </MemberGate>
  );
}

function Access({ church, lang, strings }: IslandProps) {
  const t = useMemo(() => accountT({ strings, lang }), [strings, lang]);
  const params = useMemo(() => new URLSearchParams(location.search), []);
  const [step, setStep] = useState<Step>(params.get('resetToken') ? 'reset' : 'email');
  const [email, setEmail] = useState('');
  const [modal, setModal] = useState<'inactive' | 'shared' | 'recover' | null>(null);
  const [notice, setNotice] = useState<Message | null>(null);

  // The e-mailed activation link: confirm the e-mail, then carry on as usual.
  useEffect(() => {
    const token = params.get('activationToken');
    if (!token) return;
    void confirmEmail(token).then((answer) =>
      setNotice(
        answer.ok
          ? { kind: 'ok', text: answer.value.message }
          : { kind: 'error', text: answer.failure.message },
      ),
    );
  }, [params]);

  const title =
    step === 'register'
      ? t('account.access.registerTitle')
      : step === 'reset'
        ? t('account.reset.title')
        : step === 'code'
          ? t('account.access.codeTitle')
          : t('account.access.title');
  return (
    <section className="acc-panel acc-narrow" aria-labelledby="access-title">
      <h1 id="access-title">{title}</h1>
      <Notice message={notice} />
      {step === 'email' && (
        <EmailStep
          t={t}
          churchId={church.id}
          onResult={(value, next) => {
            setEmail(value);
            setNotice(null);
            if (next === 'inactive' || next === 'shared') setModal(next);
            else setStep(next);
          }}
        />
      )}
      {step === 'login' && (
        <LoginStep
          t={t}
          email={email}
          onBack={() => setStep('email')}
          onForgot={() => setModal('recover')}
          onCode={() => setStep('code')}
        />
      )}
      {step === 'code' && (
        <CodeStep
          t={t}
          email={email}
          onBack={(reason) => {
            setNotice(reason ? { kind: 'error', text: reason } : null);
            setStep('login');
          }}
        />
      )}
      {step === 'register' && (
        <RegisterStep
          t={t}
          email={email}
          lang={lang}
          churchId={church.id}
          country={church.pais}
          onBack={() => setStep('email')}
        />
      )}
      {step === 'reset' && (
        <ResetStep
          t={t}
          token={params.get('resetToken') ?? ''}
          onDone={(text) => {
            history.replaceState(null, '', location.pathname);
            setNotice({ kind: 'ok', text });
            setStep('email');
          }}
        />
      )}
      <Modal
        open={modal === 'inactive'}
        title={t('account.inactive.title')}
        onClose={() => setModal(null)}
        closeLabel={t('account.close')}
      >
        <InactiveModal t={t} email={email} churchId={church.id} />
      </Modal>
      <Modal
        open={modal === 'shared'}
        title={t('account.shared.title')}
        onClose={() => setModal(null)}
        closeLabel={t('account.close')}
      >
        <SharedModal
          t={t}
          email={email}
          church={church.nome}
          churchId={church.id}
          onForgot={() => setModal('recover')}
        />
      </Modal>
      <Modal
        open={modal === 'recover'}
        title={t('account.recover.title')}
        onClose={() => setModal(null)}
        closeLabel={t('account.close')}
      >
        <RecoverModal t={t} email={email} churchId={church.id} />
      </Modal>
    </section>
  );
}
