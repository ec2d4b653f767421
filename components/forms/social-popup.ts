// The message a framed sign-in's pop-up (Zalo) sends its opener, the frame, with the provider's
// answer: same origin only, and only the code and state, which are useless without the binding
// the frame kept and the PKCE verifier the server kept.

export const POPUP_MESSAGE = "portal-social-answer";
/** Set in the pop-up's own tab while it waits for the provider's answer. */
export const POPUP_FLAG = "portal-social-popup";

export type PopupAnswer = {
  type: typeof POPUP_MESSAGE;
  code?: string;
  state: string;
  error?: string;
  error_description?: string;
};

/**
 * In the pop-up: remembers it is one (before the provider), or hands the provider's answer to the
 * frame that opened it and closes. Returns whether the page is that pop-up (and has nothing else to do).
 */
export function handOffToOpener(answer: Record<string, string>): boolean {
  if (answer.popup === "1") {
    window.sessionStorage.setItem(POPUP_FLAG, "1");
    return true;
  }
  if (window.sessionStorage.getItem(POPUP_FLAG) !== "1") return false;
  window.sessionStorage.removeItem(POPUP_FLAG);
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return false;
  const message: PopupAnswer = {
    type: POPUP_MESSAGE,
    code: answer.code,
    state: answer.state ?? "",
    error: answer.error,
    error_description: answer.error_description,
  };
  opener.postMessage(message, window.location.origin);
  window.close();
  return true;
}
