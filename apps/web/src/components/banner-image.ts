/*
 * The job banner's recommended shape (spec: 1000×250, 4:1). The API takes any image; a banner of another shape is
 * shown cut to 4:1, so the portal says so after the upload and offers to crop it first, in the browser.
 */

export const BANNER = { width: 1000, height: 250 } as const;
const RATIO = BANNER.width / BANNER.height;

export interface Size {
  width: number;
  height: number;
}

/** Whether an image is 4:1, within 2%: the banner then shows all of it. */
export const isBannerRatio = (size: Size) => Math.abs(size.width / size.height - RATIO) <= RATIO * 0.02;

/** Whether an image of `size` shows as it is in a banner: 4:1 and at least 1000×250. */
export function fitsBanner(size: Size): boolean {
  return isBannerRatio(size) && size.width >= BANNER.width && size.height >= BANNER.height;
}

/** The largest centred 4:1 part of an image: what the banner shows of it anyway. */
export function centredCrop(size: Size): { x: number; y: number; width: number; height: number } {
  const width = Math.min(size.width, Math.round(size.height * RATIO));
  const height = Math.min(size.height, Math.round(width / RATIO));
  return { x: Math.floor((size.width - width) / 2), y: Math.floor((size.height - height) / 2), width, height };
}

/** The image's pixel size, or null when the browser cannot decode it (then nothing is said about its shape). */
export async function imageSize(file: Blob): Promise<Size | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size.width > 0 && size.height > 0 ? size : null;
  } catch {
    return null;
  }
}

/** The centred 4:1 crop of `file`, drawn on a canvas, as a file of the same type and name. Null if it cannot be drawn. */
export async function cropToBanner(file: File): Promise<File | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const area = centredCrop(bitmap);
    const canvas = document.createElement('canvas');
    canvas.width = area.width;
    canvas.height = area.height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, area.x, area.y, area.width, area.height, 0, 0, area.width, area.height);
    bitmap.close();
    const type = file.type === 'image/jpeg' || file.type === 'image/webp' ? file.type : 'image/png';
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92));
    return blob ? new File([blob], file.name, { type }) : null;
  } catch {
    return null;
  }
}
