// embedSignIn in a small DOM of our own: a window that dispatches messages, a document that makes
// frames, an element they go into. Enough to prove what the frame is and which messages count.
import { describe, expect, it, vi } from "vitest";
import { type EmbedSignInOptions, embedSignIn } from "../src/browser";

const PORTAL = "https://account.example.com";
const SHOP = "https://shop.example.com";

type Listener = (event: unknown) => void;

class FakeWindow {
  readonly location = {
    origin: SHOP,
    assigned: [] as string[],
    assign(url: string) {
      this.assigned.push(url);
    },
  };
  readonly listeners = new Set<Listener>();
  addEventListener(type: string, listener: Listener) {
    if (type === "message") this.listeners.add(listener);
  }
  removeEventListener(type: string, listener: Listener) {
    if (type === "message") this.listeners.delete(listener);
  }
  /** What the browser does for window.postMessage: a MessageEvent with the sender's origin and window. */
  post(data: unknown, from: { origin: string; source: unknown }) {
    for (const listener of [...this.listeners]) listener({ data, origin: from.origin, source: from.source });
  }
}

class FakeFrame {
  src = "";
  title = "";
  readonly style: Record<string, string> = {};
  readonly attributes = new Map<string, string>();
  /** The frame's own window once it is in a page (what event.source is for its messages). */
  contentWindow: object | null = null;
  parent: FakeElement | null = null;
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  remove() {
    this.parent?.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
    this.contentWindow = null;
  }
}

class FakeElement {
  readonly children: FakeFrame[] = [];
  readonly window = new FakeWindow();
  readonly ownerDocument = { defaultView: this.window, createElement: () => new FakeFrame() };
  appendChild(frame: FakeFrame) {
    frame.parent = this;
    frame.contentWindow = {};
    this.children.push(frame);
    return frame;
  }
}

function embed(options: Partial<EmbedSignInOptions> = {}) {
  const element = new FakeElement();
  const embedded = embedSignIn(element as unknown as HTMLElement, {
    portalUrl: PORTAL,
    appCode: "ls",
    callbackUrl: `${SHOP}/cb`,
    ...options,
  });
  const frame = embedded.iframe as unknown as FakeFrame;
  const fromFrame = (data: unknown) =>
    element.window.post(data, { origin: PORTAL, source: frame.contentWindow });
  return { element, embedded, frame, fromFrame };
}

describe("embedSignIn", () => {
  it("frames /signin?iframe=1 with the hand-off, its layout and language, and the passkey permission", () => {
    const { element, frame } = embed({ layout: 3, lang: "en", title: "Đăng nhập" });
    expect(element.children).toEqual([frame]);
    const src = new URL(frame.src);
    expect(`${src.origin}${src.pathname}`).toBe(`${PORTAL}/signin`);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      iframe: "1",
      layout: "3",
      callback_url: `${SHOP}/cb`,
      app_code: "ls",
      lang: "en",
      parent_origin: SHOP,
    });
    expect(frame.attributes.get("allow")).toBe("publickey-credentials-get *");
    expect(frame.title).toBe("Đăng nhập");
    expect(frame.style).toMatchObject({ border: "0", width: "100%", height: "640px" });
  });

  it("hands the posted token to onToken", () => {
    const onToken = vi.fn();
    const onClose = vi.fn();
    const { fromFrame } = embed({ onToken, onClose });
    fromFrame({
      luid: { token: "tok-1", is_auth: true, redirect_url: `${SHOP}/cb?token=tok-1`, is_close_iframe: false },
    });
    expect(onToken).toHaveBeenCalledWith("tok-1", {
      token: "tok-1",
      redirectUrl: `${SHOP}/cb?token=tok-1`,
      isAuth: true,
      closeFrame: false,
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it("listens only to this frame on the portal's origin", () => {
    const onToken = vi.fn();
    const onClose = vi.fn();
    const { element, frame } = embed({ onToken, onClose });
    const message = { luid: { token: "stolen", is_auth: true, is_close_iframe: true } };
    // Another site, even posting as if from the frame.
    element.window.post(message, { origin: "https://evil.example", source: frame.contentWindow });
    // The portal's origin in another window (a second frame, a popup).
    element.window.post(message, { origin: PORTAL, source: {} });
    element.window.post(message, { origin: PORTAL, source: null });
    // Not the portal's shapes.
    for (const data of ["luid", null, [message], { luid: "tok" }, { is_close_iframe: "yes" }]) {
      element.window.post(data, { origin: PORTAL, source: frame.contentWindow });
    }
    expect(onToken).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("asks onClose for layout 2's close button and for a sign-in that closes the frame", () => {
    const onToken = vi.fn();
    const onClose = vi.fn();
    const { frame, fromFrame } = embed({ layout: 2, onToken, onClose });
    fromFrame({ is_close_iframe: true });
    expect(onClose).toHaveBeenLastCalledWith({ signedIn: false });
    fromFrame({
      luid: { token: "tok-2", is_auth: true, redirect_url: `${SHOP}/cb?token=tok-2`, is_close_iframe: true },
    });
    expect(onToken).toHaveBeenCalledWith("tok-2", expect.objectContaining({ closeFrame: true }));
    expect(onClose).toHaveBeenLastCalledWith({ redirectUrl: `${SHOP}/cb?token=tok-2`, signedIn: true });
    // onClose decides: the frame is still there.
    expect(frame.parent).not.toBeNull();
  });

  it("without onClose, removes the frame and goes to redirect_url (web addresses only)", () => {
    const { element, frame, fromFrame } = embed();
    fromFrame({ luid: { is_auth: true, redirect_url: "/account/profile", is_close_iframe: true } });
    expect(element.children).toHaveLength(0);
    expect(element.window.listeners.size).toBe(0);
    expect(element.window.location.assigned).toEqual([`${PORTAL}/account/profile`]);
    expect(frame.parent).toBeNull();

    const other = embed();
    other.fromFrame({ luid: { is_auth: true, redirect_url: "javascript:alert(1)", is_close_iframe: true } });
    expect(other.element.children).toHaveLength(0);
    expect(other.element.window.location.assigned).toEqual([]);
  });

  it("destroy() stops listening and removes the frame, once", () => {
    const onToken = vi.fn();
    const { element, embedded, fromFrame } = embed({ onToken });
    const frameWindow = embedded.iframe.contentWindow;
    embedded.destroy();
    embedded.destroy();
    expect(element.children).toHaveLength(0);
    expect(element.window.listeners.size).toBe(0);
    element.window.post({ luid: { token: "late", is_auth: true } }, { origin: PORTAL, source: frameWindow });
    fromFrame({ luid: { token: "late", is_auth: true } });
    expect(onToken).not.toHaveBeenCalled();
  });
});
