/**
 * The product's constants (docs/product/user-site.md#figures-and-limits, as docs/product/settled-contradictions.md settles them). Figures that
 * the server configures (minimum withdrawals, fee, bonuses) are not here: screens read them from
 * the API (`withdrawalRules` on the dashboard, the public site figures).
 */
export const PRODUCT_NAME = 'Kobo';
export const SESSION_LIFETIME_SECONDS = 86_400;
export const MIN_PASSWORD_LENGTH = 6;
export const MIN_USERNAME_LENGTH = 3;
/** The server's bound on a first or last name (docs/api/auth.md). */
export const MAX_NAME_LENGTH = 50;
export const WITHDRAWAL_PROCESSING = '24-48 hours';
export const SUBMISSION_REVIEW_TIME = '1-7 hours';
export const RESET_LINK_MINUTES = 15;
export const RESET_REDIRECT_MS = 3000;
export const WELCOME_POPUP_AUTO_CLOSE_MS = 60_000;
export const WELCOME_POPUP_FLAG = 'hasSeenWelcomeModal';
export const COPY_CONFIRMATION_MS = 2000;
export const RECENT_TRANSACTIONS_SHOWN = 4;
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
export const PROOF_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const TOOLTIP_HOVER_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const CAROUSEL_OPTIONS = { loop: true, duration: 25 } as const;
export const EMAIL_RESPONSE_TIME = 'within 24 hours';
export const UPTIME_TARGET = '99.9%';
export const DATA_RETENTION = '7 years after account closure';
export const MINIMUM_AGE = 18;
export const LEGAL_LAST_UPDATED = 'July 2025';
/** When the support team answers, one source for every page that says it (times in WAT). */
export const SUPPORT_HOURS = [
  { days: 'Monday - Friday', hours: '9 AM - 6 PM WAT' },
  { days: 'Saturday', hours: '10 AM - 4 PM WAT' },
  { days: 'Sunday', hours: 'Closed' },
] as const;
/** The same hours in one line. */
export const SUPPORT_HOURS_SUMMARY =
  'Monday to Friday 9 AM - 6 PM and Saturday 10 AM - 4 PM (WAT); closed on Sundays';
