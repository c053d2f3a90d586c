/** The pin's drawing: a teardrop in the pin's colour with a white dot, its tip on the spot. */
export function PinMarker({ color }: { color: string }) {
  return (
    <svg width={32} height={40} viewBox="0 0 32 40" aria-hidden="true" focusable="false">
      <path
        d="M16 39C16 39 3 24.5 3 15a13 13 0 0 1 26 0c0 9.5-13 24-13 24Z"
        fill={color}
        stroke="#fff"
        strokeWidth={2}
      />
      <circle cx={16} cy={15} r={5} fill="#fff" />
    </svg>
  );
}
