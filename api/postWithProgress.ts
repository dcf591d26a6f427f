/**
 * A multipart POST that reports how much of its body has gone (0-100). XMLHttpRequest, not ky: ky's
 * onUploadProgress streams the request body, which Chromium only sends over HTTP/2 or QUIC, and the reference
 * server speaks HTTP/1.1 (docs/decisions/product.md: Avatar upload progress).
 */
import { ApiError, failure } from './errors';

export interface PostWithProgressOptions {
  onProgress: (percent: number) => void;
  /** Stops the upload (the machine left the uploading state: Cancel, or another file). */
  signal?: AbortSignal | undefined;
  timeoutMs: number;
  /** Send the site's cookies (this server's endpoint); a third party (Transloadit) gets none. */
  withCredentials: boolean;
}

export interface PostAnswer {
  status: number;
  /** The parsed JSON body, or undefined when it is not JSON. */
  body: unknown;
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export const postWithProgress = (url: string, form: FormData, options: PostWithProgressOptions) =>
  new Promise<PostAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const broken = () =>
      reject(new ApiError(failure('unknown_server_error', { details: { reason: 'network' } })));
    xhr.open('POST', url);
    xhr.withCredentials = options.withCredentials;
    xhr.timeout = options.timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress((event.loaded / event.total) * 100);
    });
    xhr.addEventListener('load', () => resolve({ status: xhr.status, body: parsed(xhr.responseText) }));
    xhr.addEventListener('error', broken);
    xhr.addEventListener('timeout', broken);
    xhr.addEventListener('abort', broken);
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
