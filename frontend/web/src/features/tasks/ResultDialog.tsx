import { Button, Dialog, DialogBody, DialogFooter, Icon } from '@blueprintjs/core';

export interface TaskResult {
  ok: boolean;
  message: string;
}

/** 'Success!' or 'Error!' after a submission, with the message and a Close button. */
export function ResultDialog({ result, onClose }: { result: TaskResult | null; onClose: () => void }) {
  const ok = result?.ok ?? false;
  return (
    <Dialog
      isOpen={result !== null}
      onClose={onClose}
      className="kobo-tasks-result"
      aria-labelledby="kobo-tasks-result-title"
      aria-describedby="kobo-tasks-result-message"
      role="alertdialog"
    >
      <DialogBody>
        <div className="kobo-tasks-result-body">
          <span className={`kobo-tasks-result-icon ${ok ? 'is-success' : 'is-error'}`} aria-hidden="true">
            <Icon icon={ok ? 'tick' : 'cross'} size={28} />
          </span>
          <h2 id="kobo-tasks-result-title">{ok ? 'Success!' : 'Error!'}</h2>
          <p id="kobo-tasks-result-message">{result?.message}</p>
        </div>
      </DialogBody>
      <DialogFooter
        actions={<Button intent={ok ? 'success' : 'none'} text="Close" onClick={onClose} autoFocus />}
      />
    </Dialog>
  );
}
