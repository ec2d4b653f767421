import "server-only";
import { AppError } from "@/lib/errors";
import type { ApiRequest } from "./api-request";

const MAX_BODY_BYTES = 64 * 1024;
/** SPEC §7: the profile update is multipart (`jsonData` + an avatar of at most 5 MiB). */
const MAX_MULTIPART_BYTES = 6 * 1024 * 1024;

/** A NUL or a lone UTF-16 surrogate (`"\udfff"` in JSON) is never text a person typed: neither is valid in PostgreSQL text or jsonb. */
const notText = (s: string) => s.includes("\u0000") || !s.isWellFormed();

/** PostgreSQL refuses a NUL or a lone surrogate: the caller answers a clear 400 rather than a failed query. */
export function hasNotText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return notText(value);
  if (depth > 20 || !value || typeof value !== "object") return false;
  if (value instanceof Blob) return false;
  return Object.entries(value).some(([k, v]) => notText(k) || hasNotText(v, depth + 1));
}

/** The object a JSON text holds; anything else (an array, a number, broken JSON) is BAD_JSON. */
function parseObject(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("BAD_JSON");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new AppError("BAD_JSON");
  return parsed as Record<string, unknown>;
}

async function readMultipart(request: ApiRequest): Promise<Record<string, unknown>> {
  const length = Number(request.header("content-length") ?? 0);
  if (length > MAX_MULTIPART_BYTES) throw new AppError("PAYLOAD_TOO_LARGE");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("BAD_JSON");
  }
  const out: Record<string, unknown> = {};
  const json = form.get("jsonData");
  if (typeof json === "string" && json.trim()) Object.assign(out, parseObject(json));
  for (const [key, value] of form.entries()) {
    if (key === "jsonData") continue;
    if (typeof value !== "string" && value.size > MAX_MULTIPART_BYTES)
      throw new AppError("PAYLOAD_TOO_LARGE");
    out[key] = value;
  }
  return out;
}

/**
 * A call's input as sent: the query of a GET, else the JSON body (or multipart where the call takes
 * files). `withQuery`: a vendor callback's POST, its query's fields (the report key) under its JSON
 * or form body.
 */
export async function readBody(
  request: ApiRequest,
  query: string,
  acceptsFiles: boolean,
  withQuery = false,
): Promise<Record<string, unknown>> {
  const fromQuery = Object.fromEntries(new URLSearchParams(query));
  if (request.method === "GET") return fromQuery;
  const type = request.header("content-type") ?? "";
  if (withQuery) {
    const raw = await request.text(MAX_BODY_BYTES + 1);
    if (raw.length > MAX_BODY_BYTES) throw new AppError("PAYLOAD_TOO_LARGE");
    if (!raw.trim()) return fromQuery;
    if (type.includes("application/x-www-form-urlencoded")) {
      return { ...fromQuery, ...Object.fromEntries(new URLSearchParams(raw)) };
    }
    if (!type.includes("application/json")) throw new AppError("BAD_JSON");
    return { ...fromQuery, ...parseObject(raw) };
  }
  if (type.includes("multipart/form-data")) {
    if (!acceptsFiles) throw new AppError("BAD_JSON");
    return readMultipart(request);
  }
  const raw = await request.text(MAX_BODY_BYTES + 1);
  if (raw.length > MAX_BODY_BYTES) throw new AppError("PAYLOAD_TOO_LARGE");
  if (!raw.trim()) return {};
  if (!type.includes("application/json")) throw new AppError("BAD_JSON");
  return parseObject(raw);
}
