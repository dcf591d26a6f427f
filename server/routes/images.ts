/**
 * Profile images (spec 4 Image upload, spec 7):
 * - POST /api/transloadit-signature-authentication: signed upload params with an expiry (for Transloadit when
 *   TRANSLOADIT_KEY/SECRET are set, else for this server);
 * - POST /api/uploads (ours): the Transloadit-like multipart upload (params, signature, file); checks signature,
 *   expiry, that the signature's user is the session's, type (by content) and size; one upload per signature,
 *   the per-address limit and the quotas of uploadQuota.ts (per user and day, smaller before confirmation, the
 *   storage budget); stores the file and answers an assembly result (orphans: uploadSweep.ts);
 * - GET /api/uploads/:name: the stored file;
 * - POST /api/images {assembly_id, url, type: 'profile'} -> {id, url}; DELETE /api/images/:id.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { OK_ANSWER, rowIdOf, VALIDATION_CODES } from '../../api/contract/common';
import { FIELD_VALIDATION_ERROR } from '../../api/contract/errorShapes';
import {
  DeleteImageParamsWire,
  type ImageRecordAnswerWire,
  ImageRecordRequestWire,
  toUploadAnswerWire,
  type UploadSignatureAnswerWire,
  UploadSignatureRequestWire,
} from '../../api/contract/images';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '../../api/contract/limits';
import { API_PATHS } from '../../api/contract/paths';
import { images, uploads } from '../db/schema';
import type { AppDeps, AppEnv, UserRow } from '../deps';
import { ApiProblem, fail, fieldError } from '../http/problem';
import { requestOrigin } from '../http/requestOrigin';
import { parseWith, readJson } from '../http/validate';
import { rateLimit } from '../rateLimit';
import { sha256Hex } from '../security/crypto';
import { authenticated } from '../sessions';
import { storableOnly } from '../storableText';
import { violatedUniqueConstraint } from '../uniqueViolation';
import { uploadQuotaRefusal } from '../uploadQuota';
import {
  checkUploadParams,
  EXTENSION_OF,
  isUploadName,
  signUploadParams,
  sniffImageType,
  type UploadParams,
  uploadStoreFor,
} from '../uploads';

/** Room for the multipart framing and the params next to the largest allowed file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const UPLOAD_FILE_PATH = `${API_PATHS.uploadImage.path}/:name`;

const tooLarge = () =>
  new ApiProblem(413, {
    name: FIELD_VALIDATION_ERROR,
    errors: [{ code: VALIDATION_CODES.max, message: VALIDATION_CODES.max, path: 'file' }],
  });

/** Only web links become image addresses (a javascript: or data: URL in an <img> is trouble). */
const isWebUrl = (value: string): boolean => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
};

const UploadForm = v.object({
  params: v.pipe(v.string(VALIDATION_CODES.required), v.nonEmpty(VALIDATION_CODES.required)),
  signature: v.pipe(v.string(VALIDATION_CODES.required), v.nonEmpty(VALIDATION_CODES.required)),
  file: v.optional(v.instance(Blob, VALIDATION_CODES.type)),
});

