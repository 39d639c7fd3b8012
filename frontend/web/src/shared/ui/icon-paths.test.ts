import { pathsInSprite } from './icon-paths';

describe('icon paths read out of the sprite', () => {
  const sprite =
    '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="moon-16" viewBox="0 0 16 16"><path d="M1 1" fill-rule="evenodd"/>' +
    '<path d="M2 2" fill-rule="evenodd"/></symbol><symbol id="moon-20" viewBox="0 0 20 20"><path d="M3 3" fill-rule="evenodd"/></symbol></svg>';

  it('gives the paths of the asked size, and nothing for an icon the sprite lacks', () => {
    expect(pathsInSprite(sprite, 'moon', 16)).toEqual(['M1 1', 'M2 2']);
    expect(pathsInSprite(sprite, 'moon', 20)).toEqual(['M3 3']);
    expect(pathsInSprite(sprite, 'sun', 16)).toBeUndefined();
  });
});
