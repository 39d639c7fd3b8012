/**
 * Create or edit a campaign (docs/product/staff-area.md#form-rules): the variation list follows the platform,
 * the total cost follows units and price, the guide image is uploaded as soon as it is chosen.
 * The checks here match the server's; its field messages are shown on the fields the same way.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, TextArea } from '@blueprintjs/core';
import { formatNaira } from '../../shared/money';
import type { AdminCampaign } from '../admin-review/api';
import { TEXT_LIMITS, totalCost, type CampaignFormValues } from './campaign-form';
import { CampaignFormField, CampaignInput, fieldInputProps } from './CampaignFormField';
import { CampaignImageField } from './CampaignImageField';
import { CampaignPlatformFields } from './CampaignPlatformFields';
import { CampaignStatusField } from './CampaignStatusField';
import { useCampaignFormState } from './useCampaignFormState';
import { useCampaignImageUpload } from './useCampaignImageUpload';
import { useCampaignSubmit } from './useCampaignSubmit';

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
  const form = useCampaignFormState(campaign);
  const image = useCampaignImageUpload(form);
  const { submit, summary, busy } = useCampaignSubmit({ campaign, form, onClose });
  const { values, errors, set } = form;

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
          <CampaignInput
            form={form}
            name="taskName"
            label="Title"
            required
            maxLength={TEXT_LIMITS.taskName}
          />
        </div>
        <CampaignPlatformFields form={form} />
        <div className="kobo-admin-campaigns-form-wide">
          <CampaignFormField
            name="taskInstructions"
            label="Instructions"
            error={errors.taskInstructions}
            hint="What the user does and what the screenshot must show."
          >
            <TextArea
              {...fieldInputProps('taskInstructions', errors.taskInstructions)}
              fill
              rows={3}
              maxLength={TEXT_LIMITS.taskInstructions}
              value={values.taskInstructions}
              onChange={(event) => set('taskInstructions', event.currentTarget.value)}
            />
          </CampaignFormField>
          <CampaignInput
            form={form}
            name="taskUrl"
            label="URL"
            required
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={TEXT_LIMITS.taskUrl}
          />
        </div>
        <CampaignInput
          form={form}
          name="taskUnits"
          label="Units"
          required
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
        />
        <CampaignInput
          form={form}
          name="taskPrice"
          label="Price per unit (₦)"
          required
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
        />
        <CampaignInput
          form={form}
          name="taskTime"
          label="Estimated time (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
        />
        {campaign ? <CampaignStatusField form={form} /> : null}
        <TotalCost values={values} />
        <div className="kobo-admin-campaigns-form-wide">
          <CampaignImageField form={form} image={image} />
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
              disabled={image.uploading}
            />
          </>
        }
      />
    </form>
  );
}

/** Units × price, shown while typing (a dash until both are valid). */
function TotalCost({ values }: { values: CampaignFormValues }) {
  const cost = totalCost(values);
  return (
    <div className="kobo-admin-campaigns-form-wide kobo-admin-campaigns-total" aria-live="polite">
      <span>Total cost</span>
      <strong className="kobo-money" data-testid="campaign-total-cost">
        {cost === null ? '—' : formatNaira(cost)}
      </strong>
    </div>
  );
}
