/**
 * Campaigns (docs/product/staff-area.md#admin-screens): the figures, a searchable and filterable grid of every
 * campaign paged by the server, with the view kept in the address, and create, edit, view,
 * pause/resume and delete.
 */
import { Alert, Button } from '@blueprintjs/core';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/api';
import { useGetAdminStatsQuery } from '../../shared/api/admin';
import { formatNaira } from '../../shared/money';
import { useToast } from '../../shared/toast/toast';
import { FilterSelect, ListFilters } from '../../shared/ui/ListFilters';
import { AsOf, StaleNotice } from '../../shared/ui/LastKnown';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Pager } from '../../shared/ui/Pager';
import { StatCard } from '../../shared/ui/StatCard';
import { useAddressParams } from '../../shared/ui/useAddressParams';
import { useDebouncedSearch } from '../../shared/ui/useDebouncedSearch';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { useToggleCampaignStatusMutation, type AdminCampaign } from '../admin-review/api';
import { useDeleteCampaignMutation, useGetCampaignPageQuery } from './api';
import { PLATFORM_FILTER_GROUPS, platformLabel } from './campaign-platforms';
import { CampaignCard, CampaignDetailsDialog, type CampaignActions } from './CampaignParts';
import { CampaignFormDialog } from './CampaignFormDialog';
import {
  isFiltered,
  readFilters,
  SORTS,
  STATUS_FILTERS,
  writeFilters,
  type CampaignFilters,
} from './campaigns-list';
import './admin-campaigns.css';

const TOGGLE_FAILED = 'Failed to change campaign status. Please try again.';
const DELETE_FAILED = 'Failed to delete campaign. Please try again.';

