// The HTML summary of a data export: every value from the database is inert, the page is in the
// person's language and needs nothing from outside.
import { describe, expect, it } from "vitest";
import { EXPORT_FORMAT, EXPORT_VERSION, type PersonalData } from "./schema";
import { escapeHtml, renderSummary } from "./summary";

function data(overrides: Partial<PersonalData["profile"]> = {}): PersonalData {
  const at = "2026-01-31T17:30:00.000Z";
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: at,
    profile: {
      id: "u1",
      email: "an@example.com",
      fullname: "An",
      lastname: null,
      phone: null,
      country_code: "vn",
      avatar: null,
      language: "vi",
      timezone: "Asia/Ho_Chi_Minh",
      code: "ANCODE",
      flow_affilate_code: null,
      scope: "user",
      status: "ACTIVE",
      is_partner: false,
      signup_app_code: null,
      utm_source: null,
      last_login_at: null,
      created_at: at,
      updated_at: at,
      ...overrides,
    },
    verification: { is_verified: true, is_verify_email: true, is_verify_phone: false, verify_type: "EMAIL" },
    two_factor: {
      type: null,
      enabled_at: null,
      is_required: false,
      backup_codes_total: 0,
      backup_codes_unused: 0,
      trusted_devices: [],
    },
    sessions: [],
    linked_identities: [],
    passkeys: [
      {
        name: "<img src=x onerror=alert(1)>",
        kind: "unknown",
        is_synced: true,
        created_at: at,
        last_used_at: null,
      },
    ],
    security_events: [
      { id: "e1", type: "signin", ip: "1.2.3.4", user_agent: null, data: {}, created_at: at },
    ],
    balances: { money: 150000, point: 12.5, credit: 0, credit_app: 0 },
    stores: [],
    orders: [],
    payments: [],
    credit_logs: [],
    point_logs: [],
    referrals: { referred_by: null, affilate_code: null, referred: [] },
    affiliate: null,
    commissions: [],
    invoices: [],
  };
}

describe("renderSummary", () => {
  it("escapes a name with a script and a passkey name with markup", () => {
    const html = renderSummary(data({ fullname: `<script>alert("x")</script> & Co` }), {
      lang: "en",
      timeZone: "Asia/Ho_Chi_Minh",
    });
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("is in the person's language, dates in their zone, and loads nothing from outside", () => {
    const vi = renderSummary({ ...data(), passkeys: [] }, { lang: "vi", timeZone: "Asia/Ho_Chi_Minh" });
    expect(vi).toContain('<html lang="vi">');
    expect(vi).toContain("<h1>Dữ liệu của bạn</h1>");
    // 17:30 UTC on the 31st is 00:30 on 1 February in Ho Chi Minh City.
    expect(vi).toMatch(/01\/02\/2026/);
    expect(vi).not.toMatch(/<(script|link|img|iframe)\b/i);
    expect(vi).not.toMatch(/(src|href)=/i);
    const th = renderSummary(data(), { lang: "th", timeZone: "Asia/Ho_Chi_Minh" });
    expect(th).toContain("ข้อมูลของคุณ");
  });

  it("names a known security event in words and an unknown one as it is", () => {
    const html = renderSummary(
      {
        ...data(),
        security_events: [
          {
            id: "e1",
            type: "signin",
            ip: null,
            user_agent: null,
            data: {},
            created_at: "2026-01-01T00:00:00Z",
          },
          {
            id: "e2",
            type: "brand_new_kind",
            ip: null,
            user_agent: null,
            data: {},
            created_at: "2026-01-01T00:00:00Z",
          },
        ],
      },
      { lang: "en", timeZone: "UTC" },
    );
    expect(html).toContain("brand_new_kind");
    expect(html).not.toContain(">signin<");
  });
});

describe("escapeHtml", () => {
  it("makes the five HTML characters inert and keeps the rest", () => {
    expect(escapeHtml(`<a href="x">'Tô' & </a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;Tô&#39; &amp; &lt;/a&gt;",
    );
    expect(escapeHtml(null)).toBe("");
    expect(escapeHtml(12.5)).toBe("12.5");
  });
});
