/**
 * The guide image, uploaded as soon as it is chosen: the form keeps the key the server gives, the
 * preview shows the image just sent, and a refusal is the image field's message.
 */
import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import { useUploadCampaignImageMutation } from './api';
import type { CampaignFormState } from './useCampaignFormState';

export function useCampaignImageUpload({
  setImage,
  setError,
}: Pick<CampaignFormState, 'setImage' | 'setError'>) {
  const [preview, setPreview] = useState<string | null>(null);
  const [upload, uploading] = useUploadCampaignImageMutation();

  async function choose(file: File | undefined) {
    if (!file) return;
    try {
      const answer = await upload(file).unwrap();
      setImage(answer.key);
      setPreview(answer.url);
      setError('taskImage', undefined);
    } catch (error) {
      setError(
        'taskImage',
        fieldErrors(error).taskImage ?? errorMessage(error, 'The image could not be uploaded.'),
      );
    }
  }

  function remove() {
    setImage(null);
    setPreview(null);
  }

  return { preview, uploading: uploading.isLoading, choose, remove };
}

export type CampaignImageUpload = ReturnType<typeof useCampaignImageUpload>;
