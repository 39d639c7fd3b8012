import { DEFAULT_PLATFORM_ICON, isActivity, platformKey, platformOf } from './platforms';

describe('task platforms', () => {
  it.each([
    ['facebook', 'Facebook', 'social-media'],
    ['whatsapp', 'WhatsApp', 'social-media'],
    ['youtube', 'YouTube', null],
    ['telegram', 'Telegram', 'social-media'],
    ['instagram', 'Instagram', 'social-media'],
    ['twitter', 'Twitter', 'social-media'],
    ['tiktok', 'TikTok', 'social-media'],
    ['spotify', 'Spotify', 'music-streaming'],
    ['audiomack', 'Audiomack', 'music-streaming'],
    ['boomplay', 'Boomplay', 'music-streaming'],
    ['playstore', 'Google Play Store', 'app-stores'],
    ['applestore', 'Apple App Store', 'app-stores'],
    ['website', 'Website', null],
    ['activity', 'Activity', null],
  ])('knows %s as %s', (key, label, group) => {
    const platform = platformOf(key);
    expect(platform).toMatchObject({ key, label, group, known: true });
    expect(platform.icon).not.toBe(DEFAULT_PLATFORM_ICON);
  });

  it('reads the other spellings of the stores, in any case and spacing', () => {
    expect(platformOf('google play store')).toMatchObject({ key: 'playstore', label: 'Google Play Store' });
    expect(platformOf('Google Play Store')).toMatchObject({ key: 'playstore', label: 'Google Play Store' });
    expect(platformOf('apple app store')).toMatchObject({ key: 'applestore', label: 'Apple App Store' });
    expect(platformOf('Apple_App_Store')).toMatchObject({ key: 'applestore', label: 'Apple App Store' });
    expect(platformOf('appstore')).toMatchObject({ key: 'applestore', label: 'Apple App Store' });
    expect(platformOf(' YouTube ')).toMatchObject({ key: 'youtube', label: 'YouTube' });
    expect(platformOf('x')).toMatchObject({ key: 'twitter', label: 'Twitter' });
  });

  it('shows an unknown platform capitalised with the default icon and no group', () => {
    expect(platformOf('linkedin')).toMatchObject({
      label: 'Linkedin',
      icon: DEFAULT_PLATFORM_ICON,
      group: null,
      known: false,
    });
    expect(platformOf('snapchat stories').label).toBe('Snapchat stories');
    expect(platformOf('').label).toBe('Other');
    expect(platformKey('linkedin')).toBeNull();
  });

  it('tells activities apart (no screenshot, credited at once)', () => {
    expect(isActivity('activity')).toBe(true);
    expect(isActivity('Activity')).toBe(true);
    expect(isActivity('website')).toBe(false);
  });
});
