/** `heic-decode` ships no types: the one call we make, as its README documents it. */
declare module 'heic-decode' {
  interface DecodedHeic {
    width: number;
    height: number;
    /** RGBA, 8 bits a channel. */
    data: Uint8ClampedArray;
  }
  export default function decode(options: { buffer: Uint8Array }): Promise<DecodedHeic>;
}
