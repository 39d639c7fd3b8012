/**
 * The platform filter: a platform key, one of its other spellings, or a group from the task
 * screen's select (docs/product/user-site.md#what-the-screens-show). Answers the stored keys to match.
 */
const groups: Record<string, string[]> = {
  'social-media': ['facebook', 'instagram', 'twitter', 'tiktok', 'whatsapp', 'telegram'],
  'music-streaming': ['spotify', 'audiomack', 'boomplay'],
  'app-stores': ['playstore', 'google play store', 'appstore', 'applestore', 'apple app store'],
};

const aliases: Record<string, string[]> = {
  playstore: ['playstore', 'google play store'],
  'google play store': ['playstore', 'google play store'],
  appstore: ['appstore', 'applestore', 'apple app store'],
  applestore: ['appstore', 'applestore', 'apple app store'],
  'apple app store': ['appstore', 'applestore', 'apple app store'],
  x: ['twitter'],
};

export function platformsMatching(filter: string | undefined): string[] | null {
  const wanted = filter
    ?.trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');
  if (!wanted || wanted === 'all') return null;
  const group = groups[wanted.replace(/ /g, '-')];
  if (group) return group;
  return aliases[wanted] ?? [wanted];
}
