import "server-only";
import pino from "pino";

const globalForLog = globalThis as unknown as { __portalLog?: pino.Logger };

/** Structured log; tokens, codes, passwords and secrets never reach it. */
function createLogger(): pino.Logger {
  return pino({
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
    redact: {
      paths: [
        "password",
        "*.password",
        "*.old_password",
        "*.new_password",
        "token",
        "*.token",
        "code",
        "*.code",
        "*.custom_auth",
        "authorization",
        "*.authorization",
        "cookie",
        "*.cookie",
        "secret",
        "*.secret",
      ],
      censor: "[redacted]",
    },
  });
}

globalForLog.__portalLog ??= createLogger();
export const logger: pino.Logger = globalForLog.__portalLog;
export type Logger = pino.Logger;
