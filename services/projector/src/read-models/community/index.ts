/** The community read model: the community links (one row). */
export { community, type CommunityLinksRow } from './projection';
export { readCommunityLinks, type CommunityLinksColumns } from './queries';
