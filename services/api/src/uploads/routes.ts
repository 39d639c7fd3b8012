/**
 * Image routes: a short-lived link for an image the caller may see, the image behind such a
 * link, and the admin's upload of a campaign guide image.
 */
import { z } from 'zod';
import { findProofSubmitter, isCampaignImage } from '@kobo/projector';
import type { ApiContext } from '../context';
import { defineRoute, HttpProblem, type RouteDefinition } from '../http';
import { campaignImageRule, checkedImageOf, imageFiles, imageUpload } from './image-upload';
import { imageContentTypes } from './image-type';
import { isSafeObjectKey } from './object-store';
import { storeImage } from './stored-images';
import { thumbnailKeyOf } from './thumbnail';
import { campaignImageKeyFor, uploadKindOf } from './upload-keys';
import { uploadsOf } from './uploads-of';

export const uploadMessages = {
  notFound: 'Image not found',
  forbidden: 'You do not have access to this image',
  expired: 'This image link has expired',
  invalidLink: 'This image link is not valid',
  noCampaignImage: 'Please choose an image to upload',
} as const;

const flag = z
  .enum(['1', '0', 'true', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const linkQuery = z.object({
  key: z.string().min(1, 'Key is required').max(512),
  thumb: flag,
});
const signedLink = z.object({ url: z.string(), expiresAt: z.string() }).meta({ id: 'SignedImageLink' });
const imageQuery = z.object({ expires: z.string().optional(), sig: z.string().optional(), thumb: flag });
const campaignImage = z.object({ key: z.string(), url: z.string() }).meta({ id: 'CampaignImage' });

export function uploadRoutes(context: ApiContext): RouteDefinition[] {
  const { store, links } = uploadsOf(context);

  /** Proofs: their owner and admins. Campaign guide images: anyone signed in (the task dialog). */
  async function mayView(key: string, principal: { userId: string; role: string }): Promise<boolean> {
    const kind = uploadKindOf(key);
    if (!kind) throw new HttpProblem('not_found', uploadMessages.notFound);
    if (kind.kind === 'campaign') {
      if (principal.role === 'admin') return true; // also a just-uploaded image not on a campaign yet
      if (!(await isCampaignImage(context.pool, key)))
        throw new HttpProblem('not_found', uploadMessages.notFound);
      return true;
    }
    const submitter = await findProofSubmitter(context.pool, kind.campaignId, key);
    if (submitter === null) throw new HttpProblem('not_found', uploadMessages.notFound);
    return principal.role === 'admin' || submitter === principal.userId;
  }

  return [
    defineRoute({
      method: 'get',
      path: '/uploads/link',
      summary: 'A short-lived link to an image the caller may see',
      description:
        'Proof screenshots: their owner and admins. Campaign guide images: anyone signed in. The link is valid for 5 minutes; add thumb=1 for the 320 px thumbnail.',
      tags: ['uploads'],
      access: ['user', 'admin', 'finance'],
      query: linkQuery,
      responses: {
        200: { description: 'The link', schema: signedLink },
        403: { description: 'Not your image', problem: true },
        404: { description: 'No such image', problem: true },
      },
      handler: async ({ query, principal }) => {
        if (!(await mayView(query.key, principal)))
          throw new HttpProblem('forbidden', uploadMessages.forbidden);
        return links.sign({ key: query.key, thumb: query.thumb });
      },
    }),
    defineRoute({
      method: 'get',
      // Express 5 wildcard (a named splat): keys contain slashes.
      path: '/uploads/{*key}',
      operationId: 'getUploadedImage',
      summary: 'The image behind a signed link',
      description:
        'Public, because an <img> tag sends no bearer token: the signature (expires, sig) from GET /uploads/link is the permission.',
      tags: ['uploads'],
      access: 'public',
      query: imageQuery,
      responses: {
        200: { description: 'The image bytes', contentType: Object.values(imageContentTypes) },
        403: { description: 'The link has expired or is not valid', problem: true },
        404: { description: 'No such image', problem: true },
      },
      handler: async ({ query, req, res }) => {
        const segments = (req.params as { key?: string[] | string }).key;
        const key = Array.isArray(segments) ? segments.join('/') : (segments ?? '');
        const check = links.check({ key, thumb: query.thumb, expires: query.expires, sig: query.sig });
        if (check === 'expired') throw new HttpProblem('forbidden', uploadMessages.expired);
        if (check === 'invalid') throw new HttpProblem('forbidden', uploadMessages.invalidLink);
        const object = isSafeObjectKey(key) ? await store.get(query.thumb ? thumbnailKeyOf(key) : key) : null;
        if (!object) throw new HttpProblem('not_found', uploadMessages.notFound);
        const secondsLeft = Math.max(0, Number(query.expires) - Math.floor(Date.now() / 1000));
        res
          .status(200)
          .set({
            'Content-Type': object.contentType,
            'Content-Length': String(object.bytes.length),
            // Only the holder of the link: never a shared cache, and not past the link's expiry.
            'Cache-Control': `private, max-age=${secondsLeft}`,
            // The web app may live on another origin; helmet's default (same-origin) would block the <img>.
            'Cross-Origin-Resource-Policy': 'cross-origin',
            'Content-Disposition': 'inline',
          })
          .end(object.bytes);
        return undefined;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/admin/uploads/campaign-image',
      summary: "Upload a campaign's guide image (multipart field taskImage, PNG, JPEG or WebP, at most 5 MB)",
      description:
        'multipart/form-data. Answers the key to send as taskImage with the campaign form, and a short-lived link for its preview.',
      tags: ['uploads', 'admin'],
      access: ['admin'],
      middleware: imageUpload(campaignImageRule),
      files: imageFiles(campaignImageRule, 'The guide image: PNG, JPEG or WebP, at most 5 MB', true),
      responses: {
        201: { description: 'Stored', schema: campaignImage },
        400: { description: 'No image, or not a PNG, JPEG or WebP image', problem: true },
        413: { description: 'Larger than 5 MB', problem: true },
      },
      handler: async ({ req }) => {
        const image = checkedImageOf(req);
        if (!image)
          throw new HttpProblem('validation', uploadMessages.noCampaignImage, {
            taskImage: uploadMessages.noCampaignImage,
          });
        const key = campaignImageKeyFor(image.extension);
        await storeImage(store, key, image);
        return { key, url: links.sign({ key }).url };
      },
    }),
  ];
}
