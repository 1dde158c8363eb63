// What the tests use of crypto-js (it ships no types): what the Postman and Bruno collections call.
declare module "crypto-js" {
  type WordArray = { toString(encoder?: unknown): string };
  const CryptoJS: {
    enc: { Base64: { stringify(words: WordArray): string }; Utf8: { parse(text: string): WordArray }; Hex: unknown };
    HmacSHA512(message: string, key: string): WordArray;
  };
  export default CryptoJS;
}
