import { Button } from '@blueprintjs/core';
import { errorMessage } from '../../shared/api/api';
import { useToast } from '../../shared/toast/toast';
import { useDownloadMyDataMutation } from './api';
import { saveJsonFile } from './save-json-file';
import { SETTINGS_MESSAGES } from './validation';

/** 'Download my data': a copy of everything Kobo's screens hold of the user, saved as a JSON file. */
export function DataExportPanel() {
  const [downloadMyData, { isLoading, reset }] = useDownloadMyDataMutation();
  const toast = useToast();

  async function download() {
    const answer = await downloadMyData();
    if ('error' in answer) {
      toast.error(errorMessage(answer.error, SETTINGS_MESSAGES.dataExportFailed), { title: 'Error' });
      return;
    }
    saveJsonFile(answer.data.fileName, answer.data.data);
    // The copy is in the file now: it need not stay in the app's memory.
    reset();
  }

  return (
    <section className="kobo-card kobo-settings-panel" aria-labelledby="settings-data-title">
      <h2 id="settings-data-title">Your data</h2>
      <p className="kobo-muted">
        A copy of your profile, bank details, task submissions, withdrawals and the statements of your
        balances, as a JSON file.
      </p>
      <Button icon="download" text="Download my data" loading={isLoading} onClick={() => void download()} />
    </section>
  );
}
