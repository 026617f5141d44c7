// Receiving an upload: the bytes go to a temp file while they are counted and hashed, and the upload
// is refused the moment it passes the size limit, not after the whole body has arrived.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { BundleError } from './errors.js';

export interface Received {
  sha512: string;
  size: number;
}

/**
 * Copies `stream` to `file`, hashing (sha512, hex) and counting as it goes. Past `maxBytes` it stops
 * reading, removes `file` and throws BundleError `too_large`; the stream is paused and detached, not
 * destroyed, so an HTTP handler can still answer (and close the connection). Any failure removes `file`.
 */
export async function receiveToFile(
  stream: NodeJS.ReadableStream,
  file: string,
  maxBytes: number,
): Promise<Received> {
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  // Destroying the file stream while a write is pending (a refused upload) emits an error after our
  // handlers are gone; an unheard 'error' would crash the process. Failures are handled below.
  out.on('error', () => undefined);
  const hash = createHash('sha512');
  let size = 0;
  try {
    await once(out, 'open');
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const finish = (error?: unknown) => {
        if (settled) return;
        settled = true;
        stream.removeListener('data', onData);
        stream.removeListener('end', onEnd);
        stream.removeListener('error', onError);
        stream.removeListener('close', onClose);
        out.removeListener('error', onError);
        out.removeListener('drain', onDrain);
        if (error === undefined) resolve();
        else reject(error);
      };
      const onData = (chunk: string | Buffer) => {
        const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += buf.length;
        if (size > maxBytes) {
          stream.pause();
          finish(new BundleError('too_large', `The bundle is larger than ${maxBytes} bytes.`));
          return;
        }
        hash.update(buf);
        if (!out.write(buf)) stream.pause();
      };
      const onDrain = () => stream.resume();
      const onEnd = () => finish();
      const onError = (error: unknown) => finish(error);
      // A client that goes away may only close the stream: that is not a complete upload.
      const onClose = () => finish(new Error('The upload stream closed before its end.'));
      stream.on('data', onData);
      stream.on('end', onEnd);
      stream.on('error', onError);
      stream.on('close', onClose);
      out.on('error', onError);
      out.on('drain', onDrain);
      stream.resume();
    });
    out.end();
    await once(out, 'close');
    return { sha512: hash.digest('hex'), size };
  } catch (error) {
    out.destroy();
    await rm(file, { force: true });
    throw error;
  }
}
