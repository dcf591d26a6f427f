/**
 * Profile image calls of the fake (spec 7): upload signature, the upload itself, the image record, delete.
 * Uploaded files become data URLs, so the preview works with no upload service (and survives a reload as long as
 * localStorage has room for it).
 */
import {
  DeleteImageParamsWire,
  fromImageRecordRequestWire,
  ImageRecordRequestWire,
  OWN_UPLOAD_AUTH_KEY,
  toUploadAnswerWire,
  UploadFormWire,
  UploadSignatureRequestWire,
} from '../../contract';
import { type FakeResolvers, requireUser } from '../context';
import { failField, failNotFound, json, ok, parse } from '../reply';

/** The fake's "signature": anything signed by this string passes the upload. */
export const FAKE_UPLOAD_SIGNATURE = 'fake-signature';

const formFields = (body: unknown): Record<string, unknown> =>
  body instanceof FormData ? Object.fromEntries(body.entries()) : {};

const toDataUrl = async (file: Blob): Promise<string> => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode(...all) overflows the call stack on a large image.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return `data:${file.type};base64,${btoa(binary)}`;
};

export const imageResolvers: FakeResolvers<
  'getUploadSignature' | 'uploadImage' | 'createImageRecord' | 'deleteImage'
> = {
  getUploadSignature: (call) => {
    requireUser(call);
    const wire = parse(UploadSignatureRequestWire, call.body);
    // Shaped like the server's own params (auth.key says: this site's upload endpoint, not Transloadit).
    const params = {
      auth: { key: OWN_UPLOAD_AUTH_KEY },
      template_id: wire.template,
      fields: { url: wire.url },
    };
    return json({ params: JSON.stringify(params), signature: FAKE_UPLOAD_SIGNATURE });
  },

  uploadImage: async (call) => {
    requireUser(call);
    const form = parse(UploadFormWire, formFields(call.body));
    if (form.signature !== FAKE_UPLOAD_SIGNATURE) throw failField('signature', 'any.invalid');
    if (!form.file) {
      // Template 'profile' imports the signed link (the server keeps the link too).
      const signed = JSON.parse(form.params) as { template_id?: string; fields?: { url?: string } };
      const link = signed.fields?.url;
      if (signed.template_id !== 'profile' || !link) throw failField('file', 'any.required');
      return json(toUploadAnswerWire({ assemblyId: `fake-assembly-${call.store.newId()}`, url: link }));
    }
    const url = await toDataUrl(form.file);
    return json(toUploadAnswerWire({ assemblyId: `fake-assembly-${call.store.newId()}`, url }));
  },

  createImageRecord: (call) => {
    const user = requireUser(call);
    const input = fromImageRecordRequestWire(parse(ImageRecordRequestWire, call.body));
    const image = { id: call.store.newId(), ownerEmail: user.email, url: input.url };
    call.store.state.images.push(image);
    return json({ id: image.id, url: image.url });
  },

  deleteImage: (call) => {
    const user = requireUser(call);
    const { id } = parse(DeleteImageParamsWire, call.params);
    const images = call.store.state.images;
    const index = images.findIndex((row) => row.id === id && row.ownerEmail === user.email);
    if (index < 0) throw failNotFound();
    images.splice(index, 1);
    if (user.imageId === id) user.imageId = null;
    return ok();
  },
};
