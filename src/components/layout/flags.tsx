/** The two flags of the language switcher, drawn inline (no image request, crisp at any size). */
export function LaoFlag() {
  return (
    <svg viewBox="0 0 30 20" width="24" height="16" aria-hidden="true" focusable="false">
      <rect width="30" height="20" fill="#ce1126" />
      <rect y="5" width="30" height="10" fill="#002868" />
      <circle cx="15" cy="10" r="4" fill="#fff" />
    </svg>
  );
}

export function EnglishFlag() {
  return (
    <svg viewBox="0 0 60 30" width="24" height="16" aria-hidden="true" focusable="false">
      <clipPath id="uk-clip">
        <path d="M0 0v30h60V0z" />
      </clipPath>
      <g clipPath="url(#uk-clip)">
        <path d="M0 0v30h60V0z" fill="#012169" />
        <path d="M0 0l60 30m0-30L0 30" stroke="#fff" strokeWidth="6" />
        <path d="M0 0l60 30m0-30L0 30" stroke="#C8102E" strokeWidth="4" />
        <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
        <path d="M30 0v30M0 15h60" stroke="#C8102E" strokeWidth="6" />
      </g>
    </svg>
  );
}
