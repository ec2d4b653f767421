// The message a framed sign-in's pop-up (Zalo) sends its opener, the frame, with the provider's
// answer: same origin only, and only the code and state, which are useless without the binding
// the frame kept and the PKCE verifier the server kept.

export const POPUP_MESSAGE = "portal-social-answer";
export type PopupAnswer = {
  type: typeof POPUP_MESSAGE;
  code?: string;
  state: string;
  error?: string;
  error_description?: string;
};

/** Whether the state (base64url JSON) was made for a framed pop-up (`popup: "1"`). */
function isPopupState(state: string | undefined): boolean {
  try {
    const json = atob((state ?? "").replace(/-/g, "+").replace(/_/g, "/"));
    return (JSON.parse(json) as { popup?: unknown }).popup === "1";
  } catch {
    return false;
  }
}

/**
 * In the pop-up: waits (opened at `?popup=1` before the frame has the provider's URL), or hands
 * the provider's answer to the frame that opened it and closes. The state says it is a pop-up's:
 * the first page may never run its script (the frame sends the pop-up on at once). Returns
 * whether the page has nothing else to do; a pop-up whose frame is gone finishes by itself.
 */
export function handOffToOpener(answer: Record<string, string>): boolean {
  if (answer.popup === "1") return true;
  if (!isPopupState(answer.state)) return false;
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
