/** The closest of `names` to `given`, when it is close enough to be what was meant. */
export function closest(given: string, names: readonly string[]): string | undefined {
  const distance = (a: string, b: string) => {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      let diagonal = row[0];
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const above = row[j];
        row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
        diagonal = above;
      }
    }
    return row[b.length];
  };
  const ranked = names.map((name) => ({ name, d: name.startsWith(given) ? 0 : distance(given.toLowerCase(), name.toLowerCase()) })).sort((x, y) => x.d - y.d);
  return ranked[0] && ranked[0].d <= Math.max(2, Math.floor(ranked[0].name.length / 3)) ? ranked[0].name : undefined;
}
