/** The console's mark: a cloud over a rising stack on an iris tile (public/favicon.svg draws the same). */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-iris-7)" />
      <path d="M9 19.5a4.5 4.5 0 0 1 .9-8.9 6 6 0 0 1 11.5 1.6A3.7 3.7 0 0 1 22.8 19.5Z" fill="#fff" />
      <path d="M10 23.5h12" stroke="#c8b8ff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
