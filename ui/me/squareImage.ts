/**
 * spec 4 Image upload: a picture is cropped to its centred square and shrunk before it is uploaded, so that a
 * phone photo of several megabytes goes as a few hundred kilobytes (docs/decisions/product.md: Avatar resized in the
 * browser). Runs as the avatarUpload machine's prepareImage slot; a file the browser cannot decode rejects.
 */

/** Side of the uploaded square: sharp on high-density screens at the sizes the site shows (80 CSS px). */
export const AVATAR_SIDE_PX = 512;
const JPEG_QUALITY = 0.9;

/** Formats that may carry transparency stay PNG; photos become JPEG. */
const outputType = (type: string): 'image/png' | 'image/jpeg' =>
  type === 'image/jpeg' ? 'image/jpeg' : 'image/png';

export async function squareImage(file: Blob, side = AVATAR_SIDE_PX): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const square = Math.min(bitmap.width, bitmap.height);
    if (square === 0) throw new Error('empty image');
    const target = Math.min(side, square);
    const canvas = document.createElement('canvas');
    canvas.width = target;
    canvas.height = target;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(
      bitmap,
      (bitmap.width - square) / 2,
      (bitmap.height - square) / 2,
      square,
      square,
      0,
      0,
      target,
      target,
    );
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('canvas encoding failed'))),
        outputType(file.type),
        JPEG_QUALITY,
      ),
    );
  } finally {
    bitmap.close();
  }
}
