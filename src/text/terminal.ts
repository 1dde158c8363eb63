// What the command line writes: help wrapped to 100 columns, colour only where it is wanted.

export const COLUMNS = 100;

/**
 * Whether to colour what goes to `stream`: FORCE_COLOR (other than 0) says yes, then NO_COLOR
 * (any value) says no, else only a terminal gets colour.
 */
export function colourWanted(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "") return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return stream.isTTY === true;
}

const CODES = { bold: [1, 22], red: [31, 39], green: [32, 39], dim: [2, 22] } as const;
export type Style = keyof typeof CODES;

/** `text` in a style when `on`, else as it is. */
export const styled = (on: boolean, style: Style, text: string): string => (on ? `\u001b[${CODES[style][0]}m${text}\u001b[${CODES[style][1]}m` : text);

/**
 * Wraps each line longer than `width` at spaces. A continuation starts under the line's text
 * column: where a run of two or more spaces ends after the first word (an option's description),
 * else under the line's own indentation.
 */
export function wrap(text: string, width = COLUMNS): string {
  return text
    .split("\n")
    .flatMap((line) => {
      if (line.length <= width) return [line];
      const indent = /^ */.exec(line)![0].length;
      const column = /^ *\S.*?\S? {2,}(?=\S)/.exec(line)?.[0].length ?? indent;
      const hanging = " ".repeat(column < width / 2 ? column : indent);
      const lines: string[] = [];
      let rest = line;
      while (rest.length > width) {
        const cut = rest.lastIndexOf(" ", width);
        if (cut <= hanging.length) break;
        lines.push(rest.slice(0, cut).trimEnd());
        rest = hanging + rest.slice(cut + 1).trimStart();
      }
      return [...lines, rest];
    })
    .join("\n");
}

/** Help text as printed: wrapped, with its section headings ("Usage:", "Options:") in bold. */
export const helpText = (text: string, colour: boolean): string =>
  wrap(text)
    .split("\n")
    .map((line) => (/^[A-Z][A-Za-z -]*:/.test(line) ? line.replace(/^[^:]+:/, (heading) => styled(colour, "bold", heading)) : line))
    .join("\n");
