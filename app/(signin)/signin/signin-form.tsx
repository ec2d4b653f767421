"use client";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { SocialButtons, type SocialProvider, type SocialText } from "@/components/forms/social-buttons";
import { FormWithAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { PasswordField } from "@/components/ui/password-input";
import { takeFlash, useToast } from "@/components/ui/toast";
import { cancelDeletionHref } from "@/lib/deletion-pending";
import { api, FRAME_STORAGE_BLOCKED, finishHandoff, go, handoffFields } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { signInPasswordProblem } from "@/lib/password-rule";
import { rememberEmail, rememberedEmail } from "@/lib/remembered-email";
import { PasskeySignIn, type PasskeyText } from "./passkey-signin";

/**
 * Every word the form shows, rendered by the page on the server from the catalog (the same
 * templates the /2.0 boundary uses), so /signin ships no message runtime, schema or form library
 * (DESIGN §7). The server checks the same rules again (`signInSchema`).
 */
export type SignInText = {
  email: string;
  emailPlaceholder: string;
  password: string;
  passwordPlaceholder: string;
  show: string;
  hide: string;
  forgot: string;
  submit: string;
  noAccount: string;
  signUp: string;
  frameStorageBlocked: string;
  openInNewTab: string;
  networkError: string;
  emailRequired: string;
  emailInvalid: string;
  passwordRequired: string;
  passwordTooShort: string;
  passwordTooLong: string;
  social: SocialText;
  passkey: PasskeyText;
};

/**
 * signInSchema's bounds: an email as zod's `z.email()` accepts it; the password's length bounds
 * come from lib/password-rule.ts, the module the server page and schema read too.
 */
const EMAIL =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const PASSWORD_TEXT = {
  required: "passwordRequired",
  tooShort: "passwordTooShort",
  tooLong: "passwordTooLong",
} as const;

type Values = { email: string; password: string };
type Errors = Partial<Record<keyof Values, string>>;

/** The first rule each field breaks, in the words of the catalog. */
export function checkSignIn(values: Values, text: SignInText): Errors {
  const errors: Errors = {};
  const email = values.email.trim();
  if (!email) errors.email = text.emailRequired;
  else if (email.length > 254 || !EMAIL.test(email)) errors.email = text.emailInvalid;
  const problem = signInPasswordProblem(values.password);
  if (problem) errors.password = text[PASSWORD_TEXT[problem]];
  return errors;
}

export function SignInForm({
  registrationEnabled,
  providers,
  text,
  otherWays,
}: {
  registrationEnabled: boolean;
  providers: readonly SocialProvider[];
  text: SignInText;
  /** Other ways in, under the passkey button (the one-time code's link: code-signin-link.tsx). */
  otherWays?: ReactNode;
}) {
  const toast = useToast();
  const [values, setValues] = useState<Values>({ email: "", password: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string>();
  const [isSubmitting, setSubmitting] = useState(false);
  const [search, setSearch] = useState("");
  const [isStorageBlocked, setStorageBlocked] = useState(false);
  const id = useId();

  useEffect(() => {
    const left = takeFlash();
    if (left) toast.show(left.kind, left.message);
  }, [toast.show]);

  useEffect(() => {
    setSearch(window.location.search);
    setStorageBlocked(new URLSearchParams(window.location.search).has(FRAME_STORAGE_BLOCKED));
    const remembered = rememberedEmail();
    if (remembered) setValues((v) => (v.email ? v : { ...v, email: remembered }));
  }, []);

  const change = (name: keyof Values) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    // The refusal was about what was typed: once it changes, the old message no longer applies.
    setAlert(undefined);
    // A field shown wrong is checked again as the person types, as the other forms do.
    if (errors[name])
      setErrors((e) => ({ ...e, [name]: checkSignIn({ ...values, [name]: value }, text)[name] }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    const found = checkSignIn(values, text);
    setErrors(found);
    const first = (["email", "password"] as const).find((name) => found[name]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setAlert(undefined);
    setSubmitting(true);
    try {
      const email = values.email.trim().toLowerCase();
      const envelope = await api(
        "/auth/signin",
        { email, password: values.password, ...handoffFields() },
        { networkMessage: text.networkError, on401: "return" },
      );
      if (!isSuccess(envelope)) {
        const cancelHref = cancelDeletionHref(envelope);
        if (cancelHref) {
          go(cancelHref);
          return;
        }
        const fields = envelope.data?.fields ?? {};
        setErrors({ email: fields.email, password: fields.password });
        setAlert(envelope.message);
        return;
      }
      rememberEmail(email);
      await finishHandoff(envelope.data);
    } finally {
      setSubmitting(false);
    }
  }

  if (isStorageBlocked) return <FrameStorageNotice text={text} />;

  return (
    <>
      <FormWithAlert alert={alert} onSubmit={onSubmit}>
        <TextField
          id={`${id}-email`}
          label={text.email}
          error={errors.email}
          name="email"
          type="email"
          // "webauthn": the browser may offer the person's passkeys here (conditional mediation).
          autoComplete="username webauthn"
          inputMode="email"
          placeholder={text.emailPlaceholder}
          value={values.email}
          onChange={change("email")}
        />
        <PasswordField
          id={`${id}-password`}
          label={text.password}
          error={errors.password}
          name="password"
          autoComplete="current-password"
          placeholder={text.passwordPlaceholder}
          showLabel={text.show}
          hideLabel={text.hide}
          value={values.password}
          onChange={change("password")}
        />
        <div className="flex justify-end">
          {/* Plain links: next/link's router code would be a third of the page's script budget. */}
          <a href={`/forgottenpass${search}`} className="text-sm font-medium text-brand-600 hover:underline">
            {text.forgot}
          </a>
        </div>
        <Button type="submit" busy={isSubmitting}>
          {text.submit}
        </Button>
      </FormWithAlert>
      <PasskeySignIn text={text.passkey} />
      {otherWays}
      <SocialButtons providers={providers} text={text.social} />
      {registrationEnabled && (
        <p className="mt-6 text-center text-sm text-gray-600">
          {text.noAccount}{" "}
          <a href={`/signup${search}`} className="font-semibold text-brand-600 hover:underline">
            {text.signUp}
          </a>
        </p>
      )}
      {toast.view}
    </>
  );
}

/**
 * A framed sign-in that should continue on a portal page, in a browser that keeps no session
 * inside another site's frame: the product got its message; the portal itself opens in a tab.
 */
function FrameStorageNotice({ text }: { text: SignInText }) {
  return (
    <div className="flex flex-col gap-4">
      <p
        role="status"
        className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800"
      >
        {text.frameStorageBlocked}
      </p>
      <a
        href="/account/profile"
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
      >
        {text.openInNewTab}
      </a>
    </div>
  );
}
