/**
 * A gate for warnings whose subject anyone on the internet picks (a page framing the portal, a
 * parent origin in a request): each key passes once per window, and at most `maxKeys` keys are
 * remembered at a time, so the log holds at most `maxKeys` such lines per window however many
 * origins a flood invents. Per process (each instance warns on its own).
 */
export function oncePerWindow(options: {
  windowMs: number;
  maxKeys: number;
  now?: () => number;
}): (key: string) => boolean {
  const { windowMs, maxKeys, now = Date.now } = options;
  // Insertion order is time order (a key is only ever added, never renewed in place).
  const seen = new Map<string, number>();
  return (key) => {
    const t = now();
    for (const [k, at] of seen) {
      if (t - at < windowMs) break;
      seen.delete(k);
    }
    if (seen.has(key) || seen.size >= maxKeys) return false;
    seen.set(key, t);
    return true;
  };
}
