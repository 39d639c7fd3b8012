/**
 * Sending the campaign form: checked here first (the first field with a message takes the focus),
 * then created with one Idempotency-Key per opening, or updated with only what changed. The
 * server's field messages land on the fields, its message in the summary and a toast.
 */
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import { useToast } from '../../shared/toast/toast';
import { newAttemptKey } from '../admin-withdrawals/api';
import type { AdminCampaign } from '../admin-review/api';
import { useCreateCampaignMutation, useUpdateCampaignMutation } from './api';
import {
  createBody,
  missesRequired,
  REQUIRED_MESSAGE,
  updateBody,
  validate,
  type FormErrors,
} from './campaign-form';
import { focusFirstError } from './CampaignFormField';
import type { CampaignFormState } from './useCampaignFormState';

const FAILED = {
  create: 'Failed to create campaign. Please try again.',
  edit: 'Failed to update campaign. Please try again.',
};
const SUCCESS = {
  create: 'New campaign has been created successfully.',
  edit: 'Campaign has been updated successfully.',
};

export function useCampaignSubmit({
  campaign,
  form: { before, values, setErrors },
  onClose,
}: {
  campaign: AdminCampaign | null;
  form: CampaignFormState;
  onClose: () => void;
}) {
  const mode = campaign ? 'edit' : 'create';
  const [summary, setSummary] = useState<string | null>(null);
  // One key per campaign being created: a resend after a lost answer does not create it twice.
  const [attemptKey] = useState(newAttemptKey);
  const [create, creating] = useCreateCampaignMutation();
  const [update, updating] = useUpdateCampaignMutation();
  const toast = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    if (Object.keys(found).length) {
      setErrors(found);
      setSummary(missesRequired(found) ? REQUIRED_MESSAGE : null);
      focusFirstError(found);
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
      focusFirstError(fromServer);
      const message = errorMessage(error, FAILED[mode]);
      setSummary(message);
      toast.error(message);
    }
  }

  return { submit, summary, busy: creating.isLoading || updating.isLoading };
}
