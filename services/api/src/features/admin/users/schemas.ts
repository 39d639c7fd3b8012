/** Request and answer shapes of the admin users routes. */
import { z } from 'zod';
import { pagingQuery } from '../../../http';
import { messageSchema, nairaInput } from '../wire';
import { USER_SORTS } from './queries';

const REQUIRED = 'Please fill in all required fields.';
const required = () => z.string({ error: REQUIRED }).trim().min(1, REQUIRED);
const statuses = ['active', 'inactive', 'suspended'] as const;
const status = z.enum(statuses, { error: 'Status must be active, inactive or suspended.' });

export const userListQuery = z.object({ ...pagingQuery(USER_SORTS), status: status.optional() });

export const adminUserSchema = z
  .object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    email: z.string(),
    phone: z.string(),
    totalTasks: z.number(),
    totalReferrals: z.number(),
    accountBalance: z.number(),
    activityBalance: z.number(),
    heldBalance: z.number(),
    status: z.string(),
    role: z.string(),
    bankName: z.string().nullable(),
    accountName: z.string().nullable(),
    accountNumber: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUser' });

export const createUserBody = z.object({
  firstName: required(),
  lastName: required(),
  email: required(),
  phone: z.string().trim().optional(),
  username: z.string().trim().optional(),
  password: z.string().min(6, 'Password must be at least 6 characters').optional(),
  /** The opening account balance in naira. */
  balance: nairaInput('Balance', { min: 0 }).optional(),
  status: status.optional(),
});

export const updateUserBody = z.object({
  firstName: z.string().trim().min(1, REQUIRED).optional(),
  lastName: z.string().trim().min(1, REQUIRED).optional(),
  email: z.string().trim().min(1, REQUIRED).optional(),
  phone: z.string().trim().optional(),
  /** The account balance wanted, in naira: the difference is posted as an adjustment. */
  balance: nairaInput('Balance', { min: 0 }).optional(),
  status: status.optional(),
});

export const userIdParams = z.object({ id: z.string().min(1).max(200) });

export const userAnswer = messageSchema.extend({ user: adminUserSchema });
export { messageSchema };
