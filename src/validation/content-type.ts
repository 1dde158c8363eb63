const JSON_TYPE = /^application\/(.+\+)?json\b/i;

/** Why an answer's Content-Type breaks the document (every answer is JSON), or undefined. */
export function contentTypeProblem(contentType: string): string | undefined {
  return JSON_TYPE.test(contentType) ? undefined : `Content-Type is "${contentType}", the document declares application/json`;
}
