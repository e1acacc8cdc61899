// /admin/home (docs/staff.md "Home"): banners, the weekly schedule and live streams, one tab each
// (the tab lives in the address, so a link opens it).
import { useStore } from '@nanostores/react';
import { useEffect, type MouseEvent } from 'react';
import { $home, loadHome } from '../../../../stores/admin-home.ts';
import { StaffGate, useUrlState, type StaffIslandProps } from '../kit/index.ts';
import { Loader, makeT, Notice } from '../../ui/index.ts';
import { BannersSection } from './BannersSection.tsx';
import { ScheduleSection } from './ScheduleSection.tsx';
import { StreamsSection } from './StreamsSection.tsx';
import { homeTabs, type Tab } from './tabs.ts';
import './site.css';

function HomeBody({ slug, lang, strings, modules }: StaffIslandProps & { modules: string[] }) {
  const t = makeT(strings, lang);
  const home = useStore($home);
  const [params, update] = useUrlState();
  const tabs = homeTabs(modules);
  const tab: Tab = (tabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'banners';
  useEffect(() => {
    void loadHome(slug);
  }, [slug]);
  const open = (next: Tab) => (event: MouseEvent) => {
    event.preventDefault();
    update({ tab: next === 'banners' ? null : next });
  };
  return (
    <div className="site-area">
      <h1>{t('admin.site.home.title')}</h1>
      <nav className="site-tabs" aria-label={t('admin.site.home.sections')}>
        <ul>
          {tabs.map((name) => (
            <li key={name}>
              <a
                href={name === 'banners' ? '?' : `?tab=${name}`}
                aria-current={name === tab ? 'page' : undefined}
                onClick={open(name)}
              >
                {t(`admin.site.tab.${name}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="site-section-title">
        <h2 id="site-section-title">{t(`admin.site.tab.${tab}`)}</h2>
        <p className="site-intro">{t(`admin.site.intro.${tab}`)}</p>
        {home.state === 'loading' && <Loader label={t('admin.site.loading')} />}
        {home.state === 'error' && <Notice kind="error">{home.message}</Notice>}
        {tab === 'banners' && <BannersSection slug={slug} t={t} lang={lang} />}
        {tab === 'schedule' && <ScheduleSection slug={slug} t={t} lang={lang} />}
        {tab === 'live' && <StreamsSection slug={slug} t={t} lang={lang} />}
      </section>
    </div>
  );
}

export default function HomeIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="home">
      {(me) => <HomeBody {...props} modules={me.modulos} />}
    </StaffGate>
  );
}
