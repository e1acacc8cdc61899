// /admin/giving (docs/staff.md "Giving"): the treasurer's dashboard and gifts. One set of filters
// in the address (period, reason, method, status) drives the totals, the chart, the list and the
// CSV, so the numbers on the page always add up; approved gifts by default. The sections in
// gifts/ render src/stores/admin-giving.ts.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { money } from '../../../../../common/format.ts';
import {
  $gifts,
  $giftsDesk,
  giftFilterOf,
  loadGifts,
  loadReasons,
} from '../../../../stores/admin-giving.ts';
import { pageOf, StaffGate, useUrlState, type StaffIslandProps } from '../kit/index.ts';
import { Loader, makeT, Notice, Pager } from '../../ui/index.ts';
import { GiftFilters } from './gifts/GiftFilters.tsx';
import { GiftsTable } from './gifts/GiftsTable.tsx';
import { GivingTotals } from './gifts/GivingTotals.tsx';
import { GivingTabs } from './GivingTabs.tsx';
import './giving.css';

function Gifts({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const [params, update] = useUrlState();
  const gifts = useStore($gifts);
  const { notice } = useStore($giftsDesk);
  const statusParam = params.get('status');
  const filter = giftFilterOf(params);
  const page = pageOf(params);
  const key = JSON.stringify([filter, page]);
  useEffect(() => {
    void loadGifts(slug, filter, page);
    // the filter is new each render: its text says when it changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug, key]);
  useEffect(() => {
    void loadReasons(slug);
  }, [slug]);

  const data = gifts.data;
  const currency = data?.page.moeda ?? 'BRL';
  const fmt = (v: number) => money(v, currency, lang);
  const filtered =
    !!(filter.de || filter.ate || filter.motivo || filter.metodo) || statusParam !== null;
  return (
    <>
      <h1>{t('admin.giving.title')}</h1>
      <GivingTabs current="gifts" t={t} />
      <GiftFilters
        slug={slug}
        filter={filter}
        statusParam={statusParam}
        filtered={filtered}
        update={update}
        t={t}
      />
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {gifts.state === 'error' && <Notice kind="error">{gifts.message}</Notice>}
      {!data ? (
        gifts.state !== 'error' && <Loader label={t('admin.shell.loading')} />
      ) : (
        <div aria-busy={gifts.state === 'loading' || undefined}>
          <GivingTotals summary={data.summary} fmt={fmt} t={t} />
          <h2>{t('admin.giving.gifts')}</h2>
          <p role="status">{t.plural('admin.giving.giftCount', data.page.total)}</p>
          <GiftsTable
            slug={slug}
            gifts={data.page}
            filter={filter}
            page={page}
            filtered={filtered}
            fmt={fmt}
            t={t}
            lang={lang}
          />
          <Pager
            page={data.page.page}
            totalPages={data.page.totalPages}
            onPage={(p) => update({ page: p > 1 ? p : null })}
            t={t}
          />
        </div>
      )}
    </>
  );
}

export default function GivingIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="giving">
      {() => <Gifts {...props} />}
    </StaffGate>
  );
}
