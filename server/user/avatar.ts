import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { AppError } from "@/lib/errors";
import { AVATAR_MAX_BYTES } from "./schema";

/** Formats accepted from the bytes (never from the name or the declared type). */
const IMAGE_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif"]);
const REFUSED_EXTENSIONS = /\.(bat|exe|cmd|com|scr|msi|js|vbs)$/i;
const SIZE = 256;

export const avatarDir = (dataDir: string): string => path.resolve(dataDir, "uploads", "avatars");

/**
 * DESIGN §6: at most 5 MiB, type sniffed from the bytes, re-encoded (so nothing but pixels is
 * kept), bat/exe refused by name too. Returns the public path of the stored WebP.
 */
export async function storeAvatar(file: Blob, options: { dataDir: string; userId: string }): Promise<string> {
  const name = file instanceof File ? file.name : "";
  if (REFUSED_EXTENSIONS.test(name)) {
    throw new AppError("AVATAR_REFUSED", { fields: { avatar: "errors.AVATAR_REFUSED" } });
  }
  if (file.size > AVATAR_MAX_BYTES) {
    throw new AppError("AVATAR_TOO_LARGE", { fields: { avatar: "errors.AVATAR_TOO_LARGE" } });
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  let output: Buffer;
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.format || !IMAGE_FORMATS.has(meta.format)) throw new Error(`not an image: ${meta.format}`);
    output = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(SIZE, SIZE, { fit: "cover" })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError("AVATAR_NOT_IMAGE", { fields: { avatar: "errors.AVATAR_NOT_IMAGE" } });
  }
  const dir = avatarDir(options.dataDir);
  await mkdir(dir, { recursive: true });
  const fileName = `${options.userId}-${randomBytes(6).toString("hex")}.webp`;
  await writeFile(path.join(dir, fileName), output);
  return `/uploads/avatars/${fileName}`;
}
