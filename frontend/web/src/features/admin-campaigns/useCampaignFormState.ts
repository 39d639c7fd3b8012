/**
 * The campaign form's values as typed and the message on each field: typing in a field takes its
 * message away, a new platform keeps the variation only if it has it (choosePlatform).
 */
import { useState } from 'react';
import type { AdminCampaign } from '../admin-review/api';
import {
  choosePlatform,
  emptyForm,
  formFromCampaign,
  type CampaignField,
  type CampaignFormValues,
  type FormErrors,
} from './campaign-form';

export function useCampaignFormState(campaign: AdminCampaign | null) {
  // The campaign as opened: an edit sends only what changed since (updateBody).
  const [before] = useState<CampaignFormValues>(() => (campaign ? formFromCampaign(campaign) : emptyForm()));
  const [values, setValues] = useState(before);
  const [errors, setErrors] = useState<FormErrors>({});

  function set(field: CampaignField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function setPlatform(platform: string) {
    setValues((current) => choosePlatform(current, platform));
    setErrors((current) => ({ ...current, taskPlatform: undefined, taskVariation: undefined }));
  }

  /** The guide image's object-store key; null for none. */
  function setImage(key: string | null) {
    setValues((current) => ({ ...current, taskImage: key }));
  }

  function setError(field: CampaignField, message: string | undefined) {
    setErrors((current) => ({ ...current, [field]: message }));
  }

  return { before, values, errors, setErrors, set, setPlatform, setImage, setError };
}

export type CampaignFormState = ReturnType<typeof useCampaignFormState>;
