import { Button, Dialog, DialogBody, DialogFooter, Icon } from '@blueprintjs/core';

export interface TakePartResult {
  ok: boolean;
  message: string;
}

/** 'Success!' or 'Error!' after a submission, with the message and a Close button. */
export function ResultDialog({ result, onClose }: { result: TakePartResult | null; onClose: () => void }) {
  const ok = result?.ok ?? false;
  return (
    <Dialog
      isOpen={result !== null}
      onClose={onClose}
      className="kobo-campaigns-result"
      aria-labelledby="kobo-campaigns-result-title"
      aria-describedby="kobo-campaigns-result-message"
      role="alertdialog"
    >
      <DialogBody>
        <div className="kobo-campaigns-result-body">
          <span className={`kobo-campaigns-result-icon ${ok ? 'is-success' : 'is-error'}`} aria-hidden="true">
            <Icon icon={ok ? 'tick' : 'cross'} size={28} />
          </span>
          <h2 id="kobo-campaigns-result-title">{ok ? 'Success!' : 'Error!'}</h2>
          <p id="kobo-campaigns-result-message">{result?.message}</p>
        </div>
      </DialogBody>
      <DialogFooter
        actions={<Button intent={ok ? 'success' : 'none'} text="Close" onClick={onClose} autoFocus />}
      />
    </Dialog>
  );
}
