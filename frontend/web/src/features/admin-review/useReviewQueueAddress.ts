/** The review queue's filters (campaign, platform) and page, kept in the address; a new filter starts at page 1. */
import { useSearchParams } from 'react-router-dom';
import { readPage, writePage, type PageRequest } from '../../shared/api/paging';

export type QueueView = { campaign?: string; platform?: string } & Partial<PageRequest>;

export function useReviewQueueAddress() {
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaign') ?? '';
  const platform = params.get('platform') ?? '';
  const page = readPage(params);

  function show(next: QueueView) {
    const wanted = {
      campaign: next.campaign ?? campaignId,
      platform: next.platform ?? platform,
    };
    const filtersChanged = next.campaign !== undefined || next.platform !== undefined;
    setParams(
      {
        ...(wanted.campaign ? { campaign: wanted.campaign } : {}),
        ...(wanted.platform ? { platform: wanted.platform } : {}),
        ...writePage({
          page: filtersChanged ? 1 : (next.page ?? page.page),
          pageSize: next.pageSize ?? page.pageSize,
        }),
      },
      { replace: true },
    );
  }

  return { campaignId, platform, page, show };
}