export function AdminCampaignsPage() {
  const [params, changeParams] = useAddressParams();
  const filters = readFilters(params);
  const list = useGetCampaignPageQuery(filters);
  const stats = useGetAdminStatsQuery();
  const [toggle] = useToggleCampaignStatusMutation();
  const [remove, removing] = useDeleteCampaignMutation();
  const toast = useToast();

  const [viewing, setViewing] = useState<AdminCampaign | null>(null);
  // undefined: closed; null: a new campaign.
  const [editing, setEditing] = useState<AdminCampaign | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminCampaign | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);

  function show(next: Partial<CampaignFilters>) {
    // Any change but the page itself starts again at the first page.
    const page = next.page ?? 1;
    changeParams((current) => writeFilters({ ...readFilters(current), ...next, page }));
  }

  // The search goes to the address (and the server) once typing pauses.
  const [search, setSearch] = useDebouncedSearch(filters.q, (q) => show({ q }));

  function clearFilters() {
    show({ q: '', status: '', platform: '' });
  }

  async function onToggle(campaign: AdminCampaign) {
    setToggling(campaign._id);
    try {
      const answer = await toggle(campaign._id).unwrap();
      toast.success(`Campaign status changed to ${answer.status}.`);
    } catch (error) {
      toast.error(errorMessage(error, TOGGLE_FAILED));
    } finally {
      setToggling(null);
    }
  }

  async function onDelete() {
    if (!deleting) return;
    try {
      await remove(deleting._id).unwrap();
      toast.success('Campaign has been deleted successfully.');
      setDeleting(null);
    } catch (error) {
      toast.error(errorMessage(error, DELETE_FAILED));
    }
  }

  const actions: CampaignActions = {
    onView: setViewing,
    onEdit: setEditing,
    onToggle: (campaign) => void onToggle(campaign),
    onDelete: setDeleting,
    toggling,
  };
  const filtered = isFiltered(filters);
  const page = list.data;

  let body;
  if (list.isLoading) body = <LoadingState label="Loading campaigns..." />;
  else if (list.isError && !page)
    body = (
      <div className="kobo-card">
        <ErrorState
          title="Could not load campaigns"
          message={errorMessage(list.error, 'Please check your connection and try again.')}
          onRetry={() => void list.refetch()}
        />
      </div>
    );
  else if (!page || page.items.length === 0)
    body = (
      <div className="kobo-card">
        <EmptyState
          icon={filtered ? 'search' : 'projects'}
          title="No campaigns found"
          description={
            filtered
              ? 'No campaign matches these filters.'
              : 'There are no campaigns yet. Create one to put tasks in front of users.'
          }
          action={
            filtered ? (
              <Button icon="filter-remove" text="Clear filters" onClick={clearFilters} />
            ) : (
              <Button icon="add" intent="primary" text="Create campaign" onClick={() => setEditing(null)} />
            )
          }
        />
      </div>
    );
  else
    body = (
      <>
        <ul
          className="kobo-admin-campaigns-grid"
          aria-label="Campaigns"
          aria-busy={list.isFetching || undefined}
        >
          {page.items.map((campaign) => (
            <li key={campaign._id}>
              <CampaignCard campaign={campaign} actions={actions} />
            </li>
          ))}
        </ul>
        <Pager
          label="Campaign pages"
          page={filters.page}
          pageSize={filters.pageSize}
          total={page.total}
          onChange={(next) => show(next)}
        />
      </>
    );

  const count = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString('en-NG'));

  return (
    <main className="kobo-page">
      <PageHeader
        title="Campaigns"
        note={<AsOf fulfilledTimeStamp={list.fulfilledTimeStamp} />}
        subtitle="Task campaigns: create, edit, pause and resume."
        actions={
          <Button icon="add" intent="primary" text="Create campaign" onClick={() => setEditing(null)} />
        }
      />
      <div className="kobo-grid kobo-admin-campaigns-stats">
        <StatCard
          label="Total Campaigns"
          value={count(stats.data?.totalCampaigns)}
          icon="projects"
          tone="brand"
        />
        <StatCard label="Active Campaigns" value={count(stats.data?.activeCampaigns)} icon="pulse" />
        <StatCard
          label="Total Budget"
          value={stats.data ? formatNaira(stats.data.totalBudget) : '—'}
          icon="bank-account"
        />
        <StatCard label="Completed Tasks" value={count(stats.data?.completedTasks)} icon="tick-circle" />
      </div>
      <ListFilters
        label="Filter campaigns"
        search={{
          id: 'kobo-admin-campaigns-search',
          placeholder: 'Title, variation or URL',
          value: search,
          onChange: setSearch,
        }}
      >
        <FilterSelect
          id="kobo-admin-campaigns-status"
          label="Status"
          value={filters.status}
          onChange={(status: CampaignFilters['status']) => show({ status })}
          options={STATUS_FILTERS.map((s) => ({ value: s.value, label: s.label }))}
        />
        <FilterSelect
          id="kobo-admin-campaigns-platform"
          label="Platform"
          value={filters.platform}
          onChange={(platform) => show({ platform })}
        >
          <option value="">All platforms</option>
          {PLATFORM_FILTER_GROUPS.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.value ? <option value={group.value}>All {group.label.toLowerCase()}</option> : null}
              {group.platforms.map((platform) => (
                <option key={platform} value={platform}>
                  {platformLabel(platform)}
                </option>
              ))}
            </optgroup>
          ))}
        </FilterSelect>
        <FilterSelect
          id="kobo-admin-campaigns-sort"
          label="Sort"
          value={filters.sort}
          onChange={(sort: CampaignFilters['sort']) => show({ sort })}
          options={SORTS.map((s) => ({ value: s.value, label: s.label }))}
        />
      </ListFilters>
      <StaleNotice read={list} />
      {body}
      <CampaignDetailsDialog campaign={viewing} onClose={() => setViewing(null)} />
      <CampaignFormDialog campaign={editing} onClose={() => setEditing(undefined)} />
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete campaign"
        cancelButtonText="Cancel"
        loading={removing.isLoading}
        canEscapeKeyCancel
        onConfirm={() => void onDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>
          Delete <strong>{deleting?.taskName}</strong>? Pending submissions are rejected and the unspent
          budget is returned. This cannot be undone.
        </p>
      </Alert>
    </main>
  );
}
