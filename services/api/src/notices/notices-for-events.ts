/**
 * The notice emails a user gets when something happens to their money or their work: a plain
 * function from ledger events to messages (the recipient and campaign title are looked up by the
 * reactor). Each notice's id derives from its event's id, so it goes out once however often the
 * event is read.
 */
import { v5 as uuidv5 } from 'uuid';
import { decodeEvent, formatNaira, type RecordedEvent } from '@kobo/ledger';

/**
 * Ids an event's notice email, one per event. Keep the value: the outbox knows the emails it sent
 * by these ids.
 */
const EVENT_NOTICE_NAMESPACE = '0c1d7f3e-52a4-4c8b-9e61-3b7a2d4f8c10';

export interface Notice {
  id: string;
  userId: string;
  /** Set for submission notices: the reactor adds the campaign's title. */
  campaignId?: string;
  subject: string;
  text: (context: { firstName: string; title: string }) => string;
}

const PROCESSING = 'Payouts reach your bank within 24-48 hours.';

export function noticeFor(recorded: RecordedEvent): Notice | null {
  const event = decodeEvent(recorded);
  const id = uuidv5(`notice:${recorded.id}`, EVENT_NOTICE_NAMESPACE);
  switch (event.type) {
    case 'SubmissionApproved':
      return {
        id,
        userId: event.data.userId,
        campaignId: event.data.campaignId,
        subject: 'Your task was approved',
        text: ({ firstName, title }) =>
          `Hi ${firstName},\n\nYour proof for "${title}" was approved and ${formatNaira(event.data.reward)} ` +
          `was added to your account balance.\n\nKeep earning!\nKobo`,
      };
    case 'SubmissionRejected':
      return {
        id,
        userId: event.data.userId,
        campaignId: event.data.campaignId,
        subject: 'Your task was not approved',
        text: ({ firstName, title }) =>
          `Hi ${firstName},\n\nYour proof for "${title}" was not approved.\nReason: ${event.data.reason}\n\nKobo`,
      };
    case 'WithdrawalApproved':
      return {
        id,
        userId: event.data.userId,
        subject: 'Your withdrawal was approved',
        text: ({ firstName }) =>
          `Hi ${firstName},\n\nYour withdrawal of ${formatNaira(event.data.amount)} was approved. ${PROCESSING}\n\nKobo`,
      };
    case 'WithdrawalRejected':
      return {
        id,
        userId: event.data.userId,
        subject: 'Your withdrawal was declined',
        text: ({ firstName }) =>
          `Hi ${firstName},\n\nYour withdrawal of ${formatNaira(event.data.amount)} was declined.\n` +
          `Reason: ${event.data.reason}\nThe money is back in your balance.\n\nKobo`,
      };
    case 'PayoutSucceeded':
      return {
        id,
        userId: event.data.userId,
        subject: 'Your money is on its way to your bank',
        text: ({ firstName }) =>
          `Hi ${firstName},\n\n${formatNaira(event.data.amount)} was sent to your bank account ` +
          `(bank reference ${event.data.reference}).\n\nKobo`,
      };
    case 'PayoutFailed':
      return {
        id,
        userId: event.data.userId,
        subject: 'Your payout could not be completed',
        text: ({ firstName }) =>
          `Hi ${firstName},\n\nWe could not pay out your withdrawal of ${formatNaira(event.data.amount)}.\n` +
          `Reason: ${event.data.reason}\nThe money is back in your balance; check your bank details and try again.\n\nKobo`,
      };
    case 'PayoutReversed':
      return {
        id,
        userId: event.data.userId,
        subject: 'Your bank sent a payout back',
        text: ({ firstName }) =>
          `Hi ${firstName},\n\nYour bank returned the payout of ${formatNaira(event.data.amount)}.\n` +
          `Reason: ${event.data.reason}\nThe money is back in your balance; check your bank details and try again.\n\nKobo`,
      };
    default:
      return null;
  }
}
