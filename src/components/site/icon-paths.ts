// The drawing of each icon (24 × 24, stroked with currentColor): one source for
// the inline icon (Icon.astro) and the CSS icon a long page repeats (IconMasks.astro).
export const ICON_PATHS = {
  ball: '<circle cx="12" cy="12" r="10" /><path d="M12 7l4.5 3.3-1.7 5.2H9.2L7.5 10.3z" /><path d="M12 7V2.5M16.5 10.3l4.3-1.4M14.8 15.5l2.7 3.7M9.2 15.5l-2.7 3.7M7.5 10.3L3.2 8.9" />',
  calendar: '<rect x="3" y="4.5" width="18" height="17" rx="2" /><path d="M3 9.5h18M8 2.5v4M16 2.5v4" />',
  'calendar-plus': '<rect x="3" y="4.5" width="18" height="17" rx="2" /><path d="M3 9.5h18M8 2.5v4M16 2.5v4M12 12.5v6M9 15.5h6" />',
  clock: '<circle cx="12" cy="12" r="10" /><path d="M12 6.5V12l3.5 2" />',
  pin: '<path d="M12 21.5s-7-6.1-7-11.5a7 7 0 0 1 14 0c0 5.4-7 11.5-7 11.5z" /><circle cx="12" cy="10" r="2.5" />',
  bag: '<path d="M5 7.5h14l-1 13.5H6z" /><path d="M9 10V6a3 3 0 0 1 6 0v4" />',
  user: '<circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0 1 16 0" />',
  users: '<circle cx="9" cy="8" r="3.5" /><path d="M2.5 20a6.5 6.5 0 0 1 13 0" /><path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.2a6.5 6.5 0 0 1 3.5 5.8" />',
  trophy: '<path d="M7 3.5h10v5a5 5 0 0 1-10 0z" /><path d="M7 5.5H4a3 3 0 0 0 3 4M17 5.5h3a3 3 0 0 1-3 4M12 13.5v4M8 21h8M9.5 17.5h5" />',
  medal: '<circle cx="12" cy="15" r="5.5" /><path d="M8.5 10.5L6 2.5M15.5 10.5L18 2.5M6 2.5h12" />',
  rss: '<path d="M4 11a9 9 0 0 1 9 9M4 4a16 16 0 0 1 16 16" /><circle cx="5" cy="19" r="1.5" />',
  phone: '<path d="M5 3.5h3.5l1.5 5-2.2 1.4a11 11 0 0 0 6.3 6.3l1.4-2.2 5 1.5V19a2 2 0 0 1-2 2A17 17 0 0 1 3 5.5a2 2 0 0 1 2-2z" />',
  mail: '<rect x="2.5" y="5" width="19" height="14" rx="2" /><path d="M3 6.5l9 6.5 9-6.5" />',
  image: '<rect x="3" y="4" width="18" height="16" rx="2" /><circle cx="8.5" cy="9.5" r="1.5" /><path d="M21 16l-5-5-9 9" />',
} as const;

export type IconName = keyof typeof ICON_PATHS;
