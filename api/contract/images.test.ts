import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  fromImageRecordAnswerWire,
  fromImageRecordRequestWire,
  fromUploadAnswerWire,
  toImageRecordRequestWire,
  toUploadAnswerWire,
  toUploadFormData,
  UploadAnswerWire,
  UploadFormWire,
} from './images';
import { PROFILE_IMAGE_MAX_BYTES } from './limits';
import { apiPath } from './paths';

describe('images contract', () => {
  it('round-trips the upload answer and the image record', () => {
    const result = { assemblyId: 'a1', url: 'https://img.example/a1.png' };
    expect(fromUploadAnswerWire(v.parse(UploadAnswerWire, toUploadAnswerWire(result)))).toEqual(result);
    const record = toImageRecordRequestWire(result);
    expect(record).toEqual({ assembly_id: 'a1', url: result.url, type: 'profile' });
    expect(fromImageRecordRequestWire(record)).toEqual(result);
    expect(fromImageRecordAnswerWire({ id: 5 }, result)).toEqual({ id: '5', url: result.url });
  });

  it('builds the multipart form and refuses non-images and oversized files', () => {
    const file = new Blob(['x'], { type: 'image/png' });
    const form = toUploadFormData({ params: 'p', signature: 's', file });
    expect(form.get('params')).toBe('p');
    expect(v.is(UploadFormWire, { params: 'p', signature: 's', file })).toBe(true);
    const text = new Blob(['x'], { type: 'text/plain' });
    expect(v.is(UploadFormWire, { params: 'p', signature: 's', file: text })).toBe(false);
    const big = new Blob([new Uint8Array(PROFILE_IMAGE_MAX_BYTES + 1)], { type: 'image/png' });
    expect(v.is(UploadFormWire, { params: 'p', signature: 's', file: big })).toBe(false);
  });

  it('fills the image id into the delete path', () => {
    expect(apiPath('deleteImage', { id: 'a/b' })).toBe('/api/images/a%2Fb');
    expect(() => apiPath('deleteImage')).toThrow(/missing :id/);
  });
});
