/**
 * The FAQ (docs/product/user-site.md#public-site): four categories, answers written from the product's rules
 * (docs/product/settled-contradictions.md). Answers that quote a configured figure take the site figures and, when they
 * are not known, say the same thing without the figure.
 */
import { BANKS_ALWAYS_OFFERED } from '../../shared/api/ledger-lists';
import {
  DATA_RETENTION,
  MINIMUM_AGE,
  RESET_LINK_MINUTES,
  SUBMISSION_REVIEW_TIME,
} from '../../shared/constants';
import type { SiteFigures } from './api';
import {
  fixed,
  MINIMUM_WITHDRAWAL,
  REGISTRATION_FEE,
  TASK_PAY,
  WITHDRAWAL_TIME,
  type FaqItem,
} from './faq-essentials';
import { nairaFigure } from './figures';

export type { FaqItem };

export interface FaqCategory {
  id: string;
  title: string;
  items: FaqItem[];
}

export const FAQ_CATEGORIES: FaqCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    items: [
      {
        id: 'what-is-kobo',
        question: 'What is Kobo?',
        answer: fixed(
          'Kobo is a platform where people in Nigeria earn naira by completing small social-media and app tasks: liking, commenting, sharing, following, watching videos, joining groups, installing apps and visiting websites.',
          'You send a screenshot as proof, we verify it, and you withdraw your earnings to your own Nigerian bank account.',
        ),
      },
      REGISTRATION_FEE,
      {
        id: 'who-can-join',
        question: 'Who can join Kobo?',
        answer: fixed(
          `Anyone aged ${MINIMUM_AGE} or older who lives in Nigeria and has a Nigerian bank account in their own name. Each person may hold one account only.`,
        ),
      },
      {
        id: 'how-to-start',
        question: 'How do I get started?',
        answer: (figures) => [
          'Sign up with your name, a username, your email address and phone number, then sign in and open Available Tasks to pick your first task.',
          figures
            ? `Your ${nairaFigure(figures.signupBonus)} signup bonus is added to your activity balance as soon as your account is created.`
            : 'A signup bonus is added to your activity balance as soon as your account is created.',
        ],
      },
      {
        id: 'change-username',
        question: 'Can I change my username later?',
        answer: fixed(
          'No. Your username cannot be changed after your account is created, so choose it carefully. You can update your name, email address and phone number in Settings.',
        ),
      },
    ],
  },
  {
    id: 'earning',
    title: 'Earning & Tasks',
    items: [
      {
        id: 'task-kinds',
        question: 'What kinds of tasks are available?',
        answer: fixed(
          'Tasks include liking, commenting on and sharing posts, following accounts, watching videos, joining groups and channels, installing apps, visiting websites and taking part in activities, on platforms such as Facebook, Instagram, X (Twitter), TikTok, YouTube, WhatsApp, Telegram, Spotify, Audiomack, Boomplay and the app stores.',
          'New tasks are added as advertisers fund campaigns, so check Available Tasks regularly.',
        ),
      },
      TASK_PAY,
      {
        id: 'complete-task',
        question: 'How do I complete a task?',
        answer: fixed(
          'Open the task, read the instructions and tap Perform Task to open it on the platform. Do exactly what it asks, take a clear screenshot that shows the completed action, then upload the screenshot (PNG, JPEG or WebP, up to 10 MB) and submit.',
          'You can submit each task once, so make sure the screenshot shows everything the instructions ask for.',
        ),
      },
      {
        id: 'verification-time',
        question: 'How long does task verification take?',
        answer: fixed(
          `Submissions are usually verified within ${SUBMISSION_REVIEW_TIME}. Once approved, the reward is added to your account balance. If a submission is not approved, you will see the reason so you can do better on the next task.`,
        ),
      },
      {
        id: 'activity-tasks',
        question: 'What are activity tasks?',
        answer: fixed(
          'Activity tasks need no screenshot: completing them credits your activity balance straight away. They are marked Activity in the task list.',
        ),
      },
      {
        id: 'referrals',
        question: 'How does the referral programme work?',
        answer: (figures) => [
          'Copy your invitation link from your dashboard and share it with friends.',
          figures
            ? `When someone signs up with your link, you earn a ${nairaFigure(figures.referralBonus)} referral bonus in your account balance as soon as their first task is approved.`
            : 'When someone signs up with your link, you earn a referral bonus in your account balance as soon as their first task is approved.',
          'The bonus is paid on their first approved task rather than at sign-up, which keeps the programme fair for everyone.',
        ],
      },
    ],
  },
  {
    id: 'payments',
    title: 'Payments & Withdrawals',
    items: [
      {
        id: 'two-balances',
        question: 'What is the difference between my account balance and activity balance?',
        answer: fixed(
          'Your account balance holds approved task rewards and referral bonuses. Your activity balance holds activity rewards and your signup bonus.',
          'Each balance is withdrawn separately, with its own minimum amount.',
        ),
      },
      MINIMUM_WITHDRAWAL,
      WITHDRAWAL_TIME,
      {
        id: 'withdrawal-fee',
        question: 'Is there a withdrawal fee?',
        answer: (figures) => {
          if (!figures)
            return ['Any withdrawal fee is shown on the Withdraw page before you confirm a request.'];
          if (figures.withdrawalFee === 0) return ['No. Kobo does not charge a fee for withdrawals.'];
          return [
            `A fee of ${nairaFigure(figures.withdrawalFee)} is deducted from each withdrawal, and the rest is paid to your bank account. The fee is shown before you confirm.`,
          ];
        },
      },
      {
        id: 'banks',
        question: 'Which banks can I withdraw to?',
        answer: fixed(
          `You can withdraw to an account in your own name at any bank in the list in Settings, which always includes these ${BANKS_ALWAYS_OFFERED.length}: ${BANKS_ALWAYS_OFFERED.join(', ')}.`,
        ),
      },
      {
        id: 'withdrawal-rejected',
        question: 'What happens if a withdrawal is rejected or fails?',
        answer: fixed(
          'The amount goes straight back to your balance and you can request it again. The most common cause is bank details that do not match the account holder, so check them in Settings first.',
        ),
      },
    ],
  },
  {
    id: 'account',
    title: 'Account & Security',
    items: [
      {
        id: 'one-account',
        question: 'Can I have more than one account?',
        answer: fixed('No. Kobo allows one account per person. Duplicate accounts may be suspended.'),
      },
      {
        id: 'forgot-password',
        question: 'I forgot my password. What should I do?',
        answer: fixed(
          `Choose "Forgot password" on the sign-in page and enter your email address. We will email you a reset link that works once and expires after ${RESET_LINK_MINUTES} minutes. If nothing arrives within a few minutes, check your spam folder.`,
        ),
      },
      {
        id: 'account-safety',
        question: 'How is my account kept safe?',
        answer: fixed(
          'Your password is stored hashed, never in plain text, and your session ends after one day. Changing your sign-in email or bank details needs your current password, and for your protection withdrawals pause for a short time after bank details change.',
          'Kobo staff will never ask for your password.',
        ),
      },
      {
        id: 'update-details',
        question: 'How do I update my profile or bank details?',
        answer: fixed(
          'Sign in and open Settings. The Profile tab holds your name, phone number and email address; the Bank tab holds your bank, account number and account name.',
        ),
      },
      {
        id: 'delete-account',
        question: 'How do I delete my account?',
        answer: fixed(
          'Open Settings, then Security, and choose Delete Account. Enter your password and confirm. Withdraw any balance first: deletion cannot be undone.',
          `Transaction records are kept for ${DATA_RETENTION}; see our Privacy Policy.`,
        ),
      },
    ],
  },
];

export interface FaqResult {
  categories: FaqCategory[];
  /** Matching questions in all categories. */
  count: number;
}

/**
 * The categories and questions matching a search: every word of the query must appear in the
 * question or its answer (case-insensitive). An empty query matches everything.
 */
export function filterFaq(
  categories: FaqCategory[],
  query: string,
  figures: SiteFigures | undefined,
): FaqResult {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = categories
    .map((category) => ({
      ...category,
      items: category.items.filter((item) => {
        const text = [item.question, ...item.answer(figures)].join(' ').toLowerCase();
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((category) => category.items.length > 0);
  return { categories: matching, count: matching.reduce((sum, category) => sum + category.items.length, 0) };
}

/** '1 result', '3 results'. */
export function resultCount(count: number): string {
  return `${count} ${count === 1 ? 'result' : 'results'}`;
}
