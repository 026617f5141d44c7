import { createHash } from 'node:crypto';

/**
 * A deterministic 5x5 mirrored identicon (SVG) for a DID, so every user has a recognisable avatar even
 * when their wallet shares none. Same DID, same picture, on every install.
 */
export function identiconSvg(seed: string, size: number): string {
  const hash = createHash('sha256').update(seed).digest();
  const hue = ((hash[0] ?? 0) * 360) / 256;
  const fg = `hsl(${hue.toFixed(0)} 55% 48%)`;
  const bg = `hsl(${hue.toFixed(0)} 40% 93%)`;
  const cells: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      const on = ((hash[1 + row * 3 + col] ?? 0) & 1) === 1;
      if (!on) continue;
      for (const x of col === 2 ? [2] : [col, 4 - col])
        cells.push(`<rect x="${x + 1}" y="${row + 1}" width="1" height="1"/>`);
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 7 7" shape-rendering="crispEdges">` +
    `<rect width="7" height="7" fill="${bg}"/><g fill="${fg}">${cells.join('')}</g></svg>`
  );
}

/** Size from the `w`/`h` resize parameters, bounded so a request cannot ask for an absurd image. */
export function avatarSize(query: unknown): number {
  const q = (query ?? {}) as Record<string, unknown>;
  const n = Number(q.w ?? q.h ?? 80);
  return Number.isInteger(n) && n >= 16 && n <= 512 ? n : 80;
}
