/**
 * Profile images (spec 7): upload signature, the upload itself (our own Transloadit-like endpoint), the image
 * record, and delete. Transloadit's snake_case `assembly_id` becomes `assemblyId` in the app.
 */
import * as v from 'valibot';
import { fromIdWire, IdWire, type ImageRef, VALIDATION_CODES } from './common';
import { IMAGE_TEMPLATES, PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from './limits';

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

/** POST /api/uploads multipart form: params, signature, file (an image of at most PROFILE_IMAGE_MAX_BYTES) or none. */
export const UploadFormWire = v.object({
  params: v.string(),
  signature: v.string(),
  /** Absent for template 'profile': the link signed in the params is imported instead. */
  file: v.optional(v.pipe(v.blob(), v.mimeType(PROFILE_IMAGE_TYPES), v.maxSize(PROFILE_IMAGE_MAX_BYTES))),
});
export type UploadFormWire = v.InferOutput<typeof UploadFormWire>;
export interface UploadImageInput extends UploadSignature {
  /** Absent for template 'profile' (the link is in the signed params). */
  file?: Blob;
}
export const toUploadFormData = (input: UploadImageInput): FormData => {
  const form = new FormData();
  form.set('params', input.params);
  form.set('signature', input.signature);
  if (input.file) form.set('file', input.file);
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

/** auth.key of the params this server signs for its own upload endpoint; any other key is Transloadit's. */
export const OWN_UPLOAD_AUTH_KEY = 'account-site';
/** Where Transloadit takes uploads (its assemblies endpoint) when the server signs for Transloadit. */
export const TRANSLOADIT_ASSEMBLIES_URL = 'https://api2.transloadit.com/assemblies';

/** True when signed params are for this server's /api/uploads (their auth.key), false for Transloadit. */
export const isOwnUpload = (params: string): boolean => {
  try {
    return (JSON.parse(params) as { auth?: { key?: unknown } }).auth?.key === OWN_UPLOAD_AUTH_KEY;
  } catch {
    return false;
  }
};

/** Transloadit's assembly status: executing until ASSEMBLY_COMPLETED, then each step's results. */
export const TransloaditAssemblyWire = v.object({
  ok: v.optional(v.string()),
  error: v.optional(v.string()),
  assembly_id: v.string(),
  assembly_ssl_url: v.optional(v.string()),
  results: v.optional(
    v.record(
      v.string(),
      v.array(
        v.object({ ssl_url: v.optional(v.nullable(v.string())), url: v.optional(v.nullable(v.string())) }),
      ),
    ),
  ),
});
export type TransloaditAssemblyWire = v.InferOutput<typeof TransloaditAssemblyWire>;
/** The first stored file of a completed assembly, or undefined while there is none. */
export const transloaditResult = (wire: TransloaditAssemblyWire): UploadResult | undefined => {
  const first = Object.values(wire.results ?? {}).flat()[0];
  const url = first?.ssl_url ?? first?.url;
  return url ? { assemblyId: wire.assembly_id, url } : undefined;
};

// ---------------------------------------------------------------------------------------------- the avatar

/** spec 7: template 'profile-file' uploads a file, template 'profile' imports from a link. */
export type AvatarSource = { template: 'profile-file'; file: Blob } | { template: 'profile'; url: string };

/** Signature, upload (with its progress, 0-100) and image record of one profile picture. */
export interface UploadAvatarInput {
  source: AvatarSource;
  onProgress: (percent: number) => void;
}

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
