import type { Language } from '@app/contract';

/** Inline SVG flags (emoji flags do not render on every desktop). 3:2, decorative. */
function Brazil() {
  return (
    <svg viewBox="0 0 30 20" width="27" height="18" aria-hidden focusable="false">
      <rect width="30" height="20" fill="#009c3b" />
      <path d="M15 2.5 27.5 10 15 17.5 2.5 10z" fill="#ffdf00" />
      <circle cx="15" cy="10" r="4.4" fill="#002776" />
      <path d="M10.8 9.1a9 9 0 0 1 8.3 1.8" stroke="#fff" strokeWidth="0.8" fill="none" />
    </svg>
  );
}

function UnitedStates() {
  const stripes = Array.from({ length: 7 }, (_, i) => (
    <rect key={i} y={(i * 2 * 20) / 13} width="30" height={20 / 13} fill="#b22234" />
  ));
  return (
    <svg viewBox="0 0 30 20" width="27" height="18" aria-hidden focusable="false">
      <rect width="30" height="20" fill="#fff" />
      {stripes}
      <rect width="12" height={(7 * 20) / 13} fill="#3c3b6e" />
    </svg>
  );
}

function Spain() {
  return (
    <svg viewBox="0 0 30 20" width="27" height="18" aria-hidden focusable="false">
      <rect width="30" height="20" fill="#aa151b" />
      <rect y="5" width="30" height="10" fill="#f1bf00" />
    </svg>
  );
}

export const FLAGS: Record<Language, () => React.JSX.Element> = {
  'pt-BR': Brazil,
  'en-US': UnitedStates,
  'es-ES': Spain,
};
