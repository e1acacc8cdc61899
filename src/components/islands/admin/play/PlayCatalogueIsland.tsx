// /admin/play/collections, /tags, /plans and /subscribers (docs/staff.md "Play"): the church's
// collections (with their image) and tags (new, edit in place, delete), the plans members buy
// (price, contracting fee and period; withdraw, delete, move up or down: the public plans list
// follows that order), and the subscribers with their state, filtered in the address.
// Each page is a section in catalogue/ over src/stores/admin-play.ts.
import { StaffGate, type StaffIslandProps } from '../kit/index.ts';
import { makeT } from '../../ui/index.ts';
import { Collections } from './catalogue/Collections.tsx';
import { Plans } from './catalogue/Plans.tsx';
import { Subscribers } from './catalogue/Subscribers.tsx';
import { Tags } from './catalogue/Tags.tsx';
import { PlayTabs } from './PlayTabs.tsx';
import './play.css';

export type CatalogueView = 'collections' | 'tags' | 'plans' | 'subscribers';

export default function PlayCatalogueIsland(props: StaffIslandProps & { view: CatalogueView }) {
  const t = makeT(props.strings, props.lang);
  const { slug, lang, view } = props;
  return (
    <StaffGate {...props} area="play">
      {() => (
        <>
          <h1>{t(`admin.play.tab.${view}`)}</h1>
          <PlayTabs t={t} current={view} />
          {view === 'collections' && <Collections slug={slug} t={t} />}
          {view === 'tags' && <Tags slug={slug} t={t} />}
          {view === 'plans' && <Plans slug={slug} t={t} lang={lang} />}
          {view === 'subscribers' && <Subscribers slug={slug} t={t} lang={lang} />}
        </>
      )}
    </StaffGate>
  );
}
