/** Profile image calls (spec 7): signature, upload (our Transloadit-like endpoint), record, delete. */
import * as v from 'valibot';
import { callApi, currentApiBase } from './client';
import {
  apiPath,
  type CreateImageRecordInput,
  type DeleteImageInput,
  fromImageRecordAnswerWire,
  fromUploadAnswerWire,
  fromUploadSignatureAnswerWire,
  IMAGE_TYPE_PROFILE,
  ImageRecordAnswerWire,
  type ImageRef,
  isOwnUpload,
  TRANSLOADIT_ASSEMBLIES_URL,
  TransloaditAssemblyWire,
  toImageRecordRequestWire,
  toUploadFormData,
  toUploadSignatureRequestWire,
  transloaditResult,
  UPLOAD_COMPLETED,
  UPLOAD_TIMEOUT_MS,
  UploadAnswerWire,
  type UploadAvatarInput,
  type UploadImageInput,
  type UploadResult,
  type UploadSignature,
  UploadSignatureAnswerWire,
  type UploadSignatureInput,
} from './contract';
import { heard } from './credentialRefusals';
import { ApiError, failure, failureOfAnswer } from './errors';
import { postWithProgress } from './postWithProgress';

export const getUploadSignature = async (input: UploadSignatureInput): Promise<UploadSignature> =>
  fromUploadSignatureAnswerWire(
    await callApi(
      'getUploadSignature',
      { json: toUploadSignatureRequestWire(input) },
      UploadSignatureAnswerWire,
    ),
  );

export const uploadImage = async (input: UploadImageInput): Promise<UploadResult> =>
  fromUploadAnswerWire(
    await callApi(
      'uploadImage',
      { body: toUploadFormData(input), timeout: UPLOAD_TIMEOUT_MS },
      UploadAnswerWire,
    ),
  );

/** Records an uploaded image as a profile image; answers its id (and url). */
export const createImageRecord = async (input: CreateImageRecordInput): Promise<ImageRef> =>
  fromImageRecordAnswerWire(
    await callApi('createImageRecord', { json: toImageRecordRequestWire(input) }, ImageRecordAnswerWire),
    input,
  );

export const deleteImage = async (input: DeleteImageInput): Promise<void> =>
  callApi('deleteImage', { params: { id: input.id } });

// ---------------------------------------------------------------------------------------------- the avatar

const TRANSLOADIT_POLL_MS = 1000;
/** Transloadit resizes in seconds; a minute without a result is a failure. */
const TRANSLOADIT_POLLS = 60;

const unknownFailure = (reason: string) =>
  new ApiError(failure('unknown_server_error', { details: { reason } }));

/** This server's /api/uploads, with progress; its refusals read as every call's (api/errors.ts). */
const uploadHere = async (
  input: UploadImageInput,
  onProgress: (percent: number) => void,
  signal: AbortSignal | undefined,
): Promise<UploadResult> => {
  const url = `${currentApiBase()}${apiPath('uploadImage')}`;
  const answer = await postWithProgress(url, toUploadFormData(input), {
    onProgress,
    signal,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    withCredentials: true,
  });
  if (answer.status < 200 || answer.status >= 300)
    throw heard(new ApiError(failureOfAnswer(answer.status, answer.body, { call: 'uploadImage' })));
  const parsed = v.safeParse(UploadAnswerWire, answer.body);
  if (!parsed.success) throw unknownFailure('answer_schema');
  return fromUploadAnswerWire(parsed.output);
};

/**
 * Transloadit (when the server signs for it, spec 7): the upload goes to its assemblies endpoint, then its status
 * is read until the assembly is complete; the first stored file is the result.
 */
const uploadToTransloadit = async (
  input: UploadImageInput,
  onProgress: (percent: number) => void,
  signal: AbortSignal | undefined,
): Promise<UploadResult> => {
  const answer = await postWithProgress(TRANSLOADIT_ASSEMBLIES_URL, toUploadFormData(input), {
    onProgress,
    signal,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    withCredentials: false,
  });
  let status = v.safeParse(TransloaditAssemblyWire, answer.body);
  for (let poll = 0; poll < TRANSLOADIT_POLLS; poll += 1) {
    if (!status.success || status.output.error) throw unknownFailure('transloadit');
    const result = status.output.ok === UPLOAD_COMPLETED ? transloaditResult(status.output) : undefined;
    if (result) return result;
    const statusUrl = status.output.assembly_ssl_url;
    if (!statusUrl) throw unknownFailure('transloadit');
    await new Promise((resolve) => setTimeout(resolve, TRANSLOADIT_POLL_MS));
    signal?.throwIfAborted();
    status = v.safeParse(
      TransloaditAssemblyWire,
      await (await fetch(statusUrl, { signal: signal ?? null })).json(),
    );
  }
  throw unknownFailure('transloadit_timeout');
};

/**
 * One profile picture (spec 7): the upload signature for its template, the upload (this server's endpoint, or
 * Transloadit when the signed params are Transloadit's), then the image record. Progress counts the bytes sent.
 */
export const uploadAvatar = async (
  { source, onProgress }: UploadAvatarInput,
  signal?: AbortSignal,
): Promise<ImageRef> => {
  const signature = await getUploadSignature(
    source.template === 'profile'
      ? { type: IMAGE_TYPE_PROFILE, template: 'profile', url: source.url }
      : { type: IMAGE_TYPE_PROFILE, template: 'profile-file' },
  );
  const input: UploadImageInput =
    source.template === 'profile-file' ? { ...signature, file: source.file } : signature;
  const upload = isOwnUpload(signature.params) ? uploadHere : uploadToTransloadit;
  const result = await upload(input, onProgress, signal);
  onProgress(100);
  return createImageRecord(result);
};

/** Image records nobody's picture any more (a replaced or unsaved upload). */
export const deleteImages = async ({ ids }: { ids: string[] }): Promise<void> => {
  await Promise.all(ids.map((id) => deleteImage({ id })));
};
