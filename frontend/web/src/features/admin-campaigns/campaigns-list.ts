/**
 * The Campaigns list's view state (docs/product/staff-area.md#admin-screens): search, status, platform, sort and
 * page, all kept in the address so a view survives a reload, and the call they make
 * (docs/api/admin.md, "Paging"): the server filters, sorts and pages.
 */
import { readPage, writePage, type PageRequest } from '../../shared/api/paging';
import { isPlatformFilter } from './campaign-platforms';

export const CAMPAIGN_STATUSES = [
  'active',
  'paused',
  'completed',
  'draft',
  'awaiting_approval',
  'rejected',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** What an admin can set on the edit form; the others are finance's to decide (decision 0035). */
export const SETTABLE_STATUSES = ['active', 'paused', 'completed', 'draft'] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

export const STATUS_LABELS: Record<CampaignStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
  draft: 'Draft',
  awaiting_approval: 'Awaiting approval',
  rejected: 'Rejected',
};

export const STATUS_FILTERS: readonly { value: CampaignStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  ...CAMPAIGN_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
];

/** The sorts offered, as the server names them (`sort` and `order`). */
export const SORTS = [
  { value: 'createdAt-desc', label: 'Newest first' },
  { value: 'createdAt-asc', label: 'Oldest first' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'units-desc', label: 'Most units' },
] as const;
export type SortChoice = (typeof SORTS)[number]['value'];
const DEFAULT_SORT: SortChoice = 'createdAt-desc';

export interface CampaignFilters extends PageRequest {
  q: string;
  status: CampaignStatus | '';
  /** A platform key or a group (social-media, music-streaming, app-stores); '' for all. */
  platform: string;
  sort: SortChoice;
}

export function readFilters(params: URLSearchParams): CampaignFilters {
  const status = params.get('status') ?? '';
  const platform = params.get('platform') ?? '';
  const sort = `${params.get('sort') ?? 'createdAt'}-${params.get('order') ?? 'desc'}`;
  return {
    q: params.get('q') ?? '',
    status: (CAMPAIGN_STATUSES as readonly string[]).includes(status) ? (status as CampaignStatus) : '',
    platform: isPlatformFilter(platform) ? platform : '',
    sort: SORTS.some((s) => s.value === sort) ? (sort as SortChoice) : DEFAULT_SORT,
    ...readPage(params),
  };
}

/** The address's query for a view; defaults are left out so the plain address is the first page of all. */
export function writeFilters(filters: CampaignFilters): URLSearchParams {
  const next = new URLSearchParams();
  if (filters.q) next.set('q', filters.q);
  if (filters.status) next.set('status', filters.status);
  if (filters.platform) next.set('platform', filters.platform);
  if (filters.sort !== DEFAULT_SORT) {
    const [sort, order] = filters.sort.split('-') as [string, string];
    next.set('sort', sort);
    next.set('order', order);
  }
  for (const [name, value] of Object.entries(writePage(filters))) next.set(name, value);
  return next;
}

export function isFiltered(filters: CampaignFilters): boolean {
  return Boolean(filters.q.trim() || filters.status || filters.platform);
}

/** The list call's query: one page, without the submissions the cards don't show. */
export function listQuery(filters: CampaignFilters): Record<string, string | number> {
  const [sort, order] = filters.sort.split('-') as [string, string];
  const q = filters.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.platform ? { platform: filters.platform } : {}),
    sort,
    order,
    page: filters.page,
    pageSize: filters.pageSize,
    submissions: 'none',
  };
}
