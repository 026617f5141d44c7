export const iso = (d: Date): string => d.toISOString();
export const isoOrNull = (d: Date | null): string | null => (d ? d.toISOString() : null);
export const epochSeconds = (d: Date): number => Math.floor(d.getTime() / 1000);
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
