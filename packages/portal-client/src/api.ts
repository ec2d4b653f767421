// One POST to the portal's /2.0 API, typed by the generated reference: its body, its answer's
// `data`, and a PortalError for anything else.
import { PortalError } from "./errors.js";
import type { paths } from "./generated/openapi.js";

/** The /2.0 calls the generated reference holds (the product-facing ones). */
export type ApiPath = keyof paths;

type PostOf<P extends ApiPath> = paths[P] extends { post: infer O } ? O : never;

/** The JSON body of call `P`. */
export type ApiBody<P extends ApiPath> =
  PostOf<P> extends {
    requestBody: { content: { "application/json": infer B } };
  }
    ? B
    : never;

/** The `data` of call `P`'s success. */
export type ApiData<P extends ApiPath> =
  PostOf<P> extends {
    responses: { 200: { content: { "application/json": { data: infer D } } } };
  }
    ? D
    : never;

export type Transport = {
  portalUrl: string;
  fetch: typeof fetch;
  /** Accept-Language of the answers' messages; the portal answers Vietnamese without it. */
  lang?: string;
  timeoutMs: number;
};

export type CallAuth = { authorization?: string; idempotencyKey?: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function timeoutSignal(ms: number): AbortSignal | undefined {
  return typeof AbortSignal.timeout === "function" && ms > 0 ? AbortSignal.timeout(ms) : undefined;
}

/** POSTs `body` to `/2.0…path` and answers the envelope's `data`; throws PortalError otherwise. */
export async function callApi<P extends ApiPath>(
  transport: Transport,
  path: P,
  body: ApiBody<P>,
  auth: CallAuth = {},
): Promise<ApiData<P>> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (transport.lang) headers["accept-language"] = transport.lang;
  if (auth.authorization) headers.authorization = auth.authorization;
  if (auth.idempotencyKey) headers["idempotency-key"] = auth.idempotencyKey;
  let response: Response;
  try {
    response = await transport.fetch(new URL(path, new URL(transport.portalUrl).origin), {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      // The api key never follows a redirect anywhere: the portal's API does not redirect.
      redirect: "manual",
      signal: timeoutSignal(transport.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new PortalError(
      0,
      timedOut ? "TIMEOUT" : "NETWORK_ERROR",
      timedOut
        ? `the portal did not answer ${path} within ${transport.timeoutMs} ms`
        : `could not reach the portal for ${path}`,
      { cause: error },
    );
  }
  let envelope: unknown;
  try {
    envelope = await response.json();
  } catch (error) {
    throw new PortalError(
      response.status,
      "BAD_RESPONSE",
      `${path} answered ${response.status} without JSON`,
      {
        cause: error,
      },
    );
  }
  if (!isObject(envelope) || typeof envelope.code !== "number" || !("data" in envelope)) {
    throw new PortalError(
      response.status,
      "BAD_RESPONSE",
      `${path} answered ${response.status} without the envelope`,
    );
  }
  if (response.ok && envelope.code === 200) return envelope.data as ApiData<P>;
  const data = isObject(envelope.data) ? envelope.data : {};
  throw new PortalError(
    envelope.code || response.status,
    (typeof data.error === "string" ? data.error : "BAD_RESPONSE") as PortalError["code"],
    typeof envelope.message === "string" ? envelope.message : `${path} failed`,
    {
      requestId: typeof data.request_id === "string" ? data.request_id : undefined,
      fields: isObject(data.fields) ? (data.fields as Record<string, string>) : undefined,
      data,
    },
  );
}
