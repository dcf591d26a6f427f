/**
 * Profile images (spec 7): upload signature, the upload itself (our own Transloadit-like endpoint), the image
 * record, and delete. Transloadit's snake_case `assembly_id` becomes `assemblyId` in the app.
 */
import * as v from 'valibot';
import { fromIdWire, IdWire, type ImageRef, VALIDATION_CODES } from './common';
import { IMAGE_TEMPLATES, PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from './limits';

export type ImageTemplate = (typeof IMAGE_TEMPLATES)[number];
/** spec 7: the only image type the account site records. */
export const IMAGE_TYPE_PROFILE = 'profile';

/** An image given by its address (template 'profile'): a web link only, never javascript: or data:. */
export const ImageLinkSchema = v.pipe(
  v.string(VALIDATION_CODES.required),
  v.trim(),
  v.nonEmpty(VALIDATION_CODES.required),
  v.regex(/^[hH][tT][tT][pP][sS]?:\/\/\S+$/, VALIDATION_CODES.uri),
  v.url(VALIDATION_CODES.uri),
);

// ---------------------------------------------------------------------------------------------- signature

/** POST /api/transloadit-signature-authentication body: type, template (profile: from url, profile-file: file). */
export const UploadSignatureRequestWire = v.object({
  type: v.literal(IMAGE_TYPE_PROFILE),
  template: v.picklist(IMAGE_TEMPLATES),
  url: v.optional(v.pipe(v.string(), v.url())),
});
export type UploadSignatureRequestWire = v.InferOutput<typeof UploadSignatureRequestWire>;
export type UploadSignatureInput = UploadSignatureRequestWire;
export const toUploadSignatureRequestWire = (input: UploadSignatureInput): UploadSignatureRequestWire => ({
  ...input,
});

export const UploadSignatureAnswerWire = v.object({ params: v.string(), signature: v.string() });
export type UploadSignatureAnswerWire = v.InferOutput<typeof UploadSignatureAnswerWire>;
export interface UploadSignature {
  params: string;
  signature: string;
}
export const fromUploadSignatureAnswerWire = (wire: UploadSignatureAnswerWire): UploadSignature => ({
  params: wire.params,
  signature: wire.signature,
});

// ---------------------------------------------------------------------------------------------- upload

/** POST /api/uploads multipart form: params, signature, file (an image of at most PROFILE_IMAGE_MAX_BYTES). */
export const UploadFormWire = v.object({
  params: v.string(),
  signature: v.string(),
  file: v.pipe(v.blob(), v.mimeType(PROFILE_IMAGE_TYPES), v.maxSize(PROFILE_IMAGE_MAX_BYTES)),
});
export type UploadFormWire = v.InferOutput<typeof UploadFormWire>;
export interface UploadImageInput extends UploadSignature {
  file: Blob;
}
export const toUploadFormData = (input: UploadImageInput): FormData => {
  const form = new FormData();
  form.set('params', input.params);
  form.set('signature', input.signature);
  form.set('file', input.file);
  return form;
};

/** Upload answer (Transloadit-like): assembly_id, ok (status text), results with the stored file's url. */
export const UploadAnswerWire = v.object({
  assembly_id: v.string(),
  ok: v.string(),
  results: v.object({ url: v.string() }),
});
export type UploadAnswerWire = v.InferOutput<typeof UploadAnswerWire>;
export interface UploadResult {
  assemblyId: string;
  url: string;
}
export const fromUploadAnswerWire = (wire: UploadAnswerWire): UploadResult => ({
  assemblyId: wire.assembly_id,
  url: wire.results.url,
});
/** The status our upload endpoint reports when the file is stored. */
export const UPLOAD_COMPLETED = 'ASSEMBLY_COMPLETED';
export const toUploadAnswerWire = (result: UploadResult): UploadAnswerWire => ({
  assembly_id: result.assemblyId,
  ok: UPLOAD_COMPLETED,
  results: { url: result.url },
});

// ---------------------------------------------------------------------------------------------- image record

/** POST /api/images body: the upload result fields plus type 'profile'. */
export const ImageRecordRequestWire = v.object({
  assembly_id: v.string(),
  url: v.string(),
  type: v.literal(IMAGE_TYPE_PROFILE),
});
export type ImageRecordRequestWire = v.InferOutput<typeof ImageRecordRequestWire>;
export type CreateImageRecordInput = UploadResult;
export const toImageRecordRequestWire = (input: CreateImageRecordInput): ImageRecordRequestWire => ({
  assembly_id: input.assemblyId,
  url: input.url,
  type: IMAGE_TYPE_PROFILE,
});
export const fromImageRecordRequestWire = (wire: ImageRecordRequestWire): CreateImageRecordInput => ({
  assemblyId: wire.assembly_id,
  url: wire.url,
});

/** POST /api/images answer: the id (url echoed when the server knows better, e.g. after resizing). */
export const ImageRecordAnswerWire = v.object({ id: IdWire, url: v.optional(v.string()) });
export type ImageRecordAnswerWire = v.InferOutput<typeof ImageRecordAnswerWire>;
export const fromImageRecordAnswerWire = (
  wire: ImageRecordAnswerWire,
  sent: CreateImageRecordInput,
): ImageRef => ({
  id: fromIdWire(wire.id),
  url: wire.url ?? sent.url,
});

// ---------------------------------------------------------------------------------------------- delete

/** DELETE /api/images/:id (our path; answers {ok: true}). */
export interface DeleteImageInput {
  id: string;
}
export const DeleteImageParamsWire = v.object({ id: v.pipe(v.string(), v.nonEmpty()) });
