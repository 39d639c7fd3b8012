/**
 * The marks of the platforms campaigns come from (docs/product/user-site.md#what-the-screens-show: Facebook, WhatsApp, YouTube,
 * Telegram, Instagram, X/Twitter, TikTok, Spotify, Audiomack, Boomplay, Google Play, the App Store,
 * a website, an activity), drawn small and inline so a person knows the platform at a glance. All
 * of them are here and nowhere else. They are simplified drawings in each brand's colours, not the
 * brands' files; inline SVG rather than the icon sprite, which holds Blueprint's artwork only.
 *
 * `platform` is the canonical key of features/campaigns/platforms ('playstore', 'applestore', ...);
 * anything else gets the plain mark of an app.
 */
import { useId, type ReactNode } from 'react';
import './PlatformIcon.css';

type Draw = (id: string) => ReactNode;

const white = '#fff';

const MARKS: Readonly<Record<string, Draw>> = {
  facebook: () => (
    <>
      <circle cx="12" cy="12" r="12" fill="#1877f2" />
      <path
        d="M13.3 23.5v-7.9h2.8l.4-3.3h-3.2v-2.1c0-.9.3-1.6 1.6-1.6h1.7V5.7c-.3 0-1.3-.1-2.5-.1-2.5 0-4.2 1.5-4.2 4.3v2.4H7.1v3.3h2.8v7.9z"
        fill={white}
      />
    </>
  ),
  whatsapp: () => (
    <>
      <path d="M12 1.8a10 10 0 0 0-8.6 15.1L2 22l5.3-1.4A10 10 0 1 0 12 1.8z" fill="#25d366" />
      <path
        d="M8.9 7.1c-.3 0-.6.1-.9.4-.3.3-1 1-1 2.5s1 2.9 1.2 3.1c.1.2 2 3.2 5 4.4 2.5 1 3 .8 3.5.7.5 0 1.8-.7 2-1.4.2-.7.2-1.3.2-1.4-.1-.1-.3-.2-.6-.4l-2.1-1c-.3-.1-.5-.2-.7.1l-.9 1.2c-.2.2-.3.2-.6.1-.3-.2-1.2-.5-2.4-1.5-.9-.8-1.5-1.8-1.6-2.1-.2-.3 0-.4.1-.6l.5-.5.3-.5c.1-.2 0-.4 0-.5l-.9-2.3c-.3-.6-.5-.5-.7-.5z"
        fill={white}
      />
    </>
  ),
  youtube: () => (
    <>
      <rect x="1" y="4.8" width="22" height="14.4" rx="4.4" fill="#ff0000" />
      <path d="M9.8 8.6v6.8l5.9-3.4z" fill={white} />
    </>
  ),
  telegram: () => (
    <>
      <circle cx="12" cy="12" r="12" fill="#27a7e7" />
      <path
        d="M5.3 11.8 17 7.3c.5-.2 1 .1.8.9l-2 9.3c-.1.7-.5.8-1.1.5l-3-2.2-1.4 1.4c-.2.2-.3.3-.6.3l.2-3.1 5.7-5.1c.2-.2 0-.3-.4-.1l-7 4.4-3-.9c-.6-.2-.6-.6.1-.9z"
        fill={white}
      />
    </>
  ),
  instagram: (id) => (
    <>
      <defs>
        <radialGradient id={id} cx="0.28" cy="1.05" r="1.35">
          <stop offset="0" stopColor="#fdf497" />
          <stop offset="0.1" stopColor="#fdf497" />
          <stop offset="0.45" stopColor="#fd5949" />
          <stop offset="0.62" stopColor="#d6249f" />
          <stop offset="0.92" stopColor="#285aeb" />
        </radialGradient>
      </defs>
      <rect width="24" height="24" rx="6.5" fill={`url(#${id})`} />
      <rect x="5.3" y="5.3" width="13.4" height="13.4" rx="4" fill="none" stroke={white} strokeWidth="1.8" />
      <circle cx="12" cy="12" r="3.2" fill="none" stroke={white} strokeWidth="1.8" />
      <circle cx="15.9" cy="8.1" r="1.05" fill={white} />
    </>
  ),
  twitter: () => (
    <>
      <rect width="24" height="24" rx="6" fill="#000" className="kobo-platform-mark-ink" />
      <path d="M6 5.8h3.5l8.6 12.4h-3.5z" fill={white} />
      <path d="M17.4 5.8 6.7 18.2" stroke={white} strokeWidth="1.5" strokeLinecap="round" />
    </>
  ),
  tiktok: () => {
    const note = 'M13.4 5.2v9.2a2.9 2.9 0 1 1-2.9-2.9M13.4 5.2c.3 2 1.7 3.5 3.8 3.7';
    const stroke = {
      fill: 'none',
      strokeWidth: 2.1,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
    } as const;
    return (
      <>
        <rect width="24" height="24" rx="6" fill="#000" className="kobo-platform-mark-ink" />
        <path d={note} stroke="#25f4ee" transform="translate(-0.8 -0.6)" {...stroke} />
        <path d={note} stroke="#fe2c55" transform="translate(0.8 0.6)" {...stroke} />
        <path d={note} stroke={white} {...stroke} />
      </>
    );
  },
  spotify: () => (
    <>
      <circle cx="12" cy="12" r="12" fill="#1ed760" />
      <g fill="none" stroke="#121212" strokeLinecap="round">
        <path d="M6.4 9.1c3.7-1.1 8-.8 11.2.9" strokeWidth="2" />
        <path d="M7 12.3c3.1-.8 6.5-.5 9.2 1" strokeWidth="1.7" />
        <path d="M7.6 15.3c2.5-.6 5-.4 7.1.8" strokeWidth="1.4" />
      </g>
    </>
  ),
  audiomack: () => (
    <>
      <rect width="24" height="24" rx="6" fill="#ffa200" />
      <path
        d="M5.2 10.5v3M7.9 8.5v7M10.6 6v12M13.3 8.8v6.4M16 7.3v9.4M18.7 10v4"
        stroke={white}
        strokeWidth="1.7"
        strokeLinecap="round"
      />
    </>
  ),
  boomplay: () => (
    <>
      <rect width="24" height="24" rx="6" fill="#0c4ff0" />
      <path d="M8.2 5.5v11" stroke={white} strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="12.4" cy="14.2" r="4.1" fill="none" stroke={white} strokeWidth="2.2" />
      <path d="M11.4 12.4v3.6l3-1.8z" fill={white} />
    </>
  ),
  playstore: () => (
    <>
      <path d="M4 2.6 13.3 12 4 21.4c-.3-.3-.5-.7-.5-1.2V3.8c0-.5.2-.9.5-1.2z" fill="#4285f4" />
      <path d="M4 2.6c.4-.3 1-.4 1.6-.1l11 6.2-3.3 3.3z" fill="#34a853" />
      <path d="M16.6 8.7 20 10.6c1 .6 1 2.2 0 2.8l-3.4 1.9-3.3-3.3z" fill="#fbbc04" />
      <path d="M13.3 12l3.3 3.3-11 6.2c-.6.3-1.2.2-1.6-.1z" fill="#ea4335" />
    </>
  ),
  applestore: (id) => (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1ecbfa" />
          <stop offset="1" stopColor="#1f6ff2" />
        </linearGradient>
      </defs>
      <rect width="24" height="24" rx="6" fill={`url(#${id})`} />
      <g stroke={white} strokeWidth="1.8" strokeLinecap="round">
        <path d="M12.9 6.2 7.4 15.8M11.1 6.2l5.5 9.6M6 13.6h7.4M15.8 13.6h2.2M6.4 17.6l-.6 1" />
      </g>
    </>
  ),
  website: () => (
    <g fill="none" stroke="currentColor" strokeWidth="1.6" className="kobo-platform-mark-line">
      <circle cx="12" cy="12" r="9.2" />
      <ellipse cx="12" cy="12" rx="4" ry="9.2" />
      <path d="M3 12h18M4.3 7.4h15.4M4.3 16.6h15.4" />
    </g>
  ),
  activity: () => (
    <>
      <circle cx="12" cy="12" r="12" fill="#d9822b" />
      <path d="M13.3 4.6 7.4 13.2h4.1l-.9 6.2 6-8.6h-4.1z" fill={white} />
    </>
  ),
};

