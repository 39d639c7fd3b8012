/**
 * Settings sent to from another page (Withdraw's "Go to Settings" when bank details are missing):
 * it opens on the right tab and, once the bank details are saved, goes back. The address says
 * where (`?tab=bank&back=/dashboard/withdraw`), so a reload keeps it; only the pages named here are
 * ever gone back to, so an address from elsewhere (another site, `//host`, `javascript:`) is not.
 */
export type SettingsTab = 'profile' | 'bank' | 'security' | 'notifications';

/** The pages Settings may send the person back to, with their names. */
const WAYS_BACK: Readonly<Record<string, string>> = {
  '/dashboard/withdraw': 'Withdraw',
};

/** Where the person came from to set their bank details, to go back to once saved. */
export interface WayBack {
  to: string;
  /** The page's name ('Withdraw'). */
  page: string;
  /** The page before this one in the history is `to` itself: going back returns to it. */
  inHistory: boolean;
}

/** How a page sends the person to a Settings tab with the way back to itself. */
export function settingsWithWayBack(tab: SettingsTab, from: string): { to: string; state: { from: string } } {
  return {
    to: `/dashboard/settings?${new URLSearchParams({ tab, back: from }).toString()}`,
    state: { from },
  };
}

/** The way back that `?back=` names, when it is one of ours; `state`: the history entry's. */
export function wayBackOf(back: string | null, state: unknown): WayBack | null {
  if (!back || !Object.hasOwn(WAYS_BACK, back)) return null;
  const from = (state as { from?: unknown } | null)?.from;
  return { to: back, page: WAYS_BACK[back]!, inHistory: from === back };
}
