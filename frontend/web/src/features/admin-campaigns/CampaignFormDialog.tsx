/**
 * Create or edit a campaign (docs/product/staff-area.md#form-rules): the variation list follows the platform,
 * the total cost follows units and price, the guide image is uploaded as soon as it is chosen.
 * The checks here match the server's; its field messages are shown on the fields the same way.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  HTMLSelect,
  InputGroup,
  TextArea,
} from '@blueprintjs/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import { formatNaira } from '../../shared/money';
import { useToast } from '../../shared/toast/toast';
import { newAttemptKey } from '../admin-withdrawals/api';
import type { AdminCampaign } from '../admin-review/api';
import { useCreateCampaignMutation, useUpdateCampaignMutation, useUploadCampaignImageMutation } from './api';
import { CAMPAIGN_PLATFORMS, platformLabel, variationsFor } from './campaign-platforms';
import {
  choosePlatform,
  createBody,
  emptyForm,
  formFromCampaign,
  missesRequired,
  REQUIRED_MESSAGE,
  TEXT_LIMITS,
  totalCost,
  updateBody,
  validate,
  type CampaignField,
  type CampaignFormValues,
  type FormErrors,
} from './campaign-form';
import { CampaignImage } from './CampaignImage';
import { SETTABLE_STATUSES, STATUS_FILTERS } from './campaigns-list';

const ID = 'kobo-admin-campaigns-form';
const FAILED = {
  create: 'Failed to create campaign. Please try again.',
  edit: 'Failed to update campaign. Please try again.',
};
const SUCCESS = {
  create: 'New campaign has been created successfully.',
  edit: 'Campaign has been updated successfully.',
};

/** `campaign` undefined: closed; null: a new campaign; else that campaign to edit. */
export function CampaignFormDialog({
  campaign,
  onClose,
}: {
  campaign: AdminCampaign | null | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={campaign !== undefined}
      onClose={onClose}
      title={campaign ? 'Edit campaign' : 'Create campaign'}
      icon={campaign ? 'edit' : 'add'}
      className="kobo-admin-campaigns-dialog"
    >
      {campaign !== undefined ? (
        // Keyed so each opening starts from the campaign as it is now.
        <CampaignForm key={campaign?._id ?? 'new'} campaign={campaign} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function CampaignForm({ campaign, onClose }: { campaign: AdminCampaign | null; onClose: () => void }) {
  const mode = campaign ? 'edit' : 'create';
  const [before] = useState<CampaignFormValues>(() => (campaign ? formFromCampaign(campaign) : emptyForm()));
  const [values, setValues] = useState(before);
  const [errors, setErrors] = useState<FormErrors>({});
  const [summary, setSummary] = useState<string | null>(null);
  // One key per campaign being created: a resend after a lost answer does not create it twice.
  const [attemptKey] = useState(newAttemptKey);
  const [preview, setPreview] = useState<string | null>(null);
  const [create, creating] = useCreateCampaignMutation();
  const [update, updating] = useUpdateCampaignMutation();
  const [upload, uploading] = useUploadCampaignImageMutation();
  const toast = useToast();
  const busy = creating.isLoading || updating.isLoading;

  function set(field: CampaignField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function onImage(file: File | undefined) {
    if (!file) return;
    try {
      const answer = await upload(file).unwrap();
      setValues((current) => ({ ...current, taskImage: answer.key }));
      setPreview(answer.url);
      setErrors((current) => ({ ...current, taskImage: undefined }));
    } catch (error) {
      setErrors((current) => ({
        ...current,
        taskImage: fieldErrors(error).taskImage ?? errorMessage(error, 'The image could not be uploaded.'),
      }));
    }
  }

  function focusFirst(found: FormErrors) {
    const first = (Object.keys(found) as CampaignField[]).find((field) => found[field]);
    if (first) document.getElementById(`${ID}-${first}`)?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    if (Object.keys(found).length) {
      setErrors(found);
      setSummary(missesRequired(found) ? REQUIRED_MESSAGE : null);
      focusFirst(found);
      return;
    }
    setSummary(null);
    try {
      if (campaign) await update({ id: campaign._id, body: updateBody(before, values) }).unwrap();
      else await create({ body: createBody(values), idempotencyKey: attemptKey }).unwrap();
      toast.success(SUCCESS[mode]);
      onClose();
    } catch (error) {
      const fromServer = fieldErrors(error) as FormErrors;
      setErrors(fromServer);
      focusFirst(fromServer);
      const message = errorMessage(error, FAILED[mode]);
      setSummary(message);
      toast.error(message);
    }
  }

  const variations = variationsFor(values.taskPlatform);
  const cost = totalCost(values);
  const field = (
    name: CampaignField,
    label: string,
    input: ReactNode,
    extra?: { required?: boolean; hint?: string },
  ) => (
    <FormGroup
      label={label}
      labelFor={`${ID}-${name}`}
      labelInfo={extra?.required ? '(required)' : undefined}
      intent={errors[name] ? 'danger' : 'none'}
      helperText={
        errors[name] || extra?.hint ? (
          <span id={`${ID}-${name}-help`}>{errors[name] ?? extra?.hint}</span>
        ) : undefined
      }
    >
      {input}
    </FormGroup>
  );
  const inputProps = (name: CampaignField) => ({
    id: `${ID}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ID}-${name}-help` : undefined,
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={campaign ? 'Edit campaign' : 'Create campaign'}
    >
      <DialogBody className="kobo-admin-campaigns-form">
        {summary ? (
          <Callout intent="danger" role="alert" className="kobo-admin-campaigns-form-wide">
            {summary}
          </Callout>
        ) : null}
        <div className="kobo-admin-campaigns-form-wide">
          {field(
            'taskName',
            'Title',
            <InputGroup
              {...inputProps('taskName')}
              value={values.taskName}
              maxLength={TEXT_LIMITS.taskName}
              intent={errors.taskName ? 'danger' : 'none'}
              onValueChange={(value) => set('taskName', value)}
            />,
            { required: true },
          )}
        </div>
        {field(
          'taskPlatform',
          'Platform',
          <HTMLSelect
            {...inputProps('taskPlatform')}
            fill
            value={values.taskPlatform}
            onChange={(event) => {
              const platform = event.currentTarget.value;
              setValues((current) => choosePlatform(current, platform));
              setErrors((current) => ({ ...current, taskPlatform: undefined, taskVariation: undefined }));
            }}
          >
            <option value="">Choose a platform</option>
            {CAMPAIGN_PLATFORMS.map((platform) => (
              <option key={platform} value={platform}>
                {platformLabel(platform)}
              </option>
            ))}
          </HTMLSelect>,
          { required: true },
        )}
        {field(
          'taskVariation',
          'Task variation',
          <HTMLSelect
            {...inputProps('taskVariation')}
            fill
            value={values.taskVariation}
            disabled={!values.taskPlatform}
            onChange={(event) => set('taskVariation', event.currentTarget.value)}
          >
            <option value="">{values.taskPlatform ? 'Choose a variation' : 'Choose a platform first'}</option>
            {variations.map((variation) => (
              <option key={variation} value={variation}>
                {variation}
              </option>
            ))}
            {/* A stored variation the list no longer has stays choosable. */}
            {values.taskVariation && !variations.includes(values.taskVariation) ? (
              <option value={values.taskVariation}>{values.taskVariation}</option>
            ) : null}
          </HTMLSelect>,
          { required: true },
        )}
        <div className="kobo-admin-campaigns-form-wide">
          {field(
            'taskInstructions',
            'Instructions',
            <TextArea
              {...inputProps('taskInstructions')}
              fill
              rows={3}
              maxLength={TEXT_LIMITS.taskInstructions}
              value={values.taskInstructions}
              onChange={(event) => set('taskInstructions', event.currentTarget.value)}
            />,
            { hint: 'What the user does and what the screenshot must show.' },
          )}
          {field(
            'taskUrl',
            'URL',
            <InputGroup
              {...inputProps('taskUrl')}
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={TEXT_LIMITS.taskUrl}
              value={values.taskUrl}
              intent={errors.taskUrl ? 'danger' : 'none'}
              onValueChange={(value) => set('taskUrl', value)}
            />,
            { required: true },
          )}
        </div>
        {field(
          'taskUnits',
          'Units',
          <InputGroup
            {...inputProps('taskUnits')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.taskUnits}
            intent={errors.taskUnits ? 'danger' : 'none'}
            onValueChange={(value) => set('taskUnits', value)}
          />,
          { required: true },
        )}
        {field(
          'taskPrice',
          'Price per unit (₦)',
          <InputGroup
            {...inputProps('taskPrice')}
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            value={values.taskPrice}
            intent={errors.taskPrice ? 'danger' : 'none'}
            onValueChange={(value) => set('taskPrice', value)}
          />,
          { required: true },
        )}
        {field(
          'taskTime',
          'Estimated time (minutes)',
          <InputGroup
            {...inputProps('taskTime')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.taskTime}
            intent={errors.taskTime ? 'danger' : 'none'}
            onValueChange={(value) => set('taskTime', value)}
          />,
        )}
        {campaign
          ? field(
              'taskStatus',
              'Status',
              <HTMLSelect
                {...inputProps('taskStatus')}
                fill
                value={values.taskStatus}
                onChange={(event) => set('taskStatus', event.currentTarget.value)}
                disabled={!(SETTABLE_STATUSES as readonly string[]).includes(values.taskStatus)}
                options={STATUS_FILTERS.filter(
                  (s) =>
                    (SETTABLE_STATUSES as readonly string[]).includes(s.value) ||
                    s.value === values.taskStatus,
                ).map((s) => ({
                  value: s.value,
                  label: s.label,
                }))}
              />,
            )
          : null}
        <div className="kobo-admin-campaigns-form-wide kobo-admin-campaigns-total" aria-live="polite">
          <span>Total cost</span>
          <strong className="kobo-money" data-testid="campaign-total-cost">
            {cost === null ? '—' : formatNaira(cost)}
          </strong>
        </div>
        <div className="kobo-admin-campaigns-form-wide">
          <FormGroup
            label="Screenshot image"
            labelFor={`${ID}-taskImage`}
            labelInfo="(optional)"
            intent={errors.taskImage ? 'danger' : 'none'}
            helperText={<span id={`${ID}-taskImage-help`}>{errors.taskImage ?? 'PNG, JPG up to 5MB'}</span>}
          >
            <div className="kobo-admin-campaigns-upload">
              {values.taskImage ? (
                preview ? (
                  <img className="kobo-admin-campaigns-image" src={preview} alt="Chosen guide image" />
                ) : (
                  <CampaignImage
                    imageKey={values.taskImage}
                    platform={values.taskPlatform}
                    alt="Current guide image"
                  />
                )
              ) : null}
              <FileInput
                fill
                text={
                  uploading.isLoading
                    ? 'Uploading...'
                    : values.taskImage
                      ? 'Replace image...'
                      : 'Choose image...'
                }
                buttonText="Browse"
                disabled={uploading.isLoading}
                inputProps={{
                  id: `${ID}-taskImage`,
                  accept: 'image/png,image/jpeg,image/webp',
                  'aria-describedby': `${ID}-taskImage-help`,
                }}
                onInputChange={(event) => {
                  const input = event.currentTarget as HTMLInputElement;
                  void onImage(input.files?.[0]);
                  input.value = '';
                }}
              />
              {values.taskImage ? (
                <Button
                  variant="minimal"
                  icon="trash"
                  text="Remove"
                  onClick={() => {
                    setValues((current) => ({ ...current, taskImage: null }));
                    setPreview(null);
                  }}
                />
              ) : null}
            </div>
          </FormGroup>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} disabled={busy} />
            <Button
              type="submit"
              intent="primary"
              text={campaign ? 'Save changes' : 'Create campaign'}
              loading={busy}
              disabled={uploading.isLoading}
            />
          </>
        }
      />
    </form>
  );
}
