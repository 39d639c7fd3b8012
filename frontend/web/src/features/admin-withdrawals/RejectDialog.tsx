import { Button, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../shared/api/api';
import { formatNaira } from '../../shared/money';
import { useToast } from '../../shared/toast/toast';
import { useRejectWithdrawalMutation, type AdminWithdrawal } from './api';

export const REASON_REQUIRED = 'Please give a reason; the user will see it.';

/** Asks for the reason the user will see, then rejects; the row changes only once the server agrees. */
export function RejectDialog({
  withdrawal,
  onClose,
}: {
  withdrawal: AdminWithdrawal | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reject, { isLoading }] = useRejectWithdrawalMutation();
  const toast = useToast();

  const close = () => {
    if (isLoading) return;
    setReason('');
    setProblem(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!withdrawal) return;
    const text = reason.trim();
    if (!text) {
      setProblem(REASON_REQUIRED);
      field.current?.focus();
      return;
    }
    try {
      const answer = await reject({ transactionId: withdrawal._id, reason: text }).unwrap();
      toast.info(answer.message, { title: 'Withdrawal rejected' });
      setReason('');
      setProblem(null);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, 'Withdrawal Declined: Unknown error occured.'), {
        title: 'Rejection failed',
      });
    }
  };

  return (
    <Dialog isOpen={withdrawal !== null} onClose={close} title="Reject withdrawal" icon="cross-circle">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          {withdrawal ? (
            <p>
              Reject <strong>{withdrawal.fullName}</strong>&apos;s request of{' '}
              <strong>{formatNaira(withdrawal.amount)}</strong>? The amount goes back to their balance.
            </p>
          ) : null}
          <FormGroup
            label="Reason"
            labelInfo="(required)"
            labelFor="kobo-admin-withdrawals-reason"
            helperText={
              <span id="kobo-admin-withdrawals-reason-help">
                {problem ?? 'The user sees this reason with the declined request.'}
              </span>
            }
            intent={problem ? 'danger' : 'none'}
          >
            <TextArea
              id="kobo-admin-withdrawals-reason"
              fill
              rows={3}
              required
              autoFocus
              maxLength={500}
              value={reason}
              intent={problem ? 'danger' : 'none'}
              aria-invalid={problem ? true : undefined}
              aria-describedby="kobo-admin-withdrawals-reason-help"
              inputRef={field}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                if (problem) setProblem(null);
              }}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={close} disabled={isLoading} />
              <Button type="submit" intent="danger" text="Reject withdrawal" loading={isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
