/**
 * `+91 80 4718 2290` → `tel:+918047182290`: the phone links of the contact block and the footer.
 */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
