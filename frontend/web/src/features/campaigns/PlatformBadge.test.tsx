import { render } from '@testing-library/react';
import { CAMPAIGN_PLATFORMS } from '../admin-campaigns/campaign-platforms';
import { PlatformBadge } from './PlatformBadge';

/** The mark a badge draws: its name, and the drawing itself. */
function markOf(platform: string) {
  const { container, unmount } = render(<PlatformBadge platform={platform} />);
  const svg = container.querySelector('svg.kobo-platform-mark')!;
  const mark = {
    name: svg.getAttribute('data-mark'),
    drawing: svg.innerHTML,
    hidden: svg.getAttribute('aria-hidden'),
  };
  unmount();
  return mark;
}

describe('platform marks', () => {
  it('draws each platform of the campaign form with its own mark, none of them the default', () => {
    const marks = CAMPAIGN_PLATFORMS.map((platform) => markOf(platform));
    expect(marks.map((mark) => mark.name)).toEqual([
      'activity',
      'facebook',
      'whatsapp',
      'instagram',
      'tiktok',
      'youtube',
      'telegram',
      'twitter',
      'boomplay',
      'spotify',
      'audiomack',
      'playstore',
      'applestore',
      'website',
    ]);
    // Fourteen different drawings (the gradients' ids aside).
    const drawings = marks.map((mark) => mark.drawing.replace(/kobo-mark-[\w-]+/g, 'id'));
    expect(new Set(drawings).size).toBe(CAMPAIGN_PLATFORMS.length);
    // Beside the written name: decorative.
    expect(marks.every((mark) => mark.hidden === 'true')).toBe(true);
  });

  it.each([
    ['Google Play Store', 'playstore'],
    ['apple app store', 'applestore'],
    ['x', 'twitter'],
    ['Instagram', 'instagram'],
  ])('knows the other spelling %s', (stored, mark) => {
    expect(markOf(stored).name).toBe(mark);
  });

  it('gives a platform it does not know the plain mark of an app', () => {
    expect(markOf('myspace').name).toBe('other');
  });

  it('gives every drawing its own gradient, so one hidden mark never blanks the others', () => {
    const { container } = render(
      <>
        <PlatformBadge platform="instagram" />
        <PlatformBadge platform="instagram" compact />
      </>,
    );
    const ids = [...container.querySelectorAll('radialGradient')].map((gradient) => gradient.id);
    expect(new Set(ids).size).toBe(2);
    const fills = [...container.querySelectorAll('svg')].map((svg) =>
      svg.querySelector('rect')!.getAttribute('fill'),
    );
    expect(fills).toEqual(ids.map((id) => `url(#${id})`));
  });
});
