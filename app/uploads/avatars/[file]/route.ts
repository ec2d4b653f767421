import { readFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { avatarDir } from "@/server/user/avatar";

/** Serves a stored avatar (re-encoded WebP); names are ours, so anything else is a 404. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  if (!/^[\w-]+\.webp$/.test(file)) return new Response("Not found", { status: 404 });
  try {
    const bytes = await readFile(path.join(avatarDir(env().DATA_DIR), file));
    return new Response(new Uint8Array(bytes), {
      headers: {
        "content-type": "image/webp",
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
      },
    });
  } catch {
    return new Response("Not found", { status: 404 });
  }
}
