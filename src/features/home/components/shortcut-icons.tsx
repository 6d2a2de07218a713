/** Line icons of the home shortcuts, drawn inline (no image requests on a weak connection). */
const paths = {
  cv: 'M6 3h9l4 4v14H6zM15 3v4h4M10 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM7.5 16a3 3 0 0 1 5 0M14 10h3M14 13h3',
  guarantee: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6zM9 12l2 2 4-4',
  general: 'M6 3h12v18H6zM9 8h6M9 12h6M9 16h4',
  resident: 'M3 11l9-7 9 7M5 10v10h14V10M10 20v-5h4v5',
  proposal: 'M9 4h6v3H9zM7 5H5v16h14V5h-2M8 12h8M8 16h5',
  birth: 'M12 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 21v-4a6 6 0 0 1 12 0v4M9 21v-3M15 21v-3',
  death: 'M6 3h12v18H6zM12 7v6M9.5 9.5h5M9 17h6',
  support: 'M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v5H5a1 1 0 0 1-1-1zM20 13h-3v5h2a1 1 0 0 0 1-1zM17 18c0 1.7-2 3-5 3',
} as const;

export type ShortcutIconName = keyof typeof paths;

export function ShortcutIcon({ name }: { name: ShortcutIconName }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        d={paths[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
