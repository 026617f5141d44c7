export interface Bar {
  label: string;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Lays out one bar per value in a `width` x `height` box (bars fill from the bottom; max value = full). */
export function layoutBars(
  data: ReadonlyArray<{ label: string; value: number }>,
  width: number,
  height: number,
  gap = 2,
): Bar[] {
  if (data.length === 0) return [];
  const max = Math.max(1, ...data.map((d) => d.value));
  const slot = width / data.length;
  const barWidth = Math.max(1, slot - gap);
  return data.map((d, i) => {
    const barHeight = (Math.max(0, d.value) / max) * height;
    return {
      label: d.label,
      value: d.value,
      x: i * slot + gap / 2,
      y: height - barHeight,
      width: barWidth,
      height: barHeight,
    };
  });
}
