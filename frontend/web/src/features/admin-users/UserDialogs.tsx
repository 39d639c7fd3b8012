/**
 * The users screen's dialogs (docs/product/staff-area.md#admin-screens): Add New User and Edit (one form), User
 * Details, and the delete confirmation with the spec's exact sentence, the reason and what erasing means.
 */
import {
  Alert,
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import { formatDateTime, formatDate } from '../../shared/dates';
import { formatNaira } from '../../shared/money';
import { useToast } from '../../shared/toast/toast';
import { ErasedNote } from '../../shared/ui/ErasedPerson';
import { PasswordInput } from '../../shared/ui/PasswordInput';
import { SharedBankAccountTag } from '../../shared/ui/SharedBankAccountTag';
import { newAttemptKey } from '../admin-withdrawals/api';
import { useCreateUserMutation, useDeleteUserMutation, useUpdateUserMutation, type AdminUser } from './api';
import { UserStatusTag } from './UserStatusTag';
import {
  balanceChanged,
  changeBody,
  createBody,
  DELETION_REASON_MAX,
  deletionReason,
  EMPTY_FORM,
  formErrors,
  formOf,
  fullName,
  REQUIRED,
  type FormField,
  type UserForm,
} from './users-view';

/** The fields with a hint under them when they hold no error. */
const HINTED = new Set<FormField>(['phone', 'password', 'balance', 'reason']);
const CREATE_FAILED = 'Error creating user';
const UPDATE_FAILED = 'Failed to update user. Please try again!';
const DELETE_FAILED = 'Failed to delete user. Please try again!';

/** Add New User (user null) or Edit (the user). */
export function UserFormDialog({
  isOpen,
  user,
  onClose,
}: {
  isOpen: boolean;
  user: AdminUser | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={user ? `Edit ${fullName(user)}` : 'Add New User'}
      icon={user ? 'edit' : 'new-person'}
      className="kobo-admin-users-dialog"
    >
      {/* Mounted per opening: the form starts from the user, and a new key guards each create. */}
      {isOpen ? <UserFormBody user={user} onClose={onClose} /> : null}
    </Dialog>
  );
}

function UserFormBody({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const toast = useToast();
  const [create, creating] = useCreateUserMutation();
  const [update, updating] = useUpdateUserMutation();
  const [form, setForm] = useState<UserForm>(user ? formOf(user) : EMPTY_FORM);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [idempotencyKey] = useState(newAttemptKey);
  const busy = creating.isLoading || updating.isLoading;
  // The reason is asked for only when the balance field holds another amount (separation of duties).
  const asksReason = user !== null && balanceChanged(user, form);

  function set<F extends FormField>(field: F, value: UserForm[F]) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = formErrors(form, !user, user);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      setRefusal(found.firstName || found.lastName || found.email ? REQUIRED : null);
      document.getElementById(`kobo-admin-users-${first}`)?.focus();
      return;
    }
    setRefusal(null);
    try {
      if (user) {
        const body = changeBody(user, form);
        const answer = Object.keys(body).length ? await update({ id: user._id, body }).unwrap() : null;
        toast.success(answer?.message ?? 'User updated successfully.');
        // Above the approval threshold the balance is not changed yet: say so.
        if (answer?.pendingAdjustment)
          toast.info(answer.pendingAdjustment.message, { title: 'Balance change waits for finance' });
      } else {
        const answer = await create({ body: createBody(form), idempotencyKey }).unwrap();
        toast.success(answer.message);
        if (answer.pendingAdjustment)
          toast.info(answer.pendingAdjustment.message, { title: 'Balance change waits for finance' });
      }
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors((current) => ({ ...current, ...fields }));
      setRefusal(errorMessage(error, user ? UPDATE_FAILED : CREATE_FAILED));
    }
  }

  // A field's message (or hint) is read with it, and a wrong field says so.
  const described = (name: FormField) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] || HINTED.has(name) ? `kobo-admin-users-${name}-help` : undefined,
  });
  const field = (name: FormField, label: string, input: ReactNode, helper?: string) => (
    <FormGroup
      label={label}
      labelFor={`kobo-admin-users-${name}`}
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      helperText={
        errors[name] || helper ? (
          <span id={`kobo-admin-users-${name}-help`}>{errors[name] ?? helper}</span>
        ) : null
      }
    >
      {input}
    </FormGroup>
  );
  const text = (name: 'firstName' | 'lastName' | 'email' | 'phone', type = 'text', autoComplete = 'off') => (
    <InputGroup
      id={`kobo-admin-users-${name}`}
      {...described(name)}
      type={type}
      autoComplete={autoComplete}
      value={form[name]}
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      onValueChange={(value) => set(name, value)}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <DialogBody>
        {refusal ? (
          <Callout intent="danger" icon="error" compact role="alert" className="kobo-admin-users-refusal">
            {refusal}
          </Callout>
        ) : null}
        <div className="kobo-admin-users-form-grid">
          {field('firstName', 'First name (required)', text('firstName'))}
          {field('lastName', 'Last name (required)', text('lastName'))}
          {field('email', 'Email (required)', text('email', 'email'))}
          {field('phone', 'Phone', text('phone', 'tel'), 'Optional')}
          {user
            ? null
            : field(
                'password',
                'Password',
                <PasswordInput
                  id="kobo-admin-users-password"
                  {...described('password')}
                  autoComplete="new-password"
                  value={form.password}
                  onValueChange={(value) => set('password', value)}
                />,
                'Optional: without one, the user sets it through a password reset.',
              )}
          {field(
            'balance',
            'Account balance (₦)',
            <InputGroup
              id="kobo-admin-users-balance"
              {...described('balance')}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              value={form.balance}
              intent={errors.balance ? Intent.DANGER : Intent.NONE}
              onValueChange={(value) => set('balance', value)}
            />,
            user ? 'A change is posted to the ledger as an adjustment.' : 'Default 0.',
          )}
          {asksReason
            ? field(
                'reason',
                'Reason for the balance change (required)',
                <TextArea
                  id="kobo-admin-users-reason"
                  {...described('reason')}
                  fill
                  rows={2}
                  maxLength={200}
                  value={form.reason ?? ''}
                  intent={errors.reason ? Intent.DANGER : Intent.NONE}
                  onChange={(event) => set('reason', event.currentTarget.value)}
                />,
                "Kept with the adjustment; a large change waits for a finance user's approval.",
              )
            : null}
          {field(
            'status',
            'Status',
            <HTMLSelect
              id="kobo-admin-users-status"
              aria-describedby={user?.status === 'suspended' ? 'kobo-admin-users-status-help' : undefined}
              value={form.status}
              onChange={(event) => set('status', event.currentTarget.value as UserForm['status'])}
              options={[
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
            />,
            user?.status === 'suspended'
              ? 'Suspended: shown as inactive; left so unless changed.'
              : undefined,
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" variant="minimal" onClick={onClose} disabled={busy} />
            <Button
              type="submit"
              intent="primary"
              icon={user ? 'floppy-disk' : 'add'}
              text={user ? 'Save changes' : 'Add user'}
              loading={busy}
            />
          </>
        }
      />
    </form>
  );
}

function Item({ term, children, wide = false }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'kobo-admin-users-wide' : undefined}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** User Details: who, their money and activity, their bank. */
export function UserDetailsDialog({
  user,
  onClose,
  onEdit,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onEdit: (user: AdminUser) => void;
}) {
  return (
    <Dialog
      isOpen={user !== null}
      onClose={onClose}
      title="User Details"
      icon="person"
      className="kobo-admin-users-dialog"
    >
      {user ? (
        <>
          <DialogBody>
            <div className="kobo-admin-users-details">
              <section aria-label="Personal Information">
                <h3>Personal Information</h3>
                <dl>
                  <Item term="Name">{fullName(user)}</Item>
                  {user.erasedAt ? (
                    <>
                      <Item term="Account">
                        <ErasedNote erasedAt={user.erasedAt} />
                      </Item>
                      <Item term="Reason" wide>
                        {user.deletionReason ?? 'Not given'}
                      </Item>
                    </>
                  ) : (
                    <>
                      <Item term="Username">@{user.username}</Item>
                      <Item term="Email" wide>
                        {user.email}
                      </Item>
                      <Item term="Phone">{user.phone || 'N/A'}</Item>
                    </>
                  )}
                  <Item term="Status">
                    {/* Suspended is treated as inactive when opened (docs/product/staff-area.md#what-the-admin-screens-show). */}
                    <UserStatusTag
                      status={
                        user.erasedAt ? 'deleted' : user.status === 'suspended' ? 'inactive' : user.status
                      }
                    />
                    {user.status === 'suspended' && !user.erasedAt ? (
                      <span className="kobo-muted kobo-admin-users-aside"> (suspended)</span>
                    ) : null}
                  </Item>
                  <Item term="Joined">
                    <time dateTime={user.createdAt} title={formatDateTime(user.createdAt)}>
                      {formatDate(user.createdAt)}
                    </time>
                  </Item>
                </dl>
              </section>
              <section aria-label="Balances and activity">
                <h3>Balances and activity</h3>
                <dl>
                  <Item term="Account balance">{formatNaira(user.accountBalance)}</Item>
                  <Item term="Activity balance">{formatNaira(user.activityBalance)}</Item>
                  <Item term="Held for withdrawals">{formatNaira(user.heldBalance)}</Item>
                  <Item term="Total tasks">{user.totalTasks.toLocaleString('en-NG')}</Item>
                  <Item term="Total referred">{user.totalReferrals.toLocaleString('en-NG')}</Item>
                </dl>
              </section>
              <section aria-label="Bank Details">
                <h3>Bank Details</h3>
                <dl>
                  {user.erasedAt ? (
                    <Item term="Bank" wide>
                      Erased with the account
                    </Item>
                  ) : (
                    <>
                      <Item term="Bank">{user.bankName ?? 'Not set'}</Item>
                      <Item term="Account name">{user.accountName ?? 'Not set'}</Item>
                      <Item term="Account number">{user.accountNumber ?? 'Not set'}</Item>
                    </>
                  )}
                  {user.sharedBankAccount && (
                    <Item term="Shared">
                      <SharedBankAccountTag shared={user.sharedBankAccount} />
                    </Item>
                  )}
                </dl>
              </section>
            </div>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Close" variant="minimal" onClick={onClose} />
                {user.erasedAt ? null : (
                  <Button icon="edit" text="Edit" intent="primary" onClick={() => onEdit(user)} />
                )}
              </>
            }
          />
        </>
      ) : null}
    </Dialog>
  );
}

/**
 * The spec's confirmation, what deleting does (the person is erased; their transactions stay) and
 * the reason, which is required; the server's refusal (a withdrawal being processed) is shown as it is.
 */
export function DeleteUserAlert({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  // A new confirmation per user, so the reason starts empty each time.
  return <DeleteUserConfirmation key={user?._id ?? ''} user={user} onClose={onClose} />;
}

function DeleteUserConfirmation({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const toast = useToast();
  const [remove, removing] = useDeleteUserMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!user || removing.isLoading) return;
    const checked = deletionReason(reason);
    if ('error' in checked) {
      setError(checked.error);
      document.getElementById('kobo-admin-users-delete-reason')?.focus();
      return;
    }
    try {
      const answer = await remove({ id: user._id, body: { reason: checked.reason } }).unwrap();
      toast.success(answer.message);
    } catch (failure) {
      toast.error(errorMessage(failure, DELETE_FAILED), { title: 'User not deleted' });
    }
    onClose();
  }

  return (
    <Alert
      isOpen={user !== null}
      intent="danger"
      icon="trash"
      cancelButtonText="Cancel"
      confirmButtonText="Delete"
      loading={removing.isLoading}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      {user ? (
        <>
          <p>{`Are you sure you want to delete ${fullName(user)}? This action cannot be undone.`}</p>
          <p>
            Their personal data (name, username, email, phone and bank details) will be erased and cannot be
            recovered. Their transactions are kept.
          </p>
          <FormGroup
            label="Reason for deleting (required)"
            labelFor="kobo-admin-users-delete-reason"
            intent={error ? Intent.DANGER : Intent.NONE}
            helperText={
              <span id="kobo-admin-users-delete-reason-help">
                {error ?? 'Kept with the deletion. Do not write their name or contact details here.'}
              </span>
            }
          >
            <TextArea
              id="kobo-admin-users-delete-reason"
              aria-describedby="kobo-admin-users-delete-reason-help"
              aria-invalid={error ? true : undefined}
              fill
              rows={2}
              maxLength={DELETION_REASON_MAX}
              value={reason}
              intent={error ? Intent.DANGER : Intent.NONE}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setError(null);
              }}
            />
          </FormGroup>
        </>
      ) : null}
    </Alert>
  );
}
