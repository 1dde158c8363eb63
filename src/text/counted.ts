/**
 * "1 check", "2 checks": a count with its noun, plural where English wants it; an irregular plural
 * given ("entry", "entries"). Every count a report prints goes through it.
 */
export const counted = (count: number, noun: string, plural = `${noun}s`): string => `${count} ${count === 1 ? noun : plural}`;
