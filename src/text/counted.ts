/** The noun as a count of `count` wants it: "step" for 1, "steps" otherwise; an irregular plural given ("entry", "entries"). */
export const nounFor = (count: number, noun: string, plural = `${noun}s`): string => (count === 1 ? noun : plural);

/**
 * "1 check", "2 checks": a count with its noun, plural where English wants it. Every count a
 * report prints goes through it, the docs page's panels included.
 */
export const counted = (count: number, noun: string, plural = `${noun}s`): string => `${count} ${nounFor(count, noun, plural)}`;
