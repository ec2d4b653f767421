import type { ReactNode } from "react";
import type { Translate } from "@/lib/i18n";
import type { MessageTemplate } from "../message";
import { CodeBlock, Details, LinkButton, Paragraph } from "./layout";

/** What one kind of email puts in the shared layout; the subject and the text part stay the message's own. */
export type EmailContent = { heading: string; preheader: string; body: ReactNode };

type BodyInput = { t: Translate; params: Record<string, string | number> };

/** A value the message's text was made from: its absence is a bug in the caller, not something to hide. */
function param(params: BodyInput["params"], name: string): string {
  const value = params[name];
  if (value === undefined) throw new Error(`email body: the message has no "${name}" value`);
  return String(value);
}

function linkButton(t: Translate, href: string, label: string) {
  return <LinkButton href={href} label={label} help={t("notifyEmail.common.linkHelp")} />;
}

function deviceRows({ t, params }: BodyInput): [string, string][] {
  return (["browser", "os", "ip", "time"] as const).map((name) => [
    t(`notifyEmail.common.details.${name}`),
    param(params, name),
  ]);
}

/** One body per kind of message: a new kind does not typecheck until it has its email. */
export const EMAIL_BODIES: Record<MessageTemplate, (input: BodyInput) => EmailContent> = {
  otp: ({ t, params }) => {
    const intro = t("notifyEmail.otp.intro", { minutes: param(params, "minutes") });
    return {
      heading: t("notifyEmail.otp.heading"),
      preheader: intro,
      body: (
        <>
          <Paragraph>{t("notifyEmail.common.hello")}</Paragraph>
          <Paragraph>{intro}</Paragraph>
          <CodeBlock code={param(params, "code")} label={t("notifyEmail.common.codeLabel")} />
          <Paragraph isMuted>{t("notifyEmail.otp.note")}</Paragraph>
        </>
      ),
    };
  },
  reset_password: ({ t, params }) => {
    const intro = t("notifyEmail.reset.intro", { minutes: param(params, "minutes") });
    return {
      heading: t("notify.reset.subject"),
      preheader: intro,
      body: (
        <>
          <Paragraph>{t("notifyEmail.common.hello")}</Paragraph>
          <Paragraph>{intro}</Paragraph>
          {linkButton(t, param(params, "link"), t("notifyEmail.reset.button"))}
          <Paragraph isMuted>{t("notifyEmail.reset.note")}</Paragraph>
        </>
      ),
    };
  },
  verify_email: ({ t, params }) => {
    const intro = t("notifyEmail.verifyEmail.intro");
    return {
      heading: t("notify.verifyEmail.subject"),
      preheader: intro,
      body: (
        <>
          <Paragraph>{t("notifyEmail.common.helloName", { name: param(params, "name") })}</Paragraph>
          <Paragraph>{intro}</Paragraph>
          {linkButton(t, param(params, "link"), t("notifyEmail.verifyEmail.button"))}
          <Paragraph isMuted>{t("notifyEmail.verifyEmail.note")}</Paragraph>
        </>
      ),
    };
  },
  new_device: (input) => {
    const { t } = input;
    const intro = t("notifyEmail.newDevice.intro");
    return {
      heading: t("notify.newDevice.subject"),
      preheader: intro,
      body: (
        <>
          <Paragraph>{t("notifyEmail.common.hello")}</Paragraph>
          <Paragraph>{intro}</Paragraph>
          <Details rows={deviceRows(input)} />
          <Paragraph>{t("notifyEmail.newDevice.ifYou")}</Paragraph>
          <Paragraph>
            <strong>{t("notifyEmail.newDevice.ifNot")}</strong>
          </Paragraph>
        </>
      ),
    };
  },
  operator_second_factor: (input) => {
    const { t, params } = input;
    const intro = t("notifyEmail.operatorSecondFactor.intro");
    return {
      heading: t("notify.operatorSecondFactor.subject"),
      preheader: intro,
      body: (
        <>
          <Paragraph>{t("notifyEmail.common.hello")}</Paragraph>
          <Paragraph>{intro}</Paragraph>
          <Details
            rows={[[t("notifyEmail.common.details.method"), param(params, "method")], ...deviceRows(input)]}
          />
          <Paragraph>{t("notifyEmail.operatorSecondFactor.rights")}</Paragraph>
          <Paragraph>{t("notifyEmail.newDevice.ifYou")}</Paragraph>
          <Paragraph>
            <strong>{t("notifyEmail.operatorSecondFactor.ifNot")}</strong>
          </Paragraph>
        </>
      ),
    };
  },
  signup_attempt: ({ t, params }) => {
    // The text part chose its wording by the same test (server/auth/signup-decoy.ts): a phone is named.
    const phone = params.phone ? String(params.phone) : "";
    const intro = phone
      ? t("notifyEmail.signupAttempt.introPhone", { phone })
      : t("notifyEmail.signupAttempt.introEmail");
    return {
      heading: t("notify.signupAttempt.subject"),
      preheader: intro,
      body: (
        <>
          <Paragraph>{t("notifyEmail.common.hello")}</Paragraph>
          <Paragraph>{intro}</Paragraph>
          <Paragraph>{t("notifyEmail.signupAttempt.ifYou")}</Paragraph>
          {linkButton(t, param(params, "signin"), t("notifyEmail.signupAttempt.signin"))}
          {linkButton(t, param(params, "reset"), t("notifyEmail.signupAttempt.reset"))}
          <Paragraph isMuted>{t("notifyEmail.signupAttempt.note")}</Paragraph>
        </>
      ),
    };
  },
  data_export_ready: ({ t, params }) => {
    const intro = t("notifyEmail.dataExportReady.intro");
    return {
      heading: t("notify.dataExportReady.subject"),
      preheader: intro,
      body: (
        <>
          <Paragraph>{t("notifyEmail.common.hello")}</Paragraph>
          <Paragraph>{intro}</Paragraph>
          {linkButton(t, param(params, "link"), t("notifyEmail.dataExportReady.button"))}
          <Paragraph>
            {t("notifyEmail.dataExportReady.validity", { hours: param(params, "hours") })}
          </Paragraph>
          <Paragraph isMuted>{t("notifyEmail.dataExportReady.note")}</Paragraph>
        </>
      ),
    };
  },
};
