"use client";
import { ActivityCard } from "./activity-card";
import { DevicesCard } from "./devices-card";
import { PasskeysCard } from "./passkeys-card";
import { SetPasswordCard } from "./set-password-card";
import { SignInMethodsCard } from "./sign-in-methods-card";
import { TwoFactorCard } from "./two-factor-card";

type Props = {
  twoFaType: "TOTP" | "SMS" | null;
  isRequired: boolean;
  phone: string | null;
  isPhoneVerified: boolean;
  timeZone: string;
  /** App code → product name, for the Devices list. */
  appNames: Record<string, string>;
};

/** Profile security: a first password (accounts without one), two-factor on/off/change, passkeys, sign-in methods (link/unlink), devices with sign-out, recent security activity. */
export function SecuritySection({ timeZone, appNames, ...twoFactor }: Props) {
  return (
    <div className="flex flex-col gap-6">
      <SetPasswordCard />
      <TwoFactorCard {...twoFactor} />
      <PasskeysCard timeZone={timeZone} />
      <SignInMethodsCard timeZone={timeZone} />
      <DevicesCard timeZone={timeZone} appNames={appNames} />
      <ActivityCard timeZone={timeZone} />
    </div>
  );
}
