/**
 * The Campaigns screen's calls (docs/api/admin.md, "Campaigns"; docs/api/campaigns.md for the image
 * upload): one page of campaigns, create, edit, delete and the guide
 * image. The status toggle, the campaign type and the image link are admin-review's.
 */
import { api } from '../../shared/api/api';
import { toPage, type Page } from '../../shared/api/paging';
import type { ApiAnswer, ApiBody } from '../../shared/api/types';
import type { AdminCampaign } from '../admin-review/api';
import { listQuery, type CampaignFilters } from './campaigns-list';

export type CampaignBody = ApiBody<'postAdminTasks'>;
export type CampaignUpdate = ApiBody<'putAdminTasksByTaskId'>;
export type CampaignAnswer = ApiAnswer<'postAdminTasks', 201>;
export type CampaignImage = ApiAnswer<'postAdminUploadsCampaignImage', 201>;

export const adminCampaignsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCampaignPage: build.query<Page<AdminCampaign>, CampaignFilters>({
      query: (filters) => ({ url: '/admin/tasks', params: listQuery(filters) }),
      transformResponse: (items: AdminCampaign[], meta) => toPage(items, meta),
      providesTags: ['AdminCampaigns'],
    }),
    createCampaign: build.mutation<CampaignAnswer, { body: CampaignBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: '/admin/tasks',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminCampaigns', 'Campaigns']),
    }),
    updateCampaign: build.mutation<CampaignAnswer, { id: string; body: CampaignUpdate }>({
      query: ({ id, body }) => ({ url: `/admin/tasks/${encodeURIComponent(id)}`, method: 'PUT', body }),
      // Also after a refusal: a 409 means the campaign changed meanwhile.
      invalidatesTags: ['AdminCampaigns', 'Campaigns'],
    }),
    deleteCampaign: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/admin/tasks/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AdminCampaigns', 'Campaigns', 'Submissions'],
    }),
    uploadCampaignImage: build.mutation<CampaignImage, File>({
      query: (file) => {
        // multipart/form-data: the browser sets the boundary, so no Content-Type of our own.
        const body = new FormData();
        body.append('taskImage', file);
        return { url: '/admin/uploads/campaign-image', method: 'POST', body };
      },
    }),
  }),
});

export const {
  useGetCampaignPageQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  useDeleteCampaignMutation,
  useUploadCampaignImageMutation,
} = adminCampaignsApi;
