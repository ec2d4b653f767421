// Runs before each resilience file: the product's logger (lib/logger.ts keeps one on globalThis)
// is created here first, at level "error", writing into memory. The in-process parts read what a
// call logged (the cause of a 500) without a log line per fuzzed body on the console.
import pino from "pino";

type Captured = {
  level: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string; cause?: { message?: string } };
};
const store = globalThis as unknown as { __portalLog?: pino.Logger; __resilienceLog?: Captured[] };

store.__resilienceLog = [];
store.__portalLog ??= pino(
  { level: "error" },
  {
    write(line: string) {
      const lines = store.__resilienceLog ?? [];
      if (lines.length < 5_000) lines.push(JSON.parse(line) as Captured);
    },
  },
);

/** Error lines the product logged since the last call, oldest first (and forgets them). */
export function takeLoggedErrors(): Captured[] {
  const lines = store.__resilienceLog ?? [];
  store.__resilienceLog = [];
  return lines;
}
