/**
 * Sends a proof screenshot to POST /api/tasks/submit (docs/api/campaigns.md, unchanged) with
 * XMLHttpRequest, whose upload reports its progress, and which the person can cancel. Its outcome
 * reads like an RTK Query answer (`{ status, data }`), so the page's messages stay the same.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TakePartAnswer } from './api';

export interface UploadProgress {
  sent: number;
  total: number;
}

export type ProofOutcome =
  | { ok: true; answer: TakePartAnswer }
  | { ok: false; error: FetchBaseQueryError }
  | { ok: false; cancelled: true };

/** No byte sent nor answer received for this long: the upload is given up (it can be sent again). */
export const UPLOAD_STALL_MS = 30_000;

/** Whether a failed send may succeed as it is later: no connection, or no answer in time. */
export function isConnectionProblem(error: FetchBaseQueryError): boolean {
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}

export function sendProof({
  campaignId,
  proof,
  onProgress,
  signal,
}: {
  campaignId: string;
  proof: File;
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}): Promise<ProofOutcome> {
  return new Promise((resolve) => {
    const body = new FormData();
    // The contract names the campaign taskId.
    body.append('taskId', campaignId);
    body.append('proofImage', proof);
    const request = new XMLHttpRequest();
    let stalled = false;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        stalled = true;
        request.abort();
      }, UPLOAD_STALL_MS);
    };
    const done = (outcome: ProofOutcome) => {
      clearTimeout(stallTimer);
      signal.removeEventListener('abort', cancel);
      resolve(outcome);
    };
    const cancel = () => request.abort();

    request.open('POST', '/api/tasks/submit');
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      watch();
      onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : proof.size });
    };
    request.onload = () => {
      let data: unknown = request.responseText;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        // Not JSON (a proxy's page): kept as text.
      }
      if (request.status >= 200 && request.status < 300) done({ ok: true, answer: data as TakePartAnswer });
      else done({ ok: false, error: { status: request.status, data } });
    };
    request.onerror = () =>
      done({ ok: false, error: { status: 'FETCH_ERROR', error: 'The network failed' } });
    request.onabort = () =>
      done(
        stalled
          ? { ok: false, error: { status: 'TIMEOUT_ERROR', error: 'The upload stalled' } }
          : { ok: false, cancelled: true },
      );
    if (signal.aborted) return done({ ok: false, cancelled: true });
    signal.addEventListener('abort', cancel);
    watch();
    onProgress({ sent: 0, total: proof.size });
    request.send(body);
  });
}
