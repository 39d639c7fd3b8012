/**
 * Community and Contact (/admin/community, docs/product/staff-area.md#admin-screens): the seven links users see on
 * the Support page, each shown as it is now and editable in place. Only the changed field is sent;
 * the server checks it (an email, or an https link) and its message is shown either way.
 */
import { Button, FormGroup, Icon, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { errorMessage } from '../../shared/api/api';
import { useToast } from '../../shared/toast/toast';
import { AsOf, StaleNotice } from '../../shared/ui/LastKnown';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { useGetCommunityQuery } from '../support/api';
import { useUpdateCommunityMutation } from './api';
import { COMMUNITY_FIELDS, COMMUNITY_SAVE_FAILED, hrefOf, type CommunityField } from './fields';
import './admin-community.css';

function LinkCard({ field, value }: { field: CommunityField; value: string }) {
  const toast = useToast();
  const [update, { isLoading: saving }] = useUpdateCommunityMutation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const inputId = `community-${field.key}`;
  const titleId = `${inputId}-title`;

  // Back from editing: focus returns to the card's Edit button.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function edit() {
    setDraft(value);
    setError(null);
    setEditing(true);
  }

  function cancel() {
    if (saving) return;
    setError(null);
    setEditing(false);
  }

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (saving) return;
    const next = draft.trim();
    if (next === value.trim()) {
      setEditing(false);
      return;
    }
    try {
      const answer = await update({ [field.key]: next }).unwrap();
      toast.success(answer.message);
      setError(null);
      setEditing(false);
    } catch (failure) {
      const message = errorMessage(failure, COMMUNITY_SAVE_FAILED);
      toast.error(message);
      setError(message);
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  }

  const href = hrefOf(field, value);
  const hint =
    field.kind === 'email'
      ? 'An email address, or leave it empty to hide it.'
      : 'A full link starting with https://, or leave it empty to hide it.';

  return (
    <section className="kobo-card kobo-admin-community-card" aria-labelledby={titleId}>
      <div className="kobo-admin-community-head">
        <span className="kobo-admin-community-icon" aria-hidden="true">
          <Icon icon={field.icon} size={16} />
        </span>
        <div className="kobo-admin-community-heading">
          <h2 id={titleId}>{field.label}</h2>
          <p className="kobo-muted">{field.description}</p>
        </div>
      </div>

      {editing ? (
        <form className="kobo-admin-community-form" onSubmit={save} noValidate aria-busy={saving}>
          <FormGroup
            label={field.label}
            labelFor={inputId}
            intent={error ? Intent.DANGER : Intent.NONE}
            helperText={error ?? hint}
          >
            <InputGroup
              id={inputId}
              type={field.kind === 'email' ? 'email' : 'url'}
              inputMode={field.kind === 'email' ? 'email' : 'url'}
              autoComplete="off"
              spellCheck={false}
              placeholder={field.placeholder}
              value={draft}
              autoFocus
              onValueChange={(next) => {
                setDraft(next);
                setError(null);
              }}
              onKeyDown={onKeyDown}
              intent={error ? Intent.DANGER : Intent.NONE}
              aria-invalid={error ? true : undefined}
              disabled={saving}
            />
          </FormGroup>
          <div className="kobo-admin-community-actions">
            <Button type="button" text="Cancel" variant="outlined" onClick={cancel} disabled={saving} />
            <Button type="submit" text="Save" intent="primary" icon="floppy-disk" loading={saving} />
          </div>
        </form>
      ) : (
        <div className="kobo-admin-community-view">
          <p className="kobo-admin-community-value">
            {!value.trim() ? (
              <span className="kobo-muted">Not set: hidden from users</span>
            ) : href ? (
              <a href={href} target={field.kind === 'link' ? '_blank' : undefined} rel="noopener noreferrer">
                {value}
              </a>
            ) : (
              value
            )}
          </p>
          <Button
            ref={editButton}
            icon="edit"
            text="Edit"
            variant="outlined"
            aria-label={`Edit ${field.label}`}
            onClick={edit}
          />
        </div>
      )}
    </section>
  );
}

export function CommunityLinksPage() {
  const community = useGetCommunityQuery();

  let body;
  if (community.isLoading) body = <LoadingState label="Loading the community links..." />;
  else if (!community.data)
    body = (
      <ErrorState
        title="Could not load the community links"
        message={errorMessage(community.error, 'Please check your connection and try again.')}
        onRetry={() => void community.refetch()}
      />
    );
  else {
    const links = community.data;
    body = (
      <div className="kobo-admin-community-grid">
        {COMMUNITY_FIELDS.map((field) => (
          <LinkCard key={field.key} field={field} value={links[field.key]} />
        ))}
      </div>
    );
  }

  return (
    <main className="kobo-page kobo-admin-community">
      <PageHeader
        title="Community and Contact"
        note={<AsOf fulfilledTimeStamp={community.fulfilledTimeStamp} />}
        subtitle="The support email and channels users see on their Support page. An empty one is hidden."
      />
      <StaleNotice read={community} />
      {body}
    </main>
  );
}
