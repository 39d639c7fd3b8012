/** The campaigns read model (docs/decisions/0049-one-folder-per-read-model.md): what other packages use. */
export { campaigns, type CampaignPayoutsRow, type CampaignRow } from './projection';
export {
  AVAILABLE_CAMPAIGN_SORTS,
  CAMPAIGN_SORTS,
  campaignsPosition,
  findCampaign,
  findCampaignPlatform,
  isCampaignImage,
  listAvailableCampaigns,
  listCampaigns,
  type AvailableCampaignRow,
  type AvailableCampaignSort,
  type CampaignListQuery,
  type CampaignSort,
  type CampaignWithPayoutsRow,
} from './queries';
