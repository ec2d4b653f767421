import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

export const E2E = {
  appPort: 3310,
  peerHttpPort: 3311,
  peerSmtpPort: 2526,
  /** The local OAuth server playing Google and Facebook. */
  peerOauthPort: 3312,
};
/** The eSMS account of the end-to-end app; the peer (tests/peers/peers.ts) plays eSMS and checks them. */
export const E2E_ESMS = {
  apiKey: "e2e-esms-api-key",
  secretKey: "e2e-esms-secret-key",
  brandname: "NOVA",
};
/** The sales app's server-to-server secrets in the end-to-end app. */
export const E2E_PRODUCT = {
  apiKey: "e2e-ls-api-key-0123456789",
  webhookSecret: "e2e-ls-webhook-secret-0123",
};
/**
 * OpenID Connect clients of the end-to-end app (issue 14). Their redirect URIs are pages of the
 * peer server (which answers them 404: the spec only reads the URL the browser lands on).
 */
export const E2E_OIDC = {
  rpOrigin: `http://localhost:${E2E.peerHttpPort}/oidc-rp`,
  forum: { clientId: "e2e-forum", clientSecret: "e2e-forum-secret-0123456789" },
  helpdesk: { clientId: "e2e-helpdesk" },
};
const OAUTH = `http://localhost:${E2E.peerOauthPort}`;
/** Zalo Login v4 of the end-to-end app, played by the peers' HTTP side under /zalo. */
export const E2E_ZALO_LOGIN = {
  appId: "e2e-zalo-login",
  secret: "e2e-zalo-login-secret",
  base: `http://127.0.0.1:${E2E.peerHttpPort}/zalo`,
};
// A fresh data dir per run (the config is read by the runner and by each worker: reuse the first).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "portal-e2e-"));

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Issue 34: the tests of a file can spread over workers (a file's tests are independent; the few
  // files that share a fixed port or one started server say `mode: "default"` or "serial"). Two
  // workers took end-to-end from ~49 to ~14 min here; each race between them the clean-clone runs
  // met was fixed where it was (tests/support/lock.ts, own people, hydrated pages). E2E_WORKERS=1
  // runs them one at a time.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS || 2),
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${E2E.appPort}`,
    // Pages and calls follow Accept-Language when nothing else decides (lib/locales.ts pickLocale);
    // Chromium would send en-US. The portal's real visitors browse in Vietnamese, and so do the
    // specs unless one says otherwise (page-language.spec.ts asks for Thai).
    locale: "vi-VN",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's old headless shell (scripts/ensure-chromium.sh), which Playwright itself runs headless
      // tests in: no browser UI process, less CPU per page than the full `chromium` in headless mode.
      executablePath: "/usr/bin/chromium-headless-shell",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: "tsx tests/peers/peers.ts",
      url: `http://127.0.0.1:${E2E.peerHttpPort}/health`,
      env: {
        PEER_HTTP_PORT: String(E2E.peerHttpPort),
        PEER_SMTP_PORT: String(E2E.peerSmtpPort),
        PEER_ESMS_API_KEY: E2E_ESMS.apiKey,
        PEER_ESMS_SECRET_KEY: E2E_ESMS.secretKey,
        PEER_ESMS_BRANDNAME: E2E_ESMS.brandname,
        PEER_ZALO_LOGIN_APP_ID: E2E_ZALO_LOGIN.appId,
        PEER_ZALO_LOGIN_SECRET: E2E_ZALO_LOGIN.secret,
      },
      reuseExistingServer: process.env.E2E_REUSE === "1",
      timeout: 30_000,
    },
    {
      // The built app under `npm start` (custom server: /2.0 fast path + Next).
      command: process.env.E2E_NO_BUILD === "1" ? "npm start" : "npm run build && npm start",
      url: `http://localhost:${E2E.appPort}/signin`,
      env: {
        PORT: String(E2E.appPort),
        DATA_DIR: process.env.E2E_DATA_DIR,
        SMTP_URL: `smtp://127.0.0.1:${E2E.peerSmtpPort}`,
        // 127.0.0.1:3313: the sibling product on another site (tests/e2e/auth/embed-cross-site.spec.ts).
        CALLBACK_ALLOWED_HOSTS: `localhost:${E2E.peerHttpPort},127.0.0.1:3313`,
        APPS_CONFIG: JSON.stringify({
          ls: {
            name: "Sales app",
            home: `http://localhost:${E2E.peerHttpPort}/callback`,
            logout: `http://localhost:${E2E.peerHttpPort}/logout-ls`,
            // DESIGN §11: the product's key for /order/create and its event receiver.
            api_key: E2E_PRODUCT.apiKey,
            webhook: `http://127.0.0.1:${E2E.peerHttpPort}/webhook/ls`,
            webhook_secret: E2E_PRODUCT.webhookSecret,
          },
        }),
        // Many specs sign the shared demo account in (the accessibility specs alone about a dozen
        // times; a run of 201 tests went past 100 of its devices); the device-limit specs fill the
        // limit themselves.
        DEVICE_LIMIT: "160",
        // Every spec comes from 127.0.0.1: the per-address budgets (2FA codes, social sign-ins…) are
        // shared by the whole run. Per-account budgets stay as they are.
        RATE_LIMIT_IP_SCALE: "10",
        // SMS as eSMS brandname messages, to the peer playing eSMS (issue 23); codes are read
        // from what it received (tests/support/e2e.ts smsCode).
        SMS_PROVIDER: "esms",
        ESMS_BASE_URL: `http://127.0.0.1:${E2E.peerHttpPort}`,
        ESMS_API_KEY: E2E_ESMS.apiKey,
        ESMS_SECRET_KEY: E2E_ESMS.secretKey,
        ESMS_BRANDNAME: E2E_ESMS.brandname,
        ESMS_SANDBOX: "0",
        GOOGLE_CLIENT_ID: "e2e-google",
        GOOGLE_CLIENT_SECRET: "e2e-google-secret",
        GOOGLE_ISSUER: OAUTH,
        FACEBOOK_CLIENT_ID: "e2e-facebook",
        FACEBOOK_CLIENT_SECRET: "e2e-facebook-secret",
        FACEBOOK_AUTH_URL: `${OAUTH}/authorize`,
        FACEBOOK_TOKEN_URL: `${OAUTH}/token`,
        FACEBOOK_USERINFO_URL: `${OAUTH}/userinfo?fields=id,name,email,picture`,
        ZALO_LOGIN_APP_ID: E2E_ZALO_LOGIN.appId,
        ZALO_LOGIN_APP_SECRET: E2E_ZALO_LOGIN.secret,
        ZALO_LOGIN_AUTH_URL: `${E2E_ZALO_LOGIN.base}/v4/permission`,
        ZALO_LOGIN_TOKEN_URL: `${E2E_ZALO_LOGIN.base}/v4/access_token`,
        ZALO_LOGIN_PROFILE_URL: `${E2E_ZALO_LOGIN.base}/v2.0/me?fields=id,name,picture`,
        LEAD_CAPTURE_URL: `http://127.0.0.1:${E2E.peerHttpPort}/lead`,
        OIDC_CLIENTS: JSON.stringify([
          {
            client_id: E2E_OIDC.forum.clientId,
            client_secret: E2E_OIDC.forum.clientSecret,
            name: "Community forum",
            redirect_uris: [`${E2E_OIDC.rpOrigin}/cb`],
            post_logout_redirect_uris: [`${E2E_OIDC.rpOrigin}/bye`],
            first_party: true,
          },
          {
            client_id: E2E_OIDC.helpdesk.clientId,
            name: "Help desk",
            redirect_uris: [`${E2E_OIDC.rpOrigin}/spa`],
          },
        ]),
        ALTCHA_COST: "20",
        OUTBOX_UI: "1",
        // One access line per request (issue 35) would fill the run's output: warnings and errors only.
        LOG_LEVEL: "warn",
        OUTBOX_INTERVAL_SECONDS: "1",
        NEXT_TELEMETRY_DISABLED: "1",
      },
      reuseExistingServer: process.env.E2E_REUSE === "1",
      timeout: 240_000,
      stdout: "pipe",
    },
  ],
});
