// The button looks only the admin screens use, apart from buttons.ts (which re-exports them): buttons.ts is part of
// every reader page's first load (the reader's retry and search buttons), and a module there ships all its strings.

/** What cannot be undone (a delete, a revoked access), confirmed in a dialog. */
export const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';
export const iconButton =
  'inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50';
