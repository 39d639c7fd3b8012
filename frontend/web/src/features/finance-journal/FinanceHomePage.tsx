/**
 * /finance: the journal and the tools, one tab each, the tab in the address so a view can be
 * shared: Journal (every event with its postings), Overview (charts and the journal export) and
 * Audit (verify, rebuild, projector status).
 */
import { Tab, Tabs } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { FinanceOverview } from '../finance-audit/FinanceOverview';
import { LedgerAudit } from '../finance-audit/LedgerAudit';
import { PageHeader } from '../../shared/ui/PageHeader';
import { JournalExplorer } from './JournalExplorer';

const TABS = ['journal', 'overview', 'audit'] as const;
type FinanceTab = (typeof TABS)[number];

export function FinanceHomePage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: FinanceTab = TABS.includes(asked as FinanceTab) ? (asked as FinanceTab) : 'journal';

  return (
    <main className="kobo-page kobo-finance">
      <PageHeader
        title="Finance"
        subtitle="The ledger's journal, its audit tools and the money at a glance."
      />
      <Tabs
        id="finance-tabs"
        selectedTabId={tab}
        // Each tab keeps only its own filters: switching starts the other tab afresh.
        onChange={(next) => setParams(next === 'journal' ? {} : { tab: String(next) })}
        renderActiveTabPanelOnly
        large
      >
        <Tab id="journal" title="Journal" panel={<JournalExplorer />} />
        <Tab id="overview" title="Overview" panel={<FinanceOverview />} />
        <Tab id="audit" title="Audit" panel={<LedgerAudit />} />
      </Tabs>
    </main>
  );
}
