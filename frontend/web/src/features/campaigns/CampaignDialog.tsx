import {
  AnchorButton,
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  Icon,
  ProgressBar,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { OfflineGlyph } from '../../shared/ui/LastKnown';
import type { Campaign } from './api';
import { PROOF_HINT, REQUIREMENTS, TIME_ESTIMATE } from './messages';
import { PlatformBadge } from './PlatformBadge';
import { isActivity } from './platforms';
import { PROOF_ACCEPT, formatFileSize, proofFileProblem } from './proof-file';
import type { UploadProgress } from './send-proof';
import { shrinkImage } from './shrink-image';

/** Why a screenshot kept on the device is waiting: no connection, or no answer in time. */
export type Waiting = 'offline' | 'unreachable' | null;

/** Only web links open from a campaign; anything else (javascript:, data:) is not a link. */
export function safeCampaignUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The reward as the dialog shows it: the integer part of the price (docs/product/user-site.md#what-the-screens-show). */
export function rewardOf(price: number): string {
  return `₦${Math.trunc(price).toLocaleString('en-NG')}`;
}

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // jsdom has no object URLs; a browser always does.
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/**
 * A campaign's details and the proof upload. Activities take no screenshot: opening their link
 * completes them. Mount it afresh (a new `key`) for each opening so no earlier file lingers.
 *
 * A chosen screenshot is made small first (shrink-image.ts) and handed to `onFileChosen`, which
 * keeps it on the device; a dialog reopened after a reload starts from `initialFile` and says
 * "We kept your screenshot". While it is sent, a progress bar and a Cancel; when it could not be
 * sent (`waiting`), the file stays and a notice says it will be sent when the connection returns.
 */
export function CampaignDialog({
  campaign,
  isOpen,
  submitting,
  onClose,
  onSubmit,
  onCompleteActivity,
  initialFile = null,
  onFileChosen,
  upload = null,
  onCancelUpload,
  waiting = null,
}: {
  campaign: Campaign;
  isOpen: boolean;
  submitting: boolean;
  onClose: () => void;
  /** Sends the proof; answers a message to show at the upload when the server refused the file. */
  onSubmit: (proof: File) => Promise<string | null>;
  onCompleteActivity: () => void;
  /** A screenshot kept from before a reload. */
  initialFile?: File | null;
  /** The screenshot now chosen (shrunk), or null when it was removed or refused. */
  onFileChosen?: (file: File | null) => void;
  /** The upload under way, if any. */
  upload?: UploadProgress | null;
  onCancelUpload?: () => void;
  waiting?: Waiting;
}) {
  const activity = isActivity(campaign.taskPlatform);
  const url = safeCampaignUrl(campaign.taskUrl);
  const [file, setFileState] = useState<File | null>(initialFile);
  const [kept, setKept] = useState(initialFile !== null);
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const preview = useObjectUrl(file);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const problemRef = useRef<HTMLParagraphElement>(null);

  // A refusal may sit below the fold of a long dialog on a phone.
  useEffect(() => {
    if (problem) problemRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [problem]);
  const waitingRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (waiting) waitingRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [waiting]);

  function setFile(next: File | null) {
    setFileState(next);
    setKept(false);
    onFileChosen?.(next);
  }

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    // The type and emptiness of what was picked, then the size of what will be sent.
    let refusal = proofFileProblem({ type: chosen.type, size: Math.min(chosen.size, 1) });
    let proof = chosen;
    if (!refusal) {
      setPreparing(true);
      try {
        proof = await shrinkImage(chosen);
      } finally {
        setPreparing(false);
      }
      refusal = proofFileProblem(proof);
    }
    setProblem(refusal);
    setFile(refusal ? null : proof);
    if (refusal && inputRef.current) inputRef.current.value = '';
  }

  function remove() {
    setFile(null);
    setProblem(null);
    if (inputRef.current) {
      inputRef.current.value = '';
      inputRef.current.focus();
    }
  }

  async function submit() {
    if (!file || submitting) return;
    const refusal = await onSubmit(file);
    if (refusal) {
      setProblem(refusal);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    } else setKept(false);
  }

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (!submitting) void choose(event.dataTransfer.files[0]);
  }

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={campaign.taskName}
      icon={activity ? 'lightning' : 'clipboard'}
      className="kobo-campaigns-dialog"
      canEscapeKeyClose={!submitting}
      canOutsideClickClose={!submitting}
      isCloseButtonShown={!submitting}
    >
      <DialogBody>
        <div className="kobo-campaigns-dialog-tags">
          <Tag minimal round large>
            <PlatformBadge platform={campaign.taskPlatform} compact />
          </Tag>
          {campaign.taskVariation ? (
            <Tag minimal round large>
              {campaign.taskVariation}
            </Tag>
          ) : null}
        </div>

        <dl className="kobo-campaigns-facts">
          <div>
            <dt>Reward</dt>
            <dd className="kobo-campaigns-reward">{rewardOf(campaign.taskPrice)}</dd>
          </div>
          <div>
            <dt>Time</dt>
            <dd>{TIME_ESTIMATE}</dd>
          </div>
          <div>
            <dt>Units left</dt>
            <dd>{campaign.remainingUnits.toLocaleString('en-NG')}</dd>
          </div>
        </dl>

        <section className="kobo-campaigns-dialog-section" aria-label="Description">
          <h3>Description</h3>
          <p className="kobo-campaigns-instructions">{campaign.taskInstructions}</p>
        </section>

        {activity ? null : (
          <section className="kobo-campaigns-dialog-section" aria-label="Requirements">
            <h3>Requirements</h3>
            <ul className="kobo-campaigns-requirements">
              {REQUIREMENTS.map((requirement) => (
                <li key={requirement}>
                  <Icon icon="tick-circle" size={14} aria-hidden />
                  <span>{requirement}</span>
                </li>
              ))}
            </ul>
          </section>
        )}

        {campaign.taskImage ? (
          <section className="kobo-campaigns-dialog-section" aria-label="Guide screenshot">
            <h3>Guide screenshot</h3>
            <img
              className="kobo-campaigns-guide"
              src={campaign.taskImage}
              alt={`Example screenshot for: ${campaign.taskName}`}
              loading="lazy"
            />
          </section>
        ) : null}

        <div className="kobo-campaigns-perform">
          {url ? (
            <AnchorButton
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              intent={activity ? 'primary' : 'none'}
              variant={activity ? 'solid' : 'outlined'}
              icon="share"
              text="Perform Task"
              size="large"
              fill
              loading={activity && submitting}
              onClick={() => {
                if (activity && !submitting) onCompleteActivity();
              }}
            />
          ) : (
            <Callout intent="warning" compact>
              This task has no valid link. Please choose another task.
            </Callout>
          )}
          <p className="kobo-muted kobo-campaigns-perform-hint">
            {activity
              ? 'Opening the task completes it and credits your activity balance at once.'
              : 'Opens in a new tab. Come back here to upload your screenshot.'}
          </p>
        </div>

        {activity ? null : (
          <section className="kobo-campaigns-dialog-section" aria-label="Upload screenshot">
            <h3 id={`${inputId}-heading`}>Upload screenshot</h3>
            {kept && file && !waiting ? (
              <Callout intent="success" icon="saved" compact className="kobo-campaigns-kept">
                We kept your screenshot. Submit it when you are ready.
              </Callout>
            ) : null}
            {waiting && file ? (
              <div ref={waitingRef}>
                <Callout
                  intent="warning"
                  icon={<OfflineGlyph size={16} />}
                  compact
                  className="kobo-campaigns-kept"
                  role="status"
                >
                  {waiting === 'offline'
                    ? "You're offline. We kept your screenshot and will send it when you're back"
                    : 'We could not reach Kobo. We kept your screenshot and will send it again'}{' '}
                  — or tap Submit Task to try now.
                </Callout>
              </div>
            ) : null}
            {upload ? (
              <div className="kobo-campaigns-upload" role="status" aria-live="polite">
                <ProgressBar
                  intent="primary"
                  stripes={false}
                  value={upload.total > 0 ? upload.sent / upload.total : 0}
                  aria-label="Upload progress"
                />
                <span className="kobo-muted">
                  Uploading {upload.total > 0 ? Math.round((100 * upload.sent) / upload.total) : 0}% ·{' '}
                  {formatFileSize(upload.sent)} of {formatFileSize(upload.total)}
                </span>
              </div>
            ) : null}
            {preparing ? (
              <p className="kobo-muted kobo-campaigns-preparing" role="status">
                <Spinner size={14} aria-hidden /> Preparing your screenshot...
              </p>
            ) : null}
            {file ? (
              <div className="kobo-campaigns-preview">
                {preview ? <img src={preview} alt="Preview of your screenshot" /> : null}
                <div className="kobo-campaigns-preview-meta">
                  <span className="kobo-campaigns-preview-name" title={file.name}>
                    {file.name}
                  </span>
                  <span className="kobo-muted">{formatFileSize(file.size)}</span>
                  <Button
                    variant="outlined"
                    intent="danger"
                    icon="trash"
                    text="Remove"
                    size="small"
                    disabled={submitting}
                    onClick={remove}
                  />
                </div>
              </div>
            ) : null}
            <input
              ref={inputRef}
              id={inputId}
              className="kobo-visually-hidden kobo-campaigns-file-input"
              type="file"
              accept={PROOF_ACCEPT}
              aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
              aria-invalid={problem ? true : undefined}
              disabled={submitting}
              onChange={(event) => void choose(event.target.files?.[0])}
            />
            <label
              htmlFor={inputId}
              className={`kobo-campaigns-dropzone${dragging ? ' kobo-campaigns-dropzone-active' : ''}${file ? ' kobo-campaigns-dropzone-small' : ''}`}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={drop}
            >
              <Icon icon="cloud-upload" size={file ? 16 : 24} aria-hidden />
              <span className="kobo-campaigns-dropzone-title">
                {file ? 'Choose another screenshot' : 'Choose a screenshot'}
              </span>
              <span id={hintId} className="kobo-muted">
                {PROOF_HINT}
              </span>
            </label>
            {problem ? (
              <p id={problemId} ref={problemRef} className="kobo-campaigns-problem" role="alert">
                <Icon icon="error" size={14} aria-hidden /> {problem}
              </p>
            ) : null}
          </section>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          activity ? (
            <Button text="Close" onClick={onClose} disabled={submitting} />
          ) : (
            <>
              {upload ? (
                <Button text="Cancel upload" icon="cross" onClick={onCancelUpload} />
              ) : (
                <Button text="Cancel" onClick={onClose} disabled={submitting} />
              )}
              <Button
                intent="primary"
                icon="upload"
                text={submitting ? 'Submitting...' : 'Submit Task'}
                disabled={!file || submitting || preparing}
                onClick={() => void submit()}
              />
            </>
          )
        }
      />
    </Dialog>
  );
}
