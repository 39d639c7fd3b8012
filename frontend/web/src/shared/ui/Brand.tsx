import { Link } from 'react-router-dom';

/** The product's mark and name, linking home. */
export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link
      to={to}
      className="kobo-brand"
      aria-label="Kobo home"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 8,
        textDecoration: 'none',
        color: 'inherit',
      }}
    >
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="var(--kobo-brand)" />
        <text
          x="32"
          y="44"
          fontFamily="Arial, sans-serif"
          fontSize="34"
          fontWeight="700"
          textAnchor="middle"
          fill="#fff"
        >
          ₦
        </text>
      </svg>
      <span style={{ fontWeight: 800, fontSize: 20, letterSpacing: -0.3 }}>Kobo</span>
    </Link>
  );
}
