/** A light checkerboard behind image previews, so transparent or white edges stay visible. */
export const checkerboard =
  'bg-slate-50 bg-[length:16px_16px] bg-[conic-gradient(#f1f5f9_25%,#fff_0_50%,#f1f5f9_0_75%,#fff_0)]';
