/**
 * Sends the whole page to the gateway. Inside a product's frame that is the top window; a
 * cross-origin top refuses a navigation without a fresh user gesture, so a new top-level window
 * is the fallback, and when that is blocked too the caller shows a link.
 */
export function sendTopTo(url: string): "navigating" | "opened" | "blocked" {
  if (window.top === window.self) {
    window.location.assign(url);
    return "navigating";
  }
  try {
    if (window.top) {
      window.top.location.href = url;
      return "navigating";
    }
  } catch {
    // A SecurityError: try a window of its own below.
  }
  const opened = window.open(url, "_blank");
  if (!opened) return "blocked";
  opened.opener = null;
  return "opened";
}
