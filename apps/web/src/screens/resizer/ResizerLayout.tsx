import type { ReactNode } from 'react';

/**
 * The resizer's two columns, single or bulk: the image and pickers on the left (kept in sight on
 * a wide screen), the results on the right; one column on a phone.
 */
export function ResizerLayout({
  controls,
  children,
}: {
  controls: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,420px)_minmax(0,1fr)] xl:grid-cols-[minmax(0,460px)_minmax(0,1fr)] xl:gap-8">
      <div className="flex flex-col gap-5 lg:sticky lg:top-6">{controls}</div>
      <div className="flex min-w-0 flex-col gap-6">{children}</div>
    </div>
  );
}