export const imageRoutes = (deps: AppDeps) => {
  const { db, clock, config } = deps;
  const store = uploadStoreFor(config);
  const signedIn = authenticated(deps);

  /** Absolute address of a stored file, on the host the request came to (the site shows it in an <img>). */
  const fileUrl = (c: Context, name: string): string =>
    `${requestOrigin(c, config.trustProxy)}${API_PATHS.uploadImage.path}/${name}`;

  const readForm = async (c: Context) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch (error) {
      if (error instanceof ApiProblem) throw error;
      throw fieldError('', VALIDATION_CODES.type); // not a multipart form at all
    }
    return parseWith(UploadForm, form);
  };

  /** The uploaded image, checked by size and by content; its type and extension. */
  const checkedImage = async (file: Blob) => {
    if (file.size > PROFILE_IMAGE_MAX_BYTES) throw tooLarge();
    if (file.size === 0) throw fieldError('file', VALIDATION_CODES.required);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImageType(bytes);
    const declared = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
    const declaredOk =
      declared === '' ||
      declared === 'application/octet-stream' ||
      (PROFILE_IMAGE_TYPES as readonly string[]).includes(declared);
    if (!type || !declaredOk) throw fieldError('file', VALIDATION_CODES.type);
    return { bytes, type };
  };

  /**
   * Claims the upload's row first: its signature's hash is unique, so a signature uploads once (the database says
   * so, whatever the concurrency), and the quotas are measured with the row counted (uploadQuota.ts); the file is
   * written only after all hold. Orphans are swept on a timer (uploadSweep.ts), not here.
   */
  const claimUpload = async (row: typeof uploads.$inferInsert, user: UserRow, now: Date) => {
    try {
      await db.insert(uploads).values(row);
    } catch (error) {
      if (violatedUniqueConstraint(error) === null) throw error;
      throw fail('forbidden_error', { message: 'signature already used' });
    }
    const refusal = await uploadQuotaRefusal(db, {
      userId: user.id,
      confirmed: user.confirmedAt !== null,
      now,
      budgetBytes: config.uploadBudgetBytes,
    });
    if (refusal) {
      await db.delete(uploads).where(eq(uploads.assemblyId, row.assemblyId));
      throw refusal;
    }
  };

  const storeUpload = async (
    c: Context<AppEnv>,
    params: UploadParams,
    signature: string,
    file: Blob | undefined,
  ) => {
    const assemblyId = randomBytes(16).toString('hex');
    const now = clock.now();
    const user = c.var.user;
    const userId = params.fields.user_id;
    const base = {
      assemblyId,
      userId,
      template: params.template_id,
      signatureHash: sha256Hex(signature),
      createdAt: now,
    };
    if (!file) {
      // 'profile' imports from a link (spec 7); we keep the link instead of fetching it (no requests to
      // arbitrary hosts from the server).
      const url = params.fields.url;
      if (params.template_id !== 'profile' || !url) throw fieldError('file', VALIDATION_CODES.required);
      await claimUpload({ ...base, url, path: '', mime: '', size: 0 }, user, now);
      return { assemblyId, url };
    }
    const { bytes, type } = await checkedImage(file);
    const name = `${assemblyId}${EXTENSION_OF[type]}`;
    const url = fileUrl(c, name);
    await claimUpload({ ...base, url, path: name, mime: type, size: bytes.byteLength }, user, now);
    await store.put(name, bytes);
    return { assemblyId, url };
  };

  return (
    new Hono<AppEnv>()
      .post(API_PATHS.getUploadSignature.path, signedIn, async (c) => {
        const body = storableOnly(await readJson(c, UploadSignatureRequestWire));
        if (body.url !== undefined && !isWebUrl(body.url)) throw fieldError('url', VALIDATION_CODES.uri);
        const fields = { user_id: c.var.user.id, ...(body.url !== undefined && { url: body.url }) };
        const answer: UploadSignatureAnswerWire = signUploadParams(
          config,
          { template_id: body.template, fields },
          clock.now(),
        );
        return c.json(answer);
      })

      .post(
        API_PATHS.uploadImage.path,
        // The signature is bound to its user: the upload needs that user's session too.
        signedIn,
        // Per calling address too, before the body is read: many accounts from one address share it.
        rateLimit(deps.rateLimiter, 'uploads', config.trustProxy),
        bodyLimit({
          maxSize: PROFILE_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
          onError: () => {
            throw tooLarge();
          },
        }),
        async (c) => {
          const form = await readForm(c);
          const check = checkUploadParams(config, form, clock.now());
          if (!check.ok) {
            throw fail('forbidden_error', {
              message: check.reason === 'expired' ? 'signature expired' : 'invalid signature',
            });
          }
          if (check.params.fields.user_id !== c.var.user.id)
            throw fail('forbidden_error', { message: 'signature of another user' });
          return c.json(toUploadAnswerWire(await storeUpload(c, check.params, form.signature, form.file)));
        },
      )

      .get(UPLOAD_FILE_PATH, async (c) => {
        const name = c.req.param('name') ?? '';
        const [upload] = isUploadName(name)
          ? await db.select().from(uploads).where(eq(uploads.path, name)).limit(1)
          : [];
        const bytes = upload ? await store.get(name) : null;
        if (!upload || !bytes) return c.json({ code: 'unknown_server_error', message: 'not found' }, 404);
        return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': upload.mime,
          'Content-Security-Policy': "default-src 'none'",
          'Content-Disposition': 'inline',
        });
      })

      .post(API_PATHS.createImageRecord.path, signedIn, async (c) => {
        const user = c.var.user;
        const body = storableOnly(await readJson(c, ImageRecordRequestWire));
        const now = clock.now();
        let record: typeof images.$inferInsert;
        if (config.transloadit) {
          // Transloadit's assemblies are not ours to look up; keep the result it gave the site.
          if (!isWebUrl(body.url)) throw fieldError('url', VALIDATION_CODES.uri);
          record = {
            userId: user.id,
            type: body.type,
            assemblyId: body.assembly_id,
            url: body.url,
            createdAt: now,
          };
        } else {
          const [upload] = await db
            .select()
            .from(uploads)
            .where(and(eq(uploads.assemblyId, body.assembly_id), eq(uploads.userId, user.id)))
            .limit(1);
          if (!upload) throw fieldError('assembly_id', VALIDATION_CODES.type);
          record = {
            userId: user.id,
            type: body.type,
            assemblyId: upload.assemblyId,
            url: upload.url,
            path: upload.path || null,
            mime: upload.mime || null,
            size: upload.size,
            createdAt: now,
          };
        }
        const [created] = await db.insert(images).values(record).returning();
        if (!created) throw new Error('image insert returned nothing');
        const answer: ImageRecordAnswerWire = { id: created.id, url: created.url };
        return c.json(answer, 201);
      })

      /** Idempotent: an image that is not (or no longer) the user's answers ok too, and reveals nothing. */
      .delete(API_PATHS.deleteImage.path, signedIn, async (c) => {
        const { id } = parseWith(DeleteImageParamsWire, c.req.param());
        const imageId = rowIdOf(id);
        if (imageId === undefined) throw fieldError('id', VALIDATION_CODES.type);
        const [deleted] = await db
          .delete(images)
          .where(and(eq(images.id, imageId), eq(images.userId, c.var.user.id)))
          .returning();
        // The file goes with its last record (one upload may have been recorded twice).
        if (deleted?.path) {
          const [stillUsed] = await db
            .select({ id: images.id })
            .from(images)
            .where(eq(images.path, deleted.path))
            .limit(1);
          if (!stillUsed) {
            await db.delete(uploads).where(eq(uploads.path, deleted.path));
            await store.remove(deleted.path);
          }
        }
        return c.json(OK_ANSWER);
      })
  );
};
