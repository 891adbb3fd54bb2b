/**
 * The button of a ctaBand without `action`. Kept out of schema.ts so the browser bundle never pulls
 * in zod.
 */
export const defaultCtaAction = { label: 'Book a Demo', href: '/book-demo' } as const;
