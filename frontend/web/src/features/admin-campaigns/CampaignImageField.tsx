/**
 * The optional guide image: the one just uploaded (or the campaign's current one), a file input
 * that uploads at once, and a way to remove it.
 */
import { Button, FileInput, FormGroup } from '@blueprintjs/core';
import { CampaignImage } from './CampaignImage';
import { fieldId, helpId } from './CampaignFormField';
import type { CampaignImageUpload } from './useCampaignImageUpload';
import type { CampaignFormState } from './useCampaignFormState';

export function CampaignImageField({
  form: { values, errors },
  image,
}: {
  form: CampaignFormState;
  image: CampaignImageUpload;
}) {
  return (
    <FormGroup
      label="Screenshot image"
      labelFor={fieldId('taskImage')}
      labelInfo="(optional)"
      intent={errors.taskImage ? 'danger' : 'none'}
      helperText={<span id={helpId('taskImage')}>{errors.taskImage ?? 'PNG, JPG up to 5MB'}</span>}
    >
      <div className="kobo-admin-campaigns-upload">
        {values.taskImage ? (
          image.preview ? (
            <img className="kobo-admin-campaigns-image" src={image.preview} alt="Chosen guide image" />
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
          text={image.uploading ? 'Uploading...' : values.taskImage ? 'Replace image...' : 'Choose image...'}
          buttonText="Browse"
          disabled={image.uploading}
          inputProps={{
            id: fieldId('taskImage'),
            accept: 'image/png,image/jpeg,image/webp',
            'aria-describedby': helpId('taskImage'),
          }}
          onInputChange={(event) => {
            const input = event.currentTarget as HTMLInputElement;
            void image.choose(input.files?.[0]);
            input.value = '';
          }}
        />
        {values.taskImage ? (
          <Button variant="minimal" icon="trash" text="Remove" onClick={image.remove} />
        ) : null}
      </div>
    </FormGroup>
  );
}