/** An app in general: the mark of a platform we do not know. */
const OTHER: Draw = () => (
  <g fill="none" stroke="currentColor" strokeWidth="1.6" className="kobo-platform-mark-line">
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <rect x="7.3" y="7.3" width="3.6" height="3.6" rx="1" />
    <rect x="13.1" y="7.3" width="3.6" height="3.6" rx="1" />
    <rect x="7.3" y="13.1" width="3.6" height="3.6" rx="1" />
    <rect x="13.1" y="13.1" width="3.6" height="3.6" rx="1" />
  </g>
);

/** Whether `platform` (a canonical key) has its own mark. */
export function hasPlatformMark(platform: string): boolean {
  return Object.hasOwn(MARKS, platform);
}

/**
 * The mark of a platform, `size` pixels square. Decorative unless `title` is given: the platform's
 * name is normally written beside it.
 */
export function PlatformIcon({
  platform,
  size = 20,
  title,
  className,
}: {
  /** The canonical key (features/campaigns/platforms `platformOf(raw).key`). */
  platform: string;
  size?: number;
  title?: string;
  className?: string;
}) {
  // Gradients are found by id: each drawing has its own, or a hidden one would blank the others.
  const id = `kobo-mark-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const known = hasPlatformMark(platform);
  const draw = known ? MARKS[platform]! : OTHER;
  return (
    <svg
      className={`kobo-platform-mark${className ? ` ${className}` : ''}`}
      data-mark={known ? platform : 'other'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      {draw(id)}
    </svg>
  );
}
