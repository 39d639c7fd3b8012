/**
 * Every client route. Each page is its own lazy chunk, so the landing page downloads neither the
 * user area nor (later) the back office. Guards here are a convenience: the API checks the role in
 * the signed token on every call.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
// Loaded with the app, not lazily: it must render even when a chunk fails to load.
import { RouteErrorPage } from '../features/site/RouteErrorPage';
import { prepareIcons } from '../shared/ui/icon-paths';
import { pageCodeFailed } from '../shared/page-code';
import { RequireSession } from './guards';

/**
 * A lazy route whose module exports the component under `name`. Blueprint's icons are set up
 * beside it (prepareIcons), except for the landing page and its frame, which draw their own. Code
 * that cannot be downloaded (offline, or a new version deployed since the page was opened) reloads
 * the page once, or shows the error page's friendly retry (shared/page-code.ts).
 */
function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  { blueprintIcons = true } = {},
) {
  return async () => {
    try {
      const [module] = await Promise.all([load(), blueprintIcons ? prepareIcons() : undefined]);
      return { Component: module[name] as ComponentType };
    } catch (error) {
      return pageCodeFailed(error);
    }
  };
}

export const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        // Public pages with the header and footer.
        lazy: lazyPage(() => import('../features/site/SiteLayout'), 'SiteLayout', { blueprintIcons: false }),
        children: [
          {
            index: true,
            lazy: lazyPage(() => import('../features/site/LandingPage'), 'LandingPage', {
              blueprintIcons: false,
            }),
          },
          { path: 'about', lazy: lazyPage(() => import('../features/site/AboutPage'), 'AboutPage') },
          { path: 'faq', lazy: lazyPage(() => import('../features/site/FaqPage'), 'FaqPage') },
          { path: 'contact', lazy: lazyPage(() => import('../features/site/ContactPage'), 'ContactPage') },
          { path: 'terms', lazy: lazyPage(() => import('../features/site/TermsPage'), 'TermsPage') },
          { path: 'privacy', lazy: lazyPage(() => import('../features/site/PrivacyPage'), 'PrivacyPage') },
        ],
      },
      // Public pages without the frame.
      { path: 'login', lazy: lazyPage(() => import('../features/account/LoginPage'), 'LoginPage') },
      { path: 'signup', lazy: lazyPage(() => import('../features/account/SignupPage'), 'SignupPage') },
      {
        path: 'forgot-password',
        lazy: lazyPage(() => import('../features/account/ForgotPasswordPage'), 'ForgotPasswordPage'),
      },
      {
        path: 'reset-password/:token?',
        lazy: lazyPage(() => import('../features/account/ResetPasswordPage'), 'ResetPasswordPage'),
      },
      {
        // The signed-in user's area.
        path: 'dashboard',
        element: <RequireSession role="user" />,
        children: [
          {
            lazy: lazyPage(() => import('../features/user-shell/UserLayout'), 'UserLayout'),
            children: [
              {
                index: true,
                lazy: lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
              },
              {
                path: 'tasks',
                lazy: lazyPage(() => import('../features/campaigns/CampaignsPage'), 'CampaignsPage'),
              },
              {
                path: 'history',
                lazy: lazyPage(() => import('../features/history/HistoryPage'), 'HistoryPage'),
              },
              {
                path: 'withdraw',
                lazy: lazyPage(() => import('../features/withdraw/WithdrawPage'), 'WithdrawPage'),
              },
              {
                path: 'statement',
                lazy: lazyPage(() => import('../features/statement/StatementPage'), 'StatementPage'),
              },
              {
                path: 'settings',
                lazy: lazyPage(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
              },
              {
                path: 'support',
                lazy: lazyPage(() => import('../features/support/SupportPage'), 'SupportPage'),
              },
            ],
          },
        ],
      },
      {
        path: 'admin/login',
        lazy: lazyPage(() => import('../features/admin-shell/AdminLoginPage'), 'AdminLoginPage'),
      },
      {
        // The admin area (docs/product/staff-area.md#routes-and-guards): its own sign-in, menu and guard.
        path: 'admin',
        element: <RequireSession role="admin" signInPath="/admin/login" />,
        children: [
          {
            lazy: lazyPage(() => import('../features/admin-shell/StaffLayout'), 'AdminLayout'),
            children: [
              {
                index: true,
                lazy: lazyPage(
                  () => import('../features/admin-dashboard/AdminDashboardPage'),
                  'AdminDashboardPage',
                ),
              },
              {
                path: 'campaigns',
                lazy: lazyPage(
                  () => import('../features/admin-campaigns/AdminCampaignsPage'),
                  'AdminCampaignsPage',
                ),
              },
              {
                path: 'users',
                lazy: lazyPage(() => import('../features/admin-users/AdminUsersPage'), 'AdminUsersPage'),
              },
              {
                path: 'active-campaigns',
                lazy: lazyPage(
                  () => import('../features/admin-review/ActiveCampaignsPage'),
                  'ActiveCampaignsPage',
                ),
              },
              {
                path: 'review',
                lazy: lazyPage(() => import('../features/admin-review/ReviewQueuePage'), 'ReviewQueuePage'),
              },
              {
                path: 'active-campaigns/:campaignId/review',
                lazy: lazyPage(
                  () => import('../features/admin-review/CampaignReviewPage'),
                  'CampaignReviewPage',
                ),
              },
              {
                path: 'withdrawals',
                lazy: lazyPage(
                  () => import('../features/admin-withdrawals/AdminWithdrawalsPage'),
                  'AdminWithdrawalsPage',
                ),
              },
              {
                path: 'transactions',
                lazy: lazyPage(
                  () => import('../features/admin-transactions/AdminTransactionsPage'),
                  'AdminTransactionsPage',
                ),
              },
              {
                path: 'community',
                lazy: lazyPage(
                  () => import('../features/admin-community/CommunityLinksPage'),
                  'CommunityLinksPage',
                ),
              },
            ],
          },
        ],
      },
      {
        // The finance area (docs/product/staff-area.md#the-finance-area): finance staff, and admins, who may read it.
        path: 'finance',
        element: <RequireSession role={['finance', 'admin']} signInPath="/admin/login" />,
        children: [
          {
            lazy: lazyPage(() => import('../features/admin-shell/StaffLayout'), 'FinanceLayout'),
            children: [
              {
                index: true,
                lazy: lazyPage(
                  () => import('../features/finance-journal/FinanceHomePage'),
                  'FinanceHomePage',
                ),
              },
              {
                path: 'events/:eventId',
                lazy: lazyPage(() => import('../features/finance-journal/EventPage'), 'EventPage'),
              },
              {
                path: 'accounts/:account',
                lazy: lazyPage(() => import('../features/finance-journal/AccountPage'), 'AccountPage'),
              },
              {
                path: 'payouts',
                lazy: lazyPage(() => import('../features/finance-payouts/PayoutsPage'), 'PayoutsPage'),
              },
              {
                path: 'adjustments',
                lazy: lazyPage(
                  () => import('../features/finance-adjustments/AdjustmentsPage'),
                  'AdjustmentsPage',
                ),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: lazyPage(() => import('../features/site/NotFoundPage'), 'NotFoundPage') },
    ],
  },
];

/** The browser's router (main.tsx creates it once, before the first render or hydration). */
export const createRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createRouter>;
