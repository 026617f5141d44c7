import { describe, expect, it } from 'vitest';
import { layoutBars } from './barChart';

describe('bar chart layout', () => {
  it('scales bars to the largest value and spaces them evenly', () => {
    const bars = layoutBars(
      [
        { label: 'a', value: 5 },
        { label: 'b', value: 10 },
        { label: 'c', value: 0 },
      ],
      300,
      100,
      0,
    );
    expect(bars.map((b) => [b.x, b.width, b.height, b.y])).toEqual([
      [0, 100, 50, 50],
      [100, 100, 100, 0],
      [200, 100, 0, 100],
    ]);
  });

  it('draws nothing for no data and flat zero bars for all-zero data', () => {
    expect(layoutBars([], 100, 100)).toEqual([]);
    expect(layoutBars([{ label: 'a', value: 0 }], 100, 100)[0]?.height).toBe(0);
  });
});
