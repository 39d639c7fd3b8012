/** Answer shapes of the admin withdrawals routes (money in naira). */
import { z } from 'zod';
import { pagingQuery } from '../../../http';
import { WITHDRAWAL_SORTS } from './queries';

export const withdrawalListQuery = z.object({
  ...pagingQuery(WITHDRAWAL_SORTS),
  status: z
    .enum(['pending', 'approved', 'rejected'], { error: 'Status is pending, approved or rejected' })
    .optional(),
});

export const adminWithdrawalSchema = z
  .object({
    _id: z.string(),
    userId: z.string(),
    fullName: z.string(),
    username: z.string(),
    email: z.string(),
    phone: z.string(),
    amount: z.number(),
    withdrawalAmount: z.number(),
    fee: z.number(),
    method: z.literal('Bank Transfer'),
    type: z.enum(['withdrawal', 'activityWithdrawal']),
    createdAt: z.string(),
    /** A paid or failed payout was approved: payoutState says what became of the transfer. */
    status: z.enum(['pending', 'approved', 'rejected']),
    totalTasks: z.number().int(),
    totalReferrals: z.number().int(),
    accountBalance: z.number(),
    activityBalance: z.number(),
    bankName: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
    accountDetails: z.string(),
    transactionId: z.string(),
    payoutState: z.enum(['awaiting', 'paid', 'failed']).nullable(),
    payoutReference: z.string().nullable(),
    rejectionReason: z.string().nullable(),
    failureReason: z.string().nullable(),
  })
  .meta({ id: 'AdminWithdrawal' });

export type AdminWithdrawal = z.output<typeof adminWithdrawalSchema>;
