/**
 * The platform and its task variation: the variation list follows the platform, and a stored
 * variation the list no longer has stays choosable.
 */
import { HTMLSelect } from '@blueprintjs/core';
import { CAMPAIGN_PLATFORMS, platformLabel, variationsFor } from './campaign-platforms';
import { CampaignFormField, fieldInputProps } from './CampaignFormField';
import type { CampaignFormState } from './useCampaignFormState';

export function CampaignPlatformFields({ form }: { form: CampaignFormState }) {
  const { values, errors } = form;
  const variations = variationsFor(values.taskPlatform);
  return (
    <>
      <CampaignFormField name="taskPlatform" label="Platform" error={errors.taskPlatform} required>
        <HTMLSelect
          {...fieldInputProps('taskPlatform', errors.taskPlatform)}
          fill
          value={values.taskPlatform}
          onChange={(event) => form.setPlatform(event.currentTarget.value)}
        >
          <option value="">Choose a platform</option>
          {CAMPAIGN_PLATFORMS.map((platform) => (
            <option key={platform} value={platform}>
              {platformLabel(platform)}
            </option>
          ))}
        </HTMLSelect>
      </CampaignFormField>
      <CampaignFormField name="taskVariation" label="Task variation" error={errors.taskVariation} required>
        <HTMLSelect
          {...fieldInputProps('taskVariation', errors.taskVariation)}
          fill
          value={values.taskVariation}
          disabled={!values.taskPlatform}
          onChange={(event) => form.set('taskVariation', event.currentTarget.value)}
        >
          <option value="">{values.taskPlatform ? 'Choose a variation' : 'Choose a platform first'}</option>
          {variations.map((variation) => (
            <option key={variation} value={variation}>
              {variation}
            </option>
          ))}
          {values.taskVariation && !variations.includes(values.taskVariation) ? (
            <option value={values.taskVariation}>{values.taskVariation}</option>
          ) : null}
        </HTMLSelect>
      </CampaignFormField>
    </>
  );
}
