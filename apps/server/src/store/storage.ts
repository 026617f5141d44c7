import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,127}$/;

/**
 * Bundles on disk under DATA_DIR/store/bundles/<did>/<version>.tgz. A bundle is moved into place
 * before the database row that names it is committed, and removed again if that transaction fails,
 * so a published version always has its file and a refused upload leaves none.
 */
export class BundleStorage {
  /** `tmp`: where uploads are received, on the same file system as `root` so placing is a rename. */
  constructor(
    readonly root: string,
    readonly tmp: string,
  ) {}

  private absolute(relative: string): string {
    const full = path.resolve(this.root, relative);
    if (!full.startsWith(path.resolve(this.root) + path.sep))
      throw new Error('bundle path escapes the store');
    return full;
  }

  /** The relative path a version's bundle is kept at. */
  pathOf(did: string, version: string): string {
    if (!SAFE_SEGMENT.test(did) || !SAFE_SEGMENT.test(version)) throw new Error('unsafe bundle path');
    return `${did}/${version}.tgz`;
  }

  /** Moves an inspected temporary file into place (copy + unlink across file systems). */
  async place(tempPath: string, relative: string): Promise<void> {
    const target = this.absolute(relative);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(tempPath, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await copyFile(tempPath, target);
      await unlink(tempPath);
    }
  }

  async remove(relative: string): Promise<void> {
    await unlink(this.absolute(relative)).catch(() => undefined);
  }

  /** True when the file is in place with the recorded size. */
  async inPlace(relative: string, size: number): Promise<boolean> {
    const s = await stat(this.absolute(relative)).catch(() => null);
    return s !== null && s.isFile() && s.size === size;
  }

  /** The absolute path of a stored bundle (for reading it in place). */
  absolutePath(relative: string): string {
    return this.absolute(relative);
  }

  open(relative: string): ReadStream {
    return createReadStream(this.absolute(relative));
  }
}

export async function discard(tempPath: string | undefined): Promise<void> {
  if (tempPath) await unlink(tempPath).catch(() => undefined);
}
