import { describe, expect, it } from 'vitest';
import { iconSet, pickIcons, type IconSet } from './sets.js';

const set: IconSet = {
  prefix: 'demo',
  width: 24,
  height: 24,
  icons: { home: { body: '<path d="M0 0h24v24H0z"/>' }, wide: { body: '<g/>', width: 32 } },
  aliases: {
    house: { parent: 'home' },
    'house-turned': { parent: 'house', rotate: 1, hFlip: true },
    broken: { parent: 'nowhere' },
    loop: { parent: 'loop' },
  },
};

describe('pickIcons', () => {
  it('answers the Iconify API shape with what exists and lists the rest as not found', () => {
    expect(pickIcons(set, ['home', 'wide', 'missing', 'Bad Name', 'home'])).toEqual({
      prefix: 'demo',
      width: 24,
      height: 24,
      icons: { home: set.icons.home, wide: set.icons.wide },
      not_found: ['missing', 'Bad Name'],
    });
  });

  it('flattens alias chains onto their icon with the transformations added up', () => {
    const answer = pickIcons(set, ['house-turned', 'broken', 'loop']);
    expect(answer.icons).toEqual({ home: set.icons.home });
    expect(answer.aliases).toEqual({ 'house-turned': { parent: 'home', rotate: 1, hFlip: true } });
    expect(answer.not_found).toEqual(['broken', 'loop']);
  });

  it('does not treat inherited object keys as icons', () => {
    expect(pickIcons(set, ['constructor']).not_found).toEqual(['constructor']);
  });
});

describe('bundled sets', () => {
  it('loads mdi and codicon, and knows no other prefix', async () => {
    const mdi = await iconSet('mdi');
    expect(mdi?.prefix).toBe('mdi');
    expect(pickIcons(mdi as IconSet, ['home']).icons.home?.body).toContain('<path');
    expect((await iconSet('codicon'))?.prefix).toBe('codicon');
    expect(iconSet('nope')).toBeNull();
    expect(iconSet('constructor')).toBeNull();
  });
});
