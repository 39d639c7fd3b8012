import { Alert } from '@blueprintjs/core';
import { formatNaira } from '../../shared/money';
import type { AdminWithdrawal } from './api';

/** Approving an amount above the confirmation amount asks once more (the API wants `confirmed`). */
export function ConfirmApprovalDialog({
  withdrawal,
  onConfirm,
  onClose,
}: {
  withdrawal: AdminWithdrawal | null;
  onConfirm: (withdrawal: AdminWithdrawal) => void;
  onClose: () => void;
}) {
  return (
    <Alert
      isOpen={withdrawal !== null}
      intent="success"
      icon="tick"
      confirmButtonText="Approve"
      cancelButtonText="Cancel"
      canEscapeKeyCancel
      onCancel={onClose}
      onConfirm={() => {
        if (withdrawal) onConfirm(withdrawal);
        onClose();
      }}
      className="kobo-admin-withdrawals-confirm"
    >
      {withdrawal ? (
        <>
          <p>
            <strong>
              Approve {formatNaira(withdrawal.amount)} to {withdrawal.fullName}?
            </strong>
          </p>
          <p>
            This is a large withdrawal. It will be paid to {withdrawal.accountName} at {withdrawal.bankName} (
            <span className="kobo-admin-withdrawals-acct">{withdrawal.accountNumber}</span>).
          </p>
        </>
      ) : null}
    </Alert>
  );
}
