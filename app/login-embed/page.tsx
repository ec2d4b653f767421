import type { Metadata } from "next";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Giới thiệu", robots: { index: false } };

const BENEFITS = [
  [
    "Một tài khoản cho mọi ứng dụng",
    "Đăng nhập một lần và dùng ngay trình tạo landing page, bán hàng, link, flow, chia sẻ và chat.",
  ],
  ["An toàn", "Xác thực hai lớp, quản lý thiết bị và mã xác minh qua email, SMS hoặc Zalo."],
  [
    "Ưu đãi khi giới thiệu",
    "Mời bạn bè bằng đường dẫn giới thiệu và nhận thưởng khi họ xác thực và thanh toán.",
  ],
] as const;

/**
 * SPEC §2 login-embed: the landing panel framed beside the sign-in pages (Vietnamese only).
 * `isvideo` shows the demo video when LOGIN_EMBED_VIDEO_URL is configured.
 */
export default async function LoginEmbedPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const query = await searchParams;
  const config = env();
  const apps = Object.values(config.APPS_CONFIG);
  const video = query.isvideo && config.LOGIN_EMBED_VIDEO_URL;
  return (
    <main lang="vi" className="flex min-h-dvh flex-col justify-center gap-6 bg-brand-600 p-8 text-white">
      <h1 className="text-2xl font-semibold">Nền tảng kinh doanh online trong một tài khoản</h1>
      {video ? (
        // biome-ignore lint/a11y/useMediaCaption: the demo video has no spoken words to caption.
        <video src={video} controls className="w-full rounded-xl" />
      ) : (
        <ul className="flex flex-col gap-4">
          {BENEFITS.map(([title, body]) => (
            <li key={title} className="rounded-xl bg-white/10 p-4">
              <p className="font-semibold">{title}</p>
              <p className="mt-1 text-sm text-white/90">{body}</p>
            </li>
          ))}
        </ul>
      )}
      {apps.length > 0 && <p className="text-sm text-white/90">{apps.map((app) => app.name).join(" · ")}</p>}
    </main>
  );
}
