// "@account-portal/client/browser": the portal's sign-in framed in your page (README "Embedding").
// The frame posts its result once, to your origin only: `{ luid: { token, is_auth, redirect_url,
// is_close_iframe } }` (token only when a callbackUrl was given), and layout 2's close button posts
// `{ is_close_iframe: true }`. Only messages from the portal's origin and from this very frame count.
import { type SignInUrlOptions, signInFrameUrl } from "./urls.js";

export {
  type PortalLocale,
  type SignInFrameUrlOptions,
  type SignInUrlOptions,
  type SignOutUrlOptions,
  signInFrameUrl,
  signInUrl,
  signOutUrl,
} from "./urls.js";

/** The key of the frame's result message: the portal's own app code. */
export const FRAME_MESSAGE_KEY = "luid";

/** What the frame posted when a sign-in finished. */
export type EmbedSignInResult = {
  /** Your product's token for the person (only when a callbackUrl was given). */
  token?: string;
  /** Where the person goes next: your callback with the token, or a portal page. */
  redirectUrl?: string;
  isAuth: boolean;
  /** The portal asks you to close the frame (and go to redirectUrl). */
  closeFrame: boolean;
};

export type EmbedSignInClose = {
  /** Set when the sign-in finished and the person should go there. */
  redirectUrl?: string;
  /** True after a sign-in; false for layout 2's close button. */
  signedIn: boolean;
};

export type EmbedSignInOptions = Omit<SignInUrlOptions, "prompt"> & {
  prompt?: SignInUrlOptions["prompt"];
  /** 1 (default) the plain form; 2 adds a close button; 3 is the compact form. */
  layout?: 1 | 2 | 3;
  /** The person signed in and the frame handed over your token. Check it on your server (verifyToken). */
  onToken?: (token: string, result: EmbedSignInResult) => void;
  /**
   * The frame asks to be closed. Without onClose the frame is removed and, after a sign-in, the
   * page goes to redirectUrl; with it, both are yours to do (call destroy()).
   */
  onClose?: (close: EmbedSignInClose) => void;
  /** The frame's accessible name; "Sign in" by default. */
  title?: string;
  /** The frame's CSS height; 640px by default. */
  height?: string;
};

export type EmbeddedSignIn = {
  iframe: HTMLIFrameElement;
  /** Stops listening and removes the frame (safe to call twice). */
  destroy(): void;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);

/** http(s) only: a redirect the page follows never runs script. */
function isWebAddress(value: string, base: string): boolean {
  try {
    const { protocol } = new URL(value, base);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * Frames the portal's sign-in (`/signin?iframe=1…`) in `element`, with the passkey permission
 * delegated (`allow="publickey-credentials-get *"`), and hands its result to onToken / onClose.
 * Your page's origin must be on the portal's allow-list (CALLBACK_ALLOWED_HOSTS or an APPS_CONFIG home).
 */
export function embedSignIn(element: HTMLElement, options: EmbedSignInOptions): EmbeddedSignIn {
  const doc = element.ownerDocument;
  const win = doc.defaultView;
  if (!win) throw new Error("embedSignIn needs an element of a document shown in a window");
  const portalOrigin = new URL(options.portalUrl).origin;

  const iframe = doc.createElement("iframe");
  iframe.src = signInFrameUrl({
    portalUrl: options.portalUrl,
    appCode: options.appCode,
    callbackUrl: options.callbackUrl,
    lang: options.lang,
    prompt: options.prompt,
    layout: options.layout,
    parentOrigin: win.location.origin,
  });
  iframe.setAttribute("allow", "publickey-credentials-get *");
  iframe.title = options.title ?? "Sign in";
  iframe.style.border = "0";
  iframe.style.width = "100%";
  iframe.style.height = options.height ?? "640px";

  let destroyed = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    win.removeEventListener("message", onMessage);
    iframe.remove();
  };

  const close = (info: EmbedSignInClose) => {
    if (options.onClose) {
      options.onClose(info);
      return;
    }
    destroy();
    if (info.redirectUrl && isWebAddress(info.redirectUrl, portalOrigin)) {
      win.location.assign(new URL(info.redirectUrl, portalOrigin).toString());
    }
  };

  function onMessage(event: MessageEvent) {
    // Another window (or another frame of the portal) could post anything: only this frame counts.
    if (destroyed || event.origin !== portalOrigin) return;
    if (!iframe.contentWindow || event.source !== iframe.contentWindow) return;
    const data: unknown = event.data;
    if (!isObject(data)) return;
    const message = data[FRAME_MESSAGE_KEY];
    if (isObject(message)) {
      const result: EmbedSignInResult = {
        token: text(message.token),
        redirectUrl: text(message.redirect_url),
        isAuth: message.is_auth === true,
        closeFrame: message.is_close_iframe === true,
      };
      if (result.token) options.onToken?.(result.token, result);
      if (result.closeFrame) close({ redirectUrl: result.redirectUrl, signedIn: result.isAuth });
      return;
    }
    if (data.is_close_iframe === true) close({ signedIn: false });
  }

  win.addEventListener("message", onMessage);
  element.appendChild(iframe);
  return { iframe, destroy };
}
