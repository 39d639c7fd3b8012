/**
 * The FAQ answers the landing page also shows, in their own module so the landing page does not
 * download the whole FAQ.
 */
import { WITHDRAWAL_PROCESSING } from '../../shared/constants';
import type { SiteFigures } from './api';
import { nairaFigure } from './figures';

export interface FaqItem {
  id: string;
  question: string;
  /** Paragraphs of the answer. */
  answer: (figures: SiteFigures | undefined) => string[];
}

export const fixed =
  (...paragraphs: string[]) =>
  (): string[] =>
    paragraphs;

export const REGISTRATION_FEE: FaqItem = {
  id: 'registration-fee',
  question: 'Is there a registration fee?',
  answer: fixed(
    'No. Creating a Kobo account is free, and you never pay to receive or complete tasks. Be wary of anyone asking you to pay to "activate" a Kobo account: we never do.',
  ),
};

export const TASK_PAY: FaqItem = {
  id: 'task-pay',
  question: 'How much does each task pay?',
  answer: fixed(
    'Tasks pay from ₦10 to ₦500 each. As a guide: likes pay ₦10-₦25, comments ₦25-₦50, shares ₦50-₦100 and videos ₦20-₦30 per minute watched.',
    'The exact reward is shown on every task before you start it.',
  ),
};

export const MINIMUM_WITHDRAWAL: FaqItem = {
  id: 'minimum-withdrawal',
  question: 'What is the minimum withdrawal amount?',
  answer: (figures) =>
    figures
      ? [
          `The minimum withdrawal is ${nairaFigure(figures.minWithdrawalAccount)} from your account balance and ${nairaFigure(figures.minWithdrawalActivity)} from your activity balance.`,
        ]
      : [
          'Each balance has its own minimum withdrawal amount. You will find both on the Withdraw page once you sign in.',
        ],
};

export const WITHDRAWAL_TIME: FaqItem = {
  id: 'withdrawal-time',
  question: 'How long do withdrawals take?',
  answer: fixed(
    `Withdrawals are processed within ${WITHDRAWAL_PROCESSING} of your request and paid to the bank account saved in your Settings. You can follow each request in your account history.`,
  ),
};

/** Shown on the landing page, in this order. */
export const ESSENTIAL_QUESTIONS = [REGISTRATION_FEE, TASK_PAY, MINIMUM_WITHDRAWAL, WITHDRAWAL_TIME];
