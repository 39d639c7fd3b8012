/**
 * Where a withdrawal's money is, in the one vocabulary every screen speaks (docs/product/settled-contradictions.md#money-states
 *): Requested, Approved, Sending, Paid (with the reference); Failed, Declined or
 * Reversed, each with the money returned. The API gives every withdrawal view its `state`; the
 * user's withdrawals, history and dashboard, the admin's withdrawals and finance's payouts all read
 * its label, intent, icon and sentence here, and nowhere else.
 */
import type { IconName, Intent } from '@blueprintjs/core';
import type { ApiAnswer } from './api/types';
import { formatDate } from './dates';

export type WithdrawalState = ApiAnswer<'getUsersWithdrawals'>[number]['state'];

/** In the order a withdrawal moves through them; the last three end it with the money returned. */
export const WITHDRAWAL_STATES = [
  'requested',
  'approved',
  'sending',
  'paid',
  'failed',
  'declined',
  'reversed',
] as const satisfies readonly WithdrawalState[];

export interface WithdrawalStateLook {
  label: string;
  intent: Intent;
  icon: IconName;
  /** One sentence about the money, for the person whose money it is. */
  money: string;
  /** Where the money is, in a few words, for lists and for staff: 'on hold', 'money returned'. */
  moneyShort: string;
  /** Failed, declined and reversed: the money went back to the balance it came from. */
  moneyReturned: boolean;
}

export const MONEY_RETURNED = 'The money is back on your balance.';

const LOOKS: Record<WithdrawalState, WithdrawalStateLook> = {
  requested: {
    label: 'Requested',
    intent: 'warning',
    icon: 'time',
    money: 'The amount is on hold while the request waits for approval.',
    moneyShort: 'on hold',
    moneyReturned: false,
  },
  approved: {
    label: 'Approved',
    intent: 'primary',
    icon: 'endorsed',
    money: 'The payout desk is sending it to your bank.',
    moneyShort: 'with the payout desk',
    moneyReturned: false,
  },
  sending: {
    label: 'Sending',
    intent: 'primary',
    icon: 'send-message',
    money: 'The transfer to your bank is under way.',
    moneyShort: 'the provider is sending it',
    moneyReturned: false,
  },
  paid: {
    label: 'Paid',
    intent: 'success',
    icon: 'tick-circle',
    money: 'The money was sent to your bank account.',
    moneyShort: 'sent to the bank',
    moneyReturned: false,
  },
  failed: {
    label: 'Failed',
    intent: 'danger',
    icon: 'error',
    money: MONEY_RETURNED,
    moneyShort: 'money returned',
    moneyReturned: true,
  },
  declined: {
    label: 'Declined',
    intent: 'danger',
    icon: 'disable',
    money: MONEY_RETURNED,
    moneyShort: 'money returned',
    moneyReturned: true,
  },
  reversed: {
    label: 'Reversed',
    intent: 'danger',
    icon: 'undo',
    money: MONEY_RETURNED,
    moneyShort: 'money returned',
    moneyReturned: true,
  },
};

/** A state this app does not know yet (a newer server) reads as itself, neutral, rather than breaking the page. */
function unknownLook(state: string): WithdrawalStateLook {
  return { label: state, intent: 'none', icon: 'help', money: '', moneyShort: '', moneyReturned: false };
}

export function withdrawalStateLook(state: WithdrawalState): WithdrawalStateLook {
  return (LOOKS as Partial<Record<string, WithdrawalStateLook>>)[state] ?? unknownLook(String(state));
}

export function isMoneyReturned(state: WithdrawalState): boolean {
  return withdrawalStateLook(state).moneyReturned;
}

/** Where a person checks the bank details a payout could not reach. */
export const BANK_DETAILS_PATH = '/dashboard/settings?tab=bank';

/** A payout the bank did not take (failed, or paid and sent back): the bank details may be wrong. */
export function needsBankCheck(state: WithdrawalState): boolean {
  return state === 'failed' || state === 'reversed';
}

/** A short human reference for headings and lists, never the raw id: 'W-3F9A2C'. */
export function withdrawalReference(withdrawalId: string): string {
  return `W-${withdrawalId
    .replace(/[^0-9a-z]/gi, '')
    .slice(0, 6)
    .toUpperCase()}`;
}

/** '0131234567' -> '••4567': the last four digits, enough to recognise the account. */
export function maskedAccount(accountNumber: string): string {
  const digits = accountNumber.replace(/\s/g, '');
  return digits.length <= 4 ? digits : `••${digits.slice(-4)}`;
}

/** The reasons a withdrawal view may carry; which one applies follows the state. */
export interface WithdrawalReasons {
  state: WithdrawalState;
  rejectionReason?: string | null;
  failureReason?: string | null;
  reversalReason?: string | null;
}

/** The payout job's reasons end by saying where the money is, which every view says already. */
const RETURNED_TAIL = /\s*The money is back on your balance\.?$/i;

/** Why the money came back (declined, failed, reversed), as the server recorded it, or null. */
export function returnReason(withdrawal: WithdrawalReasons): string | null {
  const reason =
    withdrawal.state === 'declined'
      ? withdrawal.rejectionReason
      : withdrawal.state === 'failed'
        ? withdrawal.failureReason
        : withdrawal.state === 'reversed'
          ? withdrawal.reversalReason
          : null;
  return reason?.trim().replace(RETURNED_TAIL, '').trim() || null;
}

/** What a withdrawal view may say about its course; every view has its state. */
export interface WithdrawalCourse extends WithdrawalReasons {
  approvedAt?: string | null;
  sentAt?: string | null;
  paidAt?: string | null;
  failedAt?: string | null;
  rejectedAt?: string | null;
  reversedAt?: string | null;
  reference?: string | null;
}

/** ': reason' without its own full stop (the sentence adds one), or nothing. */
function because(reason: string | null): string {
  const text = reason?.replace(/[.\s]+$/, '');
  return text ? `: ${text}` : '';
}

/**
 * The withdrawal's story in a sentence or two, for its owner: what happened last, when and why,
 * then where the money is. 'Declined on 22 Nov 2026: Name does not match. The money is back on your
 * balance.'
 */
export function withdrawalStory(withdrawal: WithdrawalCourse): string {
  const on = (iso: string | null | undefined) => (iso ? ` on ${formatDate(iso)}` : '');
  const { money } = withdrawalStateLook(withdrawal.state);
  const why = because(returnReason(withdrawal));
  switch (withdrawal.state) {
    case 'requested':
      return money;
    case 'approved':
      return `Approved${on(withdrawal.approvedAt)}. ${money}`;
    case 'sending':
      return `Sent to your bank${on(withdrawal.sentAt)}. ${money}`;
    case 'paid':
      return `Paid${on(withdrawal.paidAt)}. ${money}${withdrawal.reference ? ` Bank reference: ${withdrawal.reference}` : ''}`;
    case 'failed':
      return `The payout failed${on(withdrawal.failedAt)}${why}. ${money}`;
    case 'declined':
      return `Declined${on(withdrawal.rejectedAt)}${why}. ${money}`;
    case 'reversed':
      return `Your bank sent the payout back${on(withdrawal.reversedAt)}${why}. ${money}`;
  }
}
