/** A path of the payment part under its mount point (`/payment` by default, or the site root). */
export function atMountPoint(mountPoint: string, path: string): string {
  return mountPoint === '/' ? `/${path}` : `${mountPoint}/${path}`;
}
