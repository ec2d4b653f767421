import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import type { EmailBrand } from "./brand";

// Colours from the interface's theme (app/globals.css), each at least 4.5:1 on what it sits on:
// gray-900 and gray-600 on white, white on brand-600.
const INK = "#111827";
const MUTED = "#4b5563";
const BRAND = "#1d4ed8";
const LINE = "#e5e7eb";
const PAGE = "#f3f4f6";
// System faces first; the Noto faces cover Thai and Burmese where the system has no such face.
const FONTS =
  '-apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Thai", "Noto Sans Myanmar", "Myanmar Text", Helvetica, Arial, sans-serif';
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

const text: CSSProperties = { color: INK, fontSize: "16px", lineHeight: "1.7", margin: "0 0 16px" };

/** The frame every email shares: the brand, the heading, the body, the footer; `preheader` is the inbox's preview line. */
export function EmailLayout(props: {
  lang: string;
  brand: EmailBrand;
  preheader: string;
  heading: string;
  footer: string;
  children: ReactNode;
}) {
  const { brand } = props;
  return (
    // The five languages are all written left to right.
    <Html lang={props.lang} dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{props.preheader}</Preview>
      <Body style={{ backgroundColor: PAGE, fontFamily: FONTS, margin: 0, padding: "24px 0" }}>
        <Container style={{ maxWidth: "560px", width: "100%", margin: "0 auto", padding: "0 12px" }}>
          <Section style={{ padding: "8px 4px 16px" }}>
            <Row>
              {brand.logoSrc && (
                <Column style={{ width: "44px", verticalAlign: "middle" }}>
                  <Img
                    src={brand.logoSrc}
                    alt=""
                    width={32}
                    height={32}
                    style={{ display: "block", borderRadius: "8px" }}
                  />
                </Column>
              )}
              <Column style={{ verticalAlign: "middle" }}>
                <Text
                  style={{ ...text, margin: 0, fontSize: "20px", fontWeight: 700, letterSpacing: "-0.01em" }}
                >
                  {brand.name}
                </Text>
              </Column>
            </Row>
          </Section>
          <Section
            style={{
              backgroundColor: "#ffffff",
              border: `1px solid ${LINE}`,
              borderRadius: "12px",
              padding: "28px 24px 12px",
            }}
          >
            <Heading as="h1" style={{ color: INK, fontSize: "22px", lineHeight: "1.4", margin: "0 0 16px" }}>
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Text style={{ ...text, color: MUTED, fontSize: "13px", margin: "16px 4px 0" }}>
            {props.footer}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children, isMuted = false }: { children: ReactNode; isMuted?: boolean }) {
  return <Text style={isMuted ? { ...text, color: MUTED, fontSize: "14px" } : text}>{children}</Text>;
}

/** The code large, in monospace and spaced out, as selectable text (a click selects all of it). */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <Section
      style={{
        backgroundColor: "#eff6ff",
        border: "1px solid #bfdbfe",
        borderRadius: "10px",
        margin: "4px 0 20px",
        padding: "16px",
        textAlign: "center",
      }}
    >
      <Text style={{ ...text, color: MUTED, fontSize: "13px", margin: "0 0 4px" }}>{label}</Text>
      <Text
        style={{
          color: INK,
          fontFamily: MONO,
          fontSize: "34px",
          fontWeight: 700,
          letterSpacing: "0.3em",
          lineHeight: "1.3",
          margin: 0,
          // The trailing letter-space would push the digits off centre.
          paddingLeft: "0.3em",
          userSelect: "all",
          WebkitUserSelect: "all",
        }}
      >
        {code}
      </Text>
    </Section>
  );
}

/** A button for the link, and the link written out for clients that show no button (or text-only readers). */
export function LinkButton({ href, label, help }: { href: string; label: string; help: string }) {
  return (
    <Section style={{ margin: "4px 0 20px" }}>
      <Button
        href={href}
        style={{
          backgroundColor: BRAND,
          borderRadius: "8px",
          color: "#ffffff",
          display: "inline-block",
          fontSize: "16px",
          fontWeight: 600,
          lineHeight: "1.4",
          padding: "12px 22px",
          textDecoration: "none",
        }}
      >
        {label}
      </Button>
      <Text style={{ ...text, color: MUTED, fontSize: "13px", margin: "12px 0 0" }}>
        {help}{" "}
        <Link href={href} style={{ color: BRAND, textDecoration: "underline", wordBreak: "break-all" }}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}

/** Label–value lines (which browser, system, address, time). */
export function Details({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <Section
      style={{ border: `1px solid ${LINE}`, borderRadius: "10px", margin: "4px 0 20px", padding: "8px 16px" }}
    >
      {rows.map(([label, value]) => (
        <Row key={label}>
          <Column
            style={{
              color: MUTED,
              fontSize: "14px",
              padding: "6px 12px 6px 0",
              verticalAlign: "top",
              width: "38%",
            }}
          >
            {label}
          </Column>
          <Column
            style={{ color: INK, fontSize: "14px", fontWeight: 600, padding: "6px 0", verticalAlign: "top" }}
          >
            {value}
          </Column>
        </Row>
      ))}
    </Section>
  );
}
