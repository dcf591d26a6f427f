/** Profile image calls (spec 7): signature, upload (our Transloadit-like endpoint), record, delete. */
import { callApi } from './client';
import {
  type CreateImageRecordInput,
  type DeleteImageInput,
  fromImageRecordAnswerWire,
  fromUploadAnswerWire,
  fromUploadSignatureAnswerWire,
  ImageRecordAnswerWire,
  type ImageRef,
  toImageRecordRequestWire,
  toUploadFormData,
  toUploadSignatureRequestWire,
  UPLOAD_TIMEOUT_MS,
  UploadAnswerWire,
  type UploadImageInput,
  type UploadResult,
  type UploadSignature,
  UploadSignatureAnswerWire,
  type UploadSignatureInput,
} from './contract';

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
