/** "1 check", "2 checks": a count with its noun, plural where English wants it. */
export const counted = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? "" : "s"}`;
