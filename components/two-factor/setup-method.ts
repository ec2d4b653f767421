import type { ReactNode } from "react";
import type { useToast } from "@/components/ui/toast";
import type { CodeEntryState } from "./use-code-entry";

/** The steps of the set-up flow: the method's own first step, the code, the backup codes. */
export type SetupStep = "first" | "code" | "backup";

/** What the flow lends a method's first step. */
export type StepContext = {
  open: boolean;
  /** Sign-in mode: the temporary token of the sign-in that requires two-factor. */
  customAuth?: string;
  /** The account's phone, prefilled (SMS). */
  phone?: string;
  /** A verified phone cannot be changed here (SPEC §5). */
  isPhoneVerified?: boolean;
  toast: ReturnType<typeof useToast>;
  entry: CodeEntryState;
  /** A refused send, said at the step that asked (under the phone, or under the resend line). */
  sendError?: string;
  setSendError: (message: string | undefined) => void;
  /** On to the code step. */
  toCode: () => void;
};

/** What a method brings to the one set-up flow. */
export type MethodStep = {
  /** The first step: the QR code and secret, or the phone. */
  view: ReactNode;
  /** The line above the code boxes. */
  codeIntro: string;
  /** Under the code boxes, before the password (the SMS resend line). */
  afterCode?: ReactNode;
  /** The dialog's line under its title on the first two steps. */
  description: (step: Exclude<SetupStep, "backup">) => string | undefined;
};
