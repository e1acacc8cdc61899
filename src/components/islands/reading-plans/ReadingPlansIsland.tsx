// Reading plans (spec §2 /reading-plans and /embed/reading-plans; §4 start, reset, delete —
// irreversible, with confirmation): Discover and My plans tabs, a plan with today's reading,
// progress, "catch me up", and the two delete steps. `base` tells the app pages from the embeds.
// Each screen is a section over the store src/stores/reading-plans.ts (docs/reading-plans.md).
import { useMemo } from 'react';
import { Loader, MemberGate, makeT, useSession, type T } from '../ui/index.ts';
import DeleteSteps from './DeleteSteps.tsx';
import PlanPage from './PlanPage.tsx';
import PlansList from './PlansList.tsx';
import type { Props } from './plan-parts.tsx';

export default function ReadingPlansIsland(props: Props) {
  const t = useMemo(() => makeT(props.strings, props.lang), [props.strings, props.lang]);
  const body = <Screen {...props} t={t} />;
  // the app's routes need a login (routes.tsv "auth"); the embeds are public and ask for it only to act
  return props.base === '/reading-plans' ? (
    <MemberGate church={props.church} loadingLabel={t('plans.loading')}>
      {body}
    </MemberGate>
  ) : (
    body
  );
}

function Screen(props: Props & { t: T }) {
  const { loggedIn, ready } = useSession(props.church);
  if (!ready) return <Loader label={props.t('plans.loading')} />;
  if (props.mode === 'list') return <PlansList {...props} loggedIn={loggedIn} />;
  if (props.mode === 'detail') return <PlanPage {...props} loggedIn={loggedIn} />;
  return <DeleteSteps {...props} loggedIn={loggedIn} />;
}
