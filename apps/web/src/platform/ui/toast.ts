/** How long a toast stays before it hides itself (a persistent toast waits for the person instead). */
export const TOAST_AUTO_HIDE_MS = 5000;
